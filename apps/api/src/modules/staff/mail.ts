import { STAFF_LIMITS, STAFF_ROLE_LABELS, type StaffRole } from "@puerta/contract";
import { escapeHtml, mailLayout, type OutgoingMail } from "../../lib/mailer/index.ts";

/** The invitation to the back-office, in French, as text and HTML. */
export function staffInvitationMail(to: string, name: string, role: StaffRole, link: string): OutgoingMail {
  const days = STAFF_LIMITS.invitationDays;
  const title = "Votre accès à l'espace de gestion Puerta";
  const lines = [
    `Bonjour ${name},`,
    `Un compte « ${STAFF_ROLE_LABELS[role]} » vous a été ouvert dans l'espace de gestion de Puerta.`,
    `Pour l'activer, choisissez votre mot de passe en ouvrant ce lien (valable ${days} jours, une seule fois) :`,
  ];
  const after = [
    "À votre première connexion, vous configurerez la double authentification : gardez à portée de main une application d'authentification (Google Authenticator, Microsoft Authenticator, FreeOTP…).",
    "L'équipe Puerta",
  ];
  const text = [...lines, "", link, "", ...after].join("\n\n").replace(/\n\n\n\n/g, "\n\n");
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
  return { to, subject: `${title}`, text, html };
}
