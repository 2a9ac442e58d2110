import { PASSWORD_LIMITS } from "@puerta/contract";
import { escapeHtml, mailLayout, type OutgoingMail } from "../../lib/mailer/index.ts";

/** The reset e-mail, in French, as text and HTML; `space` names the area (the staff's is "votre espace de gestion Puerta"). */
export function resetPasswordMail(
  to: string,
  firstName: string | null,
  link: string,
  space = "votre espace étudiant Puerta",
): OutgoingMail {
  const greeting = firstName ? `Bonjour ${firstName},` : "Bonjour,";
  const minutes = PASSWORD_LIMITS.resetTokenMinutes;
  const title = "Réinitialisation de votre mot de passe";
  const text = [
    greeting,
    "",
    `Vous avez demandé à réinitialiser le mot de passe de ${space}.`,
    `Pour choisir un nouveau mot de passe, ouvrez ce lien (valable ${minutes} minutes, une seule fois) :`,
    "",
    link,
    "",
    "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
    "",
    "L'équipe Puerta",
  ].join("\n");
  const p = (content: string) => `<p style="margin:0 0 16px;line-height:1.5">${content}</p>`;
  const html = mailLayout(
    title,
    [
      p(escapeHtml(greeting)),
      p(`Vous avez demandé à réinitialiser le mot de passe de ${escapeHtml(space)}.`),
      p(
        `Pour choisir un nouveau mot de passe, cliquez sur le bouton ci-dessous (lien valable ${minutes} minutes, une seule fois).`,
      ),
      `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">Choisir un nouveau mot de passe</a></p>`,
      p(
        `Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :<br><a href="${escapeHtml(link)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(link)}</a>`,
      ),
      p("Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé."),
      p("L'équipe Puerta"),
    ].join("\n"),
  );
  return { to, subject: `${title} — Puerta`, text, html };
}
