import { CERTIFICATE_STATUS } from "@puerta/contract";
import { escapeHtml, mailLayout, mailLink, type OutgoingMail } from "../../lib/mailer/index.ts";

/** The student's e-mail when the office changes a request (docs/spec/back-office.md section 6). */
export function certificateChangeMail(input: {
  to: string;
  firstName: string;
  title: string;
  status: string;
  motif: string | null;
  /** A revocation by the direction: said as such, with its reason (never as a second refusal). */
  revocation?: { numero: string; reason: string } | undefined;
  link: string;
}): OutgoingMail {
  const ready = input.status === CERTIFICATE_STATUS.ready;
  const revoked = input.revocation;
  const subject = revoked
    ? "Votre attestation a été révoquée"
    : ready
      ? "Votre attestation est disponible"
      : "Votre demande d'attestation a été refusée";
  const lines = [
    `Bonjour ${input.firstName},`,
    revoked
      ? `Votre attestation « ${input.title} » (n° ${revoked.numero}) a été révoquée par la direction : elle n'est plus valable.`
      : ready
        ? `Votre demande « ${input.title} » est disponible. Vous pouvez télécharger l'attestation depuis votre espace étudiant, rubrique « Docs Administratifs » :`
        : `Votre demande « ${input.title} » a été refusée.`,
  ];
  if (revoked) lines.push(`Motif : ${revoked.reason}`);
  else if (!ready && input.motif) lines.push(`Motif : ${input.motif}`);
  if (!ready) lines.push("Vos demandes sont dans votre espace étudiant :");
  const text = [...lines, input.link, "L'équipe Puerta"].join("\n\n");
  const p = (content: string) => `<p style="margin:0 0 16px;line-height:1.5">${content}</p>`;
  const html = mailLayout(
    subject,
    [...lines.map((line) => p(escapeHtml(line))), p(mailLink(escapeHtml(input.link))), p("L'équipe Puerta")].join("\n"),
  );
  return { to: input.to, subject, text, html };
}
