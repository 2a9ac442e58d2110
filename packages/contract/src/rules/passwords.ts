import { LIMITS } from "../limits.ts";

/** French texts of the password flows; strings quoted from docs/spec/student-portal.md are kept to the letter. */
export const PASSWORD_MESSAGES = {
  mismatch: "Les mots de passe ne correspondent pas",
  currentRequired: "Le mot de passe actuel est requis.",
  currentWrong: "Le mot de passe actuel est incorrect.",
  newRequired: "Le nouveau mot de passe est requis.",
  confirmationRequired: "La confirmation du mot de passe est requise.",
  tooShort: `Le mot de passe doit contenir au moins ${LIMITS.passwordMinLength} caractères.`,
  tooLong: `Le mot de passe ne doit pas dépasser ${LIMITS.passwordMaxLength} caractères.`,
  tooCommon: "Ce mot de passe fait partie des plus courants. Choisissez-en un autre.",
  sameAsCurrent: "Le nouveau mot de passe doit être différent de l'actuel.",
  changed: "Votre mot de passe a été modifié avec succès.",
  tooManyAttempts: "Trop de tentatives. Réessayez dans quelques minutes.",
  serverUnreachable: "Erreur serveur, réessayez plus tard.",
  generic: "Une erreur s'est produite",

  forgotSent: "Si un compte correspond à cette adresse, un e-mail de réinitialisation vient de vous être envoyé.",
  tooManyRequests: "Trop de demandes. Réessayez dans quelques minutes.",

  linkIncomplete: "Lien de réinitialisation incomplet.",
  verifyFailed: "Erreur de vérification du token.",
  connectionFailed: "Erreur de connexion au serveur.",
  linkInvalidTitle: "Lien invalide ou expiré",
  linkInvalid: "Ce lien de réinitialisation est invalide ou a expiré. Faites une nouvelle demande.",
  linkValid: "Lien valide.",
  newRequest: "Nouvelle demande",
  resetDone: "Votre mot de passe a été réinitialisé. Vous allez être redirigé vers la page de connexion.",
} as const;

/** Lifetime of a reset link, and the delay before the reset page sends the student to /login (docs/spec/student-portal.md section 9). */
export const PASSWORD_LIMITS = {
  resetTokenMinutes: 60,
  resetRedirectSeconds: 3,
} as const;

/**
 * The value the reset page sends as `recaptcha_token` (docs/spec/student-portal.md section 7: a fixed placeholder).
 * The server does not check it: see docs/decisions (reset password and captcha).
 */
export const RESET_CAPTCHA_PLACEHOLDER = "reset-password-no-captcha";
