import { STUDENT_STAFF_LIMITS } from "@puerta/contract";
import { escapeHtml, mailLayout, type OutgoingMail } from "../../lib/mailer/index.ts";

/** The invitation to the student area (docs/spec/back-office.md section 4), in French, as text and HTML. */
export function studentInvitationMail(to: string, prenom: string, link: string): OutgoingMail {
  const days = STUDENT_STAFF_LIMITS.invitationDays;
  const title = "Votre espace étudiant Puerta";
  const lines = [
    `Bonjour ${prenom},`,
    "Votre compte dans l'espace étudiant de Puerta a été créé : vous y trouverez votre planning, vos documents et les notifications de l'académie.",
    `Pour l'activer, choisissez votre mot de passe en ouvrant ce lien (valable ${days} jours, une seule fois) :`,
  ];
  const after = ["L'équipe Puerta"];
  const text = [...lines, link, ...after].join("\n\n");
  const p = (content: string) => `<p style="margin:0 0 16px;line-height:1.5">${content}</p>`;
  const html = mailLayout(
    title,
    [
      ...lines.map((line) => p(escapeHtml(line))),
      `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">Activer mon compte</a></p>`,
      p(
        `Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :<br><a href="${escapeHtml(link)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(link)}</a>`,
      ),
      ...after.map((line) => p(escapeHtml(line))),
    ].join("\n"),
  );
  return { to, subject: title, text, html };
}
