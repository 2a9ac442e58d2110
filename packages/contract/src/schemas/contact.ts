import { z } from "zod";
import { LIMITS } from "../limits.ts";
import { EMAIL_PATTERN } from "./auth.ts";

/** French texts of the contact form; strings quoted from the specification are kept to the letter. */
export const CONTACT_MESSAGES = {
  sent: "Votre message a été envoyé avec succès !",
  failed: "Une erreur s'est produite. Veuillez réessayer plus tard.",
  tooMany: "Vous avez envoyé trop de messages. Merci de patienter avant d'en envoyer un nouveau.",
  nomRequired: "Le nom est requis.",
  emailRequired: "L'email est requis.",
  emailInvalid: "Format d'email invalide.",
  telephoneRequired: "Le téléphone est requis.",
  telephoneInvalid: "Le téléphone ne doit contenir que des chiffres, éventuellement précédés de +.",
  sujetRequired: "Le sujet est requis.",
  messageRequired: "Le message est requis.",
  captchaRequired: "Veuillez compléter le reCAPTCHA",
  captchaFailed: "La vérification anti-robot a échoué. Veuillez réessayer.",
  tooLong: (max: number) => `Ce champ ne doit pas dépasser ${max} caractères.`,
} as const;

/** Field lengths and the rate limit of the contact form (spec section 9: 300 s by default). */
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

const m = CONTACT_MESSAGES;
const L = CONTACT_LIMITS;

const requiredText = (required: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, m.tooLong(max));

/** Spaces, dots and dashes people type inside a number are dropped before the digits are checked. */
export const normalizePhone = (value: string) => value.replace(/[\s.\-()]/g, "");
const PHONE_PATTERN = new RegExp(`^\\+?\\d{${L.telephoneMinDigits},${L.telephoneMaxDigits}}$`);
export const isValidPhone = (value: string) => PHONE_PATTERN.test(normalizePhone(value.trim()));

export const contactRequest = z.object({
  nom: requiredText(m.nomRequired, L.nomMax),
  email: z
    .string({ error: m.emailRequired })
    .trim()
    .min(1, m.emailRequired)
    .max(LIMITS.emailMaxLength, m.emailInvalid)
    .regex(EMAIL_PATTERN, m.emailInvalid),
  telephone: z
    .string({ error: m.telephoneRequired })
    .trim()
    // abort: an empty or oversized number gets one message, not the pattern's as well.
    .min(1, { error: m.telephoneRequired, abort: true })
    .max(30, { error: m.telephoneInvalid, abort: true })
    .refine(isValidPhone, m.telephoneInvalid)
    .transform(normalizePhone),
  sujet: requiredText(m.sujetRequired, L.sujetMax),
  message: requiredText(m.messageRequired, L.messageMax),
  recaptcha_token: z.string({ error: m.captchaRequired }).min(1, m.captchaRequired).max(10_000),
});
export type ContactRequest = z.input<typeof contactRequest>;

export const contactThrottledResponse = z.object({ message: z.string(), retry_after_seconds: z.number().int() });
