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
