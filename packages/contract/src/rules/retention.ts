/**
 * Retention periods and the purge of law 09-08 (docs/spec/school-year-and-data.md section 4,
 * decision 114): the categories, their French labels and defaults, and the screen's words.
 */

/** The purge's categories, in the order `/gestion/donnees-personnelles` and the privacy page list them. */
export const RETENTION_KEYS = [
  "anciens_eleves",
  "invitations",
  "messages",
  "traces",
  "emails_envoyes",
  "journal",
] as const;
export type RetentionKey = (typeof RETENTION_KEYS)[number];

/** The field of `GET/PATCH /api/gestion/conservation` that holds a category's period. */
export type RetentionField = `${RetentionKey}_mois`;
export const retentionField = (key: RetentionKey): RetentionField => `${key}_mois`;

export const RETENTION_LABELS: Record<RetentionKey, string> = {
  anciens_eleves: "Anciens élèves",
  invitations: "Invitations jamais acceptées",
  messages: "Messages de contact",
  traces: "Traces de connexion",
  emails_envoyes: "Corps des e-mails envoyés",
  journal: "Journal",
};

/** What the period counts from, and what the purge does, as the screen and the privacy page say it. */
export const RETENTION_DESCRIPTIONS: Record<RetentionKey, string> = {
  anciens_eleves: "Comptes et données des anciens élèves, après leur départ : effacés.",
  invitations: "Comptes d'étudiants invités qui n'ont jamais choisi de mot de passe, après l'invitation : effacés.",
  messages:
    "Messages du formulaire de contact, après la dernière réponse (ou leur réception s'ils n'ont pas eu de réponse) : supprimés avec leurs réponses.",
  traces:
    "Date de dernière connexion et compteurs de tentatives (adresses IP gardées pour limiter les essais) : effacés.",
  emails_envoyes: "Corps et destinataires des e-mails déjà envoyés (et leurs copies .eml) : supprimés.",
  journal: "Entrées du journal d'audit : leurs champs personnels deviennent « [effacé] », l'événement reste.",
};

/** The spec's defaults, in months (section 4). */
export const RETENTION_DEFAULTS: Record<RetentionField, number> = {
  anciens_eleves_mois: 36,
  invitations_mois: 12,
  messages_mois: 24,
  traces_mois: 12,
  emails_envoyes_mois: 1,
  journal_mois: 60,
};

export const RETENTION_LIMITS = {
  /** 100 years: more is a typing mistake. */
  monthsMax: 1_200,
  cndpMax: 100,
} as const;

export const PURGE_TRIGGERS = ["nuit", "manuel"] as const;
export type PurgeTrigger = (typeof PURGE_TRIGGERS)[number];
export const PURGE_TRIGGER_LABELS: Record<PurgeTrigger, string> = { nuit: "Nuit", manuel: "Manuelle" };

export const PURGE_STATUSES = ["en_cours", "terminee", "echouee"] as const;
export type PurgeStatus = (typeof PURGE_STATUSES)[number];
export const PURGE_STATUS_LABELS: Record<PurgeStatus, string> = {
  en_cours: "En cours",
  terminee: "Terminée",
  echouee: "Interrompue",
};

export const DATA_REQUEST_TYPES = ["acces", "effacement", "purge"] as const;
export type DataRequestType = (typeof DATA_REQUEST_TYPES)[number];
export const DATA_REQUEST_TYPE_LABELS: Record<DataRequestType, string> = {
  acces: "Accès (export)",
  effacement: "Effacement",
  purge: "Purge",
};

/**
 * Where the privacy page's prerendered markup leaves room for what the direction configures: the
 * server writes the current values there each time it serves `/politique-de-confidentialite`
 * (apps/api/src/modules/web/privacy-page.ts, decision 114). Text no page could hold otherwise.
 */
export const PRIVACY_PAGE_SLOTS = {
  /** « Déclaration / autorisation CNDP n° … », or nothing while no number is set. */
  cndp: "@@puerta:numero-cndp@@",
  /** The list of the six periods as configured. */
  retention: "@@puerta:durees-de-conservation@@",
  /** The list of what an erasure keeps on purpose, and why (the personal-data parts' `kept`). */
  kept: "@@puerta:conserve-apres-effacement@@",
} as const;

/** "36 mois", "1 mois", "0 mois (à la prochaine purge)". */
export const monthsLabel = (months: number) => (months === 0 ? "0 mois (à la prochaine purge)" : `${months} mois`);

export const PERSONAL_DATA_MESSAGES = {
  monthsInvalid: "Indiquez un nombre entier de mois, 0 ou plus.",
  monthsTooLarge: `Indiquez au plus ${RETENTION_LIMITS.monthsMax} mois.`,
  cndpTooLong: `Le numéro CNDP tient en ${RETENTION_LIMITS.cndpMax} caractères au plus.`,
  cndpInvalid: "Le numéro CNDP est un texte.",
  saved: "Durées de conservation enregistrées.",
  zeroConfirmTitle: "Effacer à la prochaine purge ?",
  zeroConfirm: (labels: string[]) =>
    `Une durée de 0 mois signifie « à la prochaine purge » : ${labels.join(", ")} seront effacés dès la prochaine purge (cette nuit, ou « Purger maintenant »).`,
  purgeConfirmTitle: "Purger maintenant ?",
  purgeConfirm: "Les données ci-dessous seront effacées définitivement. Cette action ne peut pas être annulée.",
  purgeDone: (total: number) => `Purge terminée : ${total} élément(s) traité(s).`,
  purgeNothing: "Rien à purger pour l'instant.",
  purgeRunning: "Purge en cours…",
  purgeBusy: "Une purge est déjà en cours ; réessayez dans un instant.",
} as const;
