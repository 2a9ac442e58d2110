import { z } from "zod";
import { LIMITS } from "../limits.ts";
import { isContextPassword, PASSWORD_MESSAGES } from "../rules/passwords.ts";
import { emailField, loginRequest } from "./auth.ts";

const m = PASSWORD_MESSAGES;

/**
 * A new password: the length rules and the site's own words both sides check; the common-password
 * list and the person's own name and e-mail are the server's.
 */
export const newPasswordField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(LIMITS.passwordMinLength, m.tooShort)
    .max(LIMITS.passwordMaxLength, m.tooLong)
    .refine((password) => !isContextPassword(password), m.contextWord);

export const changePasswordRequest = z
  .object({
    current_password: z
      .string({ error: m.currentRequired })
      .min(1, m.currentRequired)
      .max(LIMITS.passwordMaxLength, m.currentWrong),
    new_password: newPasswordField(m.newRequired),
    new_password_confirmation: z.string({ error: m.confirmationRequired }).min(1, m.confirmationRequired),
  })
  .refine((body) => body.new_password === body.new_password_confirmation, {
    message: m.mismatch,
    path: ["new_password_confirmation"],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const forgotPasswordRequest = z.object({ email: emailField });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

/** The staff's "mot de passe oublié" (issue 28): the e-mail and the sign-in's ALTCHA captcha. */
export const staffForgotPasswordRequest = forgotPasswordRequest.extend({
  recaptcha_token: loginRequest.shape.recaptcha_token,
});
export type StaffForgotPasswordRequest = z.infer<typeof staffForgotPasswordRequest>;

/** A reset token as the e-mail's link carries it; anything else cannot be one of ours. */
export const resetTokenField = z
  .string({ error: m.linkIncomplete })
  .trim()
  .min(1, m.linkIncomplete)
  .max(200, m.linkInvalid);

export const verifyResetTokenRequest = z.object({ email: emailField, token: resetTokenField });
export const verifyResetTokenResponse = z.object({ valid: z.boolean(), message: z.string() });
export type VerifyResetTokenResponse = z.infer<typeof verifyResetTokenResponse>;

export const resetPasswordRequest = z
  .object({
    email: emailField,
    token: resetTokenField,
    password: newPasswordField(m.newRequired),
    password_confirmation: z.string({ error: m.confirmationRequired }).min(1, m.confirmationRequired),
    recaptcha_token: z.string().max(10_000).optional(),
  })
  .refine((body) => body.password === body.password_confirmation, {
    message: m.mismatch,
    path: ["password_confirmation"],
  });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/** `/api/activation`: an invitation link, then a password under the reset rules (staff and students). */
export const activationRequest = z
  .object({
    token: resetTokenField,
    password: newPasswordField(m.newRequired),
    password_confirmation: z.string({ error: m.confirmationRequired }).min(1, m.confirmationRequired),
  })
  .refine((body) => body.password === body.password_confirmation, {
    message: m.mismatch,
    path: ["password_confirmation"],
  });
export type ActivationRequest = z.infer<typeof activationRequest>;
