import type { AuditEntry } from "@puerta/contract";

/** The audit log's actions, as the API records them, in French. Unknown ones are shown as they are. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  connexion: "Connexion",
  deconnexion: "Déconnexion",
  echec_2fa: "Code de vérification refusé",
  activation: "Activation du compte",
  mot_de_passe: "Changement de mot de passe",
  creation: "Création",
  modification: "Modification",
  desactivation: "Désactivation",
  reactivation: "Réactivation",
  reinitialisation_2fa: "Réinitialisation de la double authentification",
  invitation: "Invitation renvoyée",
  mise_a_disposition: "Attestation mise à disposition",
  refus: "Demande refusée",
  revocation: "Attestation révoquée",
  cloture: "Clôture de l'année",
  sortie: "Sortie (ancien élève)",
  reinscription: "Réinscription",
  republication: "Republication dans l'année en cours",
  reemission: "Attestation réémise",
  export_donnees: "Export des données personnelles",
  effacement: "Effacement des données personnelles",
  purge: "Purge des données personnelles",
};

/** What an entry is about. */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  comptes: "Comptes du personnel",
  referentiel: "Référentiel",
  etudiants: "Étudiants",
  plannings: "Plannings",
  supports: "Supports de cours",
  orientation: "Orientation",
  parascolaire: "Parascolaire",
  "jours-feries": "Jours fériés",
  notifications: "Notifications",
  demandes: "Demandes",
  messages: "Messages",
  politique: "Politique",
  journal: "Journal",
  corbeille: "Corbeille",
  session: "Session",
  annees: "Années scolaires",
  "donnees-personnelles": "Données personnelles",
};

export const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;
export const entityLabel = (entity: string) => AUDIT_ENTITY_LABELS[entity] ?? entity;

export const optionsOf = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** Who did it: the name kept with the entry (the account may have been renamed since). */
export const actorLabel = (entry: AuditEntry) => entry.staff_name ?? "Système";
