/** French texts and limits of the staff back-office's foundation (docs/spec/back-office.md sections 1, 2, 7, 8). */
export const STAFF_MESSAGES = {
  pendingExpired: "Votre connexion a expiré. Recommencez.",
  codeWrong: "Code incorrect.",
  secondFactorUnreadable:
    "Votre double authentification ne peut pas être vérifiée sur ce serveur : sa clé a changé (après une restauration, par exemple). Demandez à la direction de la réinitialiser ; pour un compte de la direction, à l'administrateur du serveur.",
  secondFactorLocked:
    "Trop de codes incorrects : l'étape du code est bloquée pour ce compte. Réessayez plus tard, ou demandez à la direction de réinitialiser votre double authentification.",
  codeRequired: "Le code est requis.",
  activationInvalid: "Ce lien d'activation n'est plus valide.",
  activationTokenMissing: "Lien d'activation incomplet.",
  forbidden: "Vous n'avez pas les droits nécessaires pour cette action.",
  outsideScope: "Cette action sort du périmètre de vos centres.",
  nameRequired: "Le nom est requis.",
  nameTooLong: "Le nom ne doit pas dépasser 120 caractères.",
  roleRequired: "Choisissez un rôle.",
  centresRequired: "Choisissez au moins un centre pour le secrétariat.",
  centreUnknown: "Ce centre n'existe pas.",
  emailTaken: "Cette adresse e-mail est déjà utilisée par un compte du personnel.",
  cannotDeactivateSelf: "Vous ne pouvez pas désactiver votre propre compte.",
  cannotDropOwnDirection: "Vous ne pouvez pas retirer votre propre rôle de direction.",
  alreadyActive: "Ce compte est déjà activé : l'invitation ne peut plus être renvoyée.",
  notFound: "Ressource introuvable.",
  invalidFilter: "Ce filtre n'est pas valide.",
} as const;

export const STAFF_LIMITS = {
  /** Time between the password step and the second factor. */
  pendingLoginSeconds: 5 * 60,
  sessionIdleSeconds: 30 * 60,
  sessionAbsoluteSeconds: 12 * 60 * 60,
  invitationDays: 7,
  recoveryCodeCount: 10,
  nameMaxLength: 120,
  perPageDefault: 50,
  perPageMax: 200,
  dashboardJournalEntries: 10,
} as const;

export const STAFF_ACCOUNT_STATUSES = ["actif", "invitation_envoyee", "desactive"] as const;
export type StaffAccountStatus = (typeof STAFF_ACCOUNT_STATUSES)[number];

export const STAFF_ACCOUNT_STATUS_LABELS: Record<StaffAccountStatus, string> = {
  actif: "Actif",
  invitation_envoyee: "Invitation envoyée",
  desactive: "Désactivé",
};

/** Issuer shown by authenticator apps next to the account. */
export const TOTP_ISSUER = "Puerta";

/** A recovery code as shown once after enrolment: two groups of five lower-case letters or digits. */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
export const TOTP_CODE_PATTERN = /^\d{6}$/;
