/**
 * Erasing a student's data (law 09-08, art. 9; docs/spec/school-year-and-data.md section 4,
 * decision 113): the French words of *Effacer les données*, its dialog and its answers.
 */

export const ERASURE_LIMITS = {
  motifMaxLength: 500,
} as const;

/** What replaces a personal field the erasure keeps the place of (the journal's, a kept request's). */
export const ERASED = "[effacé]";

export const ERASURE_MESSAGES = {
  motifRequired: "Indiquez le motif de l'effacement.",
  motifTooLong: `Le motif ne doit pas dépasser ${ERASURE_LIMITS.motifMaxLength} caractères.`,
  unknownStudent: "Étudiant introuvable.",
  /** The answer of `POST …/effacement`, shown as the toast. */
  done: (id: number) => `Données de l'étudiant n° ${id} effacées.`,
  /** The one journal entry of an erasure: the id and the reason, never the name. */
  journal: (id: number, motif: string) => `Données de l'étudiant n° ${id} effacées : ${motif}`,
  buttonLabel: "Effacer les données",
  dialogTitle: "Effacer les données de l'étudiant ?",
  dialogIntro:
    "Le compte et tout ce qui identifie l'étudiant seront supprimés : identité, e-mail, téléphone, CIN, photo, sessions, invitations, lectures de notifications, messages de contact envoyés depuis son adresse, e-mails en attente ou conservés en fichiers. Les entrées du journal gardent l'événement, leurs champs personnels deviennent « [effacé] ». Cette action est définitive.",
  pendingRequests: (n: number) =>
    n === 1
      ? "1 demande d'attestation en cours sera supprimée sans être traitée."
      : `${n} demandes d'attestation en cours seront supprimées sans être traitées.`,
  queuedMail: (n: number, held: number) =>
    `${n === 1 ? "1 e-mail le concernant, en attente d'envoi, ne partira pas" : `${n} e-mails le concernant, en attente d'envoi, ne partiront pas`}${held > 0 ? ` (dont ${held} retenu${held > 1 ? "s" : ""} depuis une restauration)` : ""}.`,
  keptTitle: "Ce qui est conservé, et pourquoi",
  motifLabel: "Motif de l'effacement",
  confirmLabel: (name: string) => `Pour confirmer, saisissez le nom de l'étudiant : ${name}`,
  confirmButton: "Effacer définitivement",
} as const;
