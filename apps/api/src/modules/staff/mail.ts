import { STAFF_LIMITS, STAFF_ROLE_LABELS, type StaffRole } from "@puerta/contract";
import { linkMail, type OutgoingMail } from "../../lib/mailer/index.ts";

/** The invitation to the back-office, in French, as text and HTML. */
export function staffInvitationMail(
  to: string,
  name: string,
  role: StaffRole,
  link: string,
  /** The centres of a secretary's account; none means every centre. */
  centreNames: readonly string[] = [],
): OutgoingMail {
  const days = STAFF_LIMITS.invitationDays;
  const title = "Votre accès à l'espace de gestion Puerta";
  return linkMail({
    to,
    subject: title,
    title,
    before: [
      `Bonjour ${name},`,
      `Un compte « ${STAFF_ROLE_LABELS[role]} » vous a été ouvert dans l'espace de gestion de Puerta, pour ${
        centreNames.length === 0
          ? "tous les centres"
          : centreNames.length === 1
            ? `le centre ${centreNames[0]}`
            : `les centres ${centreNames.slice(0, -1).join(", ")} et ${centreNames.at(-1)}`
      }.`,
      `Pour l'activer, choisissez votre mot de passe en ouvrant ce lien (valable ${days} jours, une seule fois) :`,
    ],
    link,
    button: "Activer mon compte",
    after: [
      "À votre première connexion, vous configurerez la double authentification : gardez à portée de main une application d'authentification (Google Authenticator, Microsoft Authenticator, FreeOTP…).",
      "L'équipe Puerta",
    ],
  });
}

/** To the member, once a second factor is enrolled on their account (issue 31: someone else may have). */
export function secondFactorEnrolledMail(to: string, name: string, link: string): OutgoingMail {
  const title = "Double authentification activée sur votre compte Puerta";
  return linkMail({
    to,
    subject: title,
    title,
    before: [
      `Bonjour ${name},`,
      "La double authentification vient d'être activée sur votre compte de l'espace de gestion Puerta, et de nouveaux codes de secours ont été créés.",
    ],
    link,
    button: "Ouvrir l'espace de gestion",
    after: [
      "Si ce n'est pas vous, prévenez la direction sans attendre : elle réinitialisera votre double authentification.",
      "L'équipe Puerta",
    ],
  });
}

/** To the member, once the direction has reset their second factor. */
export function secondFactorResetMail(to: string, name: string, link: string): OutgoingMail {
  const title = "Votre double authentification a été réinitialisée";
  return linkMail({
    to,
    subject: title,
    title,
    before: [
      `Bonjour ${name},`,
      "La direction a réinitialisé la double authentification de votre compte de l'espace de gestion Puerta : vos sessions sont fermées et vos anciens codes de secours ne valent plus rien.",
      "À votre prochaine connexion, vous configurerez à nouveau votre application d'authentification.",
    ],
    link,
    button: "Se connecter",
    after: ["Si vous n'attendiez pas ce changement, prévenez la direction.", "L'équipe Puerta"],
  });
}

/** To the member, after a burst of wrong second-factor codes: someone may hold their password. */
export function secondFactorAlertMail(to: string, name: string, link: string): OutgoingMail {
  const title = "Codes de double authentification erronés sur votre compte";
  return linkMail({
    to,
    subject: title,
    title,
    before: [
      `Bonjour ${name},`,
      "Plusieurs codes de double authentification erronés viennent d'être saisis après votre mot de passe, sur votre compte de l'espace de gestion Puerta. L'étape du code est bloquée pour un temps.",
      "Si ce n'est pas vous, quelqu'un connaît sans doute votre mot de passe : changez-le dès que possible et prévenez la direction.",
    ],
    link,
    button: "Ouvrir l'espace de gestion",
    after: ["L'équipe Puerta"],
  });
}
