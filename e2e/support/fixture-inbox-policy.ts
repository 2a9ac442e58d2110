/** The contact message created only for gestion-inbox-policy.spec.ts (its staff are in fixture-staff.ts). */
export const INBOX_PARENT_MESSAGE = {
  nom: "Fatima Zahra Alami",
  email: "e2e.parent.inbox@example.com",
  sujet: "Inscription de ma fille en Selectividad",
  message: "Bonjour,\nma fille souhaite s'inscrire pour la rentrée. Quelles pièces faut-il fournir ?",
};
