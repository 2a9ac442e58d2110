/**
 * Limits, states and labels of the contact inbox and the policy versions (docs/spec/back-office.md
 * section 6). No zod here: the back-office screens import them without loading the schemas.
 */

export const INBOX_LIMITS = { replyMaxLength: 10_000, excerptLength: 160 } as const;

export const POLICY_LIMITS = { titreMaxLength: 200, contenuMaxLength: 100_000 } as const;

export const CONTACT_MESSAGE_STATUSES = ["nouveau", "traite"] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];

export const CONTACT_MESSAGE_STATUS_LABELS: Record<ContactMessageStatus, string> = {
  nouveau: "Nouveau",
  traite: "Traité",
};

export const CONTACT_READ_FILTERS = ["non_lu", "lu"] as const;

export const CONTACT_READ_LABELS: Record<(typeof CONTACT_READ_FILTERS)[number], string> = {
  non_lu: "Non lus",
  lu: "Lus",
};

export const POLICY_VERSION_STATUSES = ["brouillon", "publiee"] as const;
export type PolicyVersionStatus = (typeof POLICY_VERSION_STATUSES)[number];

export const POLICY_VERSION_STATUS_LABELS: Record<PolicyVersionStatus, string> = {
  brouillon: "Brouillon",
  publiee: "Publiée",
};

export const POLICY_ACCEPTANCE_FILTERS = ["acceptee", "non_acceptee"] as const;

export const POLICY_ACCEPTANCE_LABELS: Record<(typeof POLICY_ACCEPTANCE_FILTERS)[number], string> = {
  acceptee: "Acceptée",
  non_acceptee: "Non acceptée",
};
