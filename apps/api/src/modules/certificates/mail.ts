import { CERTIFICATE_STATUS } from "@puerta/contract";
import { escapeHtml, mailLayout, type OutgoingMail } from "../../lib/mailer/index.ts";

/** The student's e-mail when the office changes a request (docs/spec/back-office.md section 6). */
export function certificateChangeMail(input: {
  to: string;
  firstName: string;
  title: string;
  status: string;
  motif: string | null;
  link: string;
}): OutgoingMail {
  const ready = input.status === CERTIFICATE_STATUS.ready;
  const subject = ready ? "Votre attestation est disponible" : "Votre demande d'attestation a été refusée";
  const lines = [
    `Bonjour ${input.firstName},`,
    ready
      ? `Votre demande « ${input.title} » est disponible. Vous pouvez télécharger l'attestation depuis votre espace étudiant, rubrique « Docs Administratifs » :`
      : `Votre demande « ${input.title} » a été refusée.`,
  ];
  if (!ready && input.motif) lines.push(`Motif : ${input.motif}`);
  if (!ready) lines.push("Vos demandes sont dans votre espace étudiant :");
  const text = [...lines, input.link, "L'équipe Puerta"].join("\n\n");
  const p = (content: string) => `<p style="margin:0 0 16px;line-height:1.5">${content}</p>`;
  const html = mailLayout(
    subject,
    [
      ...lines.map((line) => p(escapeHtml(line))),
      p(`<a href="${escapeHtml(input.link)}" style="color:#1d4ed8">${escapeHtml(input.link)}</a>`),
      p("L'équipe Puerta"),
    ].join("\n"),
  );
  return { to: input.to, subject, text, html };
}
