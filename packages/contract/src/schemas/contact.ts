import { z } from "zod";
import { LIMITS } from "../limits.ts";
import { CONTACT_LIMITS, CONTACT_MESSAGES, isValidPhone, normalizePhone } from "../rules/contact.ts";
import { EMAIL_PATTERN } from "./auth.ts";

const m = CONTACT_MESSAGES;
const L = CONTACT_LIMITS;

const requiredText = (required: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, m.tooLong(max));

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
