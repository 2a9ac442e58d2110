/**
 * Staff accounts and a contact message created only for gestion-inbox-policy.spec.ts: its own
 * accounts (the demo direction is enrolled by another journey, with a secret this spec cannot
 * know), each enrolled at its first sign-in in the spec.
 */
export const INBOX_POLICY_PASSWORD = "Fixture-Gestion-2026";

export const INBOX_POLICY_STAFF = {
  direction: { name: "Direction E2E", email: "e2e.politique.direction@example.com", role: "direction" as const },
  secretariat: {
    name: "Secrétariat E2E",
    email: "e2e.messages.secretariat@example.com",
    role: "secretariat" as const,
    // Ain Sebaa, the seed's first centre.
    centreIds: [1],
  },
};

export const INBOX_PARENT_MESSAGE = {
  nom: "Fatima Zahra Alami",
  email: "e2e.parent.inbox@example.com",
  sujet: "Inscription de ma fille en Selectividad",
  message: "Bonjour,\nma fille souhaite s'inscrire pour la rentrée. Quelles pièces faut-il fournir ?",
};
