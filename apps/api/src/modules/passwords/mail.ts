import { PASSWORD_LIMITS } from "@puerta/contract";
import { escapeHtml, mailButton, mailLayout, mailParagraph, type OutgoingMail } from "../../lib/mailer/index.ts";

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
  const p = mailParagraph;
  const html = mailLayout(
    title,
    [
      p(escapeHtml(greeting)),
      p(`Vous avez demandé à réinitialiser le mot de passe de ${escapeHtml(space)}.`),
      p(
        `Pour choisir un nouveau mot de passe, cliquez sur le bouton ci-dessous (lien valable ${minutes} minutes, une seule fois).`,
      ),
      ...mailButton(link, "Choisir un nouveau mot de passe"),
      p("Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé."),
      p("L'équipe Puerta"),
    ].join("\n"),
  );
  return { to, subject: `${title} — Puerta`, text, html };
}
