/** Texts, limits and phone rule of the contact form: shared by the form and the server, free of zod. */

/** French texts of the contact form; strings quoted from docs/spec/student-portal.md are kept to the letter. */
export const CONTACT_MESSAGES = {
  sent: "Votre message a été envoyé avec succès !",
  failed: "Une erreur s'est produite. Veuillez réessayer plus tard.",
  tooMany: "Vous avez envoyé trop de messages. Merci de patienter avant d'en envoyer un nouveau.",
  nomRequired: "Le nom est requis.",
  emailRequired: "L'e-mail est requis.",
  emailInvalid: "Format d'e-mail invalide.",
  telephoneRequired: "Le téléphone est requis.",
  telephoneInvalid: "Le téléphone ne doit contenir que des chiffres, éventuellement précédés de +.",
  sujetRequired: "Le sujet est requis.",
  messageRequired: "Le message est requis.",
  captchaRequired: "Veuillez compléter le reCAPTCHA",
  captchaFailed: "La vérification anti-robot a échoué. Veuillez réessayer.",
  tooLong: (max: number) => `Ce champ ne doit pas dépasser ${max} caractères.`,
} as const;

/** Field lengths and the rate limit of the contact form (docs/spec/student-portal.md section 9: 300 s by default). */
export const CONTACT_LIMITS = {
  nomMax: 100,
  sujetMax: 150,
  messageMax: 5000,
  /** E.164 allows 15 digits; 6 is the shortest local number worth calling back. */
  telephoneMinDigits: 6,
  telephoneMaxDigits: 15,
  maxMessagesPerWindow: 3,
  windowSeconds: 15 * 60,
  retryDefaultSeconds: 300,
} as const;

const L = CONTACT_LIMITS;

/** Spaces, dots and dashes people type inside a number are dropped before the digits are checked. */
export const normalizePhone = (value: string) => value.replace(/[\s.\-()]/g, "");
const PHONE_PATTERN = new RegExp(`^\\+?\\d{${L.telephoneMinDigits},${L.telephoneMaxDigits}}$`);
export const isValidPhone = (value: string) => PHONE_PATTERN.test(normalizePhone(value.trim()));
