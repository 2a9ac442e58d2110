import { STUDENT_STAFF_LIMITS } from "@puerta/contract";
import { linkMail, type OutgoingMail } from "../../lib/mailer/index.ts";

/** The invitation to the student area (docs/spec/back-office.md section 4), in French, as text and HTML. */
export function studentInvitationMail(to: string, prenom: string, link: string): OutgoingMail {
  const days = STUDENT_STAFF_LIMITS.invitationDays;
  const title = "Votre espace étudiant Puerta";
  return linkMail({
    to,
    subject: title,
    title,
    before: [
      `Bonjour ${prenom},`,
      "Votre compte dans l'espace étudiant de Puerta a été créé : vous y trouverez votre planning, vos documents et les notifications de l'académie.",
      `Pour l'activer, choisissez votre mot de passe en ouvrant ce lien (valable ${days} jours, une seule fois) :`,
    ],
    link,
    button: "Activer mon compte",
    after: ["L'équipe Puerta"],
  });
}
