/**
 * Every French message the API sends or the web shows for the shared flows.
 * Strings quoted from docs/spec/student-portal.md are kept to the letter.
 */
export const MESSAGES = {
  unauthenticated: "Non authentifié.",
  notFound: "Ressource introuvable.",
  serverError: "Erreur du serveur",
  invalidData: "Les données fournies sont invalides.",
  malformedJson: "Le corps de la requête n'est pas un JSON valide.",
  bodyTooLarge: "La requête est trop volumineuse.",
  unsupportedMediaType: "Type de contenu non pris en charge.",
  csrfMismatch: "Jeton de sécurité expiré. Rechargez la page puis réessayez.",
  tooManyRequests: "Trop de requêtes. Réessayez plus tard.",
  /** The `Idempotency-Key` header of the writes that create or send (decision 087). */
  idempotency: {
    invalidKey: "L'en-tête Idempotency-Key est invalide : de 1 à 255 caractères visibles, sans espace.",
    keyReused: "Cette clé d'idempotence a déjà servi pour une autre demande. Rechargez la page puis recommencez.",
    inFlight: "Cette demande est déjà en cours de traitement. Patientez un instant.",
    unanswered:
      "Cette demande a été reçue mais sa réponse s'est perdue : elle a peut-être déjà été enregistrée. Actualisez la page pour vérifier avant de recommencer.",
  },
  /** Database or file storage down (503, with Retry-After). */
  serviceUnavailable: "Service momentanément indisponible : réessayez dans un instant.",
  /** The server's disk is full (507): nothing was saved. */
  storageFull:
    "L'espace de stockage du serveur est plein : rien n'a été enregistré. Réessayez plus tard ou prévenez l'administration.",

  login: {
    emailRequired: "L'email est requis",
    passwordRequired: "Le mot de passe est requis",
    emailInvalid: "Format d'email invalide",
    captchaRequired: "Veuillez compléter le reCAPTCHA",
    captchaFailed: "La vérification anti-robot a échoué. Veuillez réessayer.",
    invalidCredentials: "Identifiants invalides",
    tooManyAttempts: "Trop de tentatives de connexion",
    invalidResponse: "Réponse du serveur invalide",
    invalidData: "Données invalides",
    serverError: "Erreur du serveur",
    unreachable: "Impossible de contacter le serveur",
    generic: "Une erreur s'est produite",
    loading: "Connexion en cours...",
    loggedOut: "Vous êtes déconnecté.",
  },

  policy: {
    defaultTitle: "Politique de non-remboursement",
    loadFailed: "Impossible de charger la politique",
    acceptFailed: "Erreur lors de l'acceptation de la politique",
    none: "Aucune politique disponible",
    mustTick: "Veuillez cocher la case pour accepter la politique",
    mustAccept: "Veuillez d'abord accepter la politique de non-remboursement.",
    acceptButton: "Accepter et continuer vers le planning",
  },
} as const;
