import { z } from "zod";
import { LIMITS } from "../limits.ts";
import { MESSAGES } from "../messages.ts";
import { SCHOOL_STATUSES } from "../rules/school-years.ts";
import { namedRef } from "./common.ts";

const m = MESSAGES.login;

/**
 * A basic address pattern, the same one the forms apply before sending: one plain address,
 * no spaces, and none of the characters that turn a header value into a list or a display
 * name (`x,<attacker@evil.co>` would make the contact mail's Reply-To the attacker's).
 */
export const EMAIL_PATTERN = /^[^\s@,;:<>()[\]"\\]+@[^\s@,;:<>()[\]"\\]+\.[^\s@,;:<>()[\]"\\]+$/;

export const emailField = z
  .string({ error: m.emailRequired })
  .trim()
  // `abort` stops at the first failed check: one message per field, not "required" and "invalid" together.
  .min(1, { error: m.emailRequired, abort: true })
  .max(LIMITS.emailMaxLength, { error: m.emailInvalid, abort: true })
  .regex(EMAIL_PATTERN, m.emailInvalid);

export const loginRequest = z.object({
  email: emailField,
  password: z
    .string({ error: m.passwordRequired })
    .min(1, m.passwordRequired)
    .max(LIMITS.passwordMaxLength, m.invalidData),
  recaptcha_token: z.string({ error: m.captchaRequired }).min(1, m.captchaRequired).max(10_000, m.captchaFailed),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const etudiant = z.object({
  id: z.number().int(),
  student_id: z.string(),
  centre_id: z.number().int().nullable(),
  option_id: z.number().int().nullable(),
  filiere_id: z.number().int().nullable(),
  centre: namedRef.nullable(),
  option: namedRef.nullable(),
  telephone_etudiant: z.string().nullable(),
  nom: z.string(),
  prenom: z.string(),
  email: z.string(),
  profile_image: z.string().nullable(),
  cin_etudiant: z.string().nullable(),
  /** Inscrit, or Ancien élève: a former student's area is reduced (docs/spec/school-year-and-data.md section 3). */
  statut_scolaire: z.enum(SCHOOL_STATUSES),
});
export type Etudiant = z.infer<typeof etudiant>;

export const user = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  created_at: z.string(),
  etudiant: etudiant.nullable(),
});
export type User = z.infer<typeof user>;

export const loginResponse = z.object({ token: z.string(), user });
export type LoginResponse = z.infer<typeof loginResponse>;

/**
 * The web's sign-in (`POST /api/session`, and `POST /api/session/exchange` for a token kept by an
 * older web client): the session goes into an HttpOnly cookie, so the answer carries only the user
 * (student spec section 3, amendment of 26 Nov 2026).
 */
export const webSessionResponse = z.object({ user });
export type WebSessionResponse = z.infer<typeof webSessionResponse>;

export const messageResponse = z.object({ message: z.string() });

/** What the web keeps under the `student_data` storage key (docs/spec/student-portal.md section 3). */
export const studentData = z.object({
  student_id: z.string(),
  etudiant_id: z.number().int(),
  id: z.number().int(),
  nom: z.string(),
  prenom: z.string(),
  email: z.string(),
  telephone_etudiant: z.string().nullable(),
  cin_etudiant: z.string().nullable(),
  option: namedRef.nullable(),
  option_id: z.number().int().nullable(),
  centre: namedRef.nullable(),
  centre_id: z.number().int().nullable(),
  filiere_id: z.number().int().nullable(),
  profile_image: z.string().nullable(),
});
export type StudentData = z.infer<typeof studentData>;
