import { z } from "zod";
import { PROFILE_TEXT } from "../rules/profile.ts";

export const profilePhotoResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  profile_image: z.string(),
});

/** `PUT /api/profile/email-copies`: the /profile checkbox "Recevoir une copie des notifications par e-mail". */
export const emailCopiesRequest = z.object({
  email_copies: z.boolean({ error: PROFILE_TEXT.emailCopiesInvalid }),
});
export type EmailCopiesRequest = z.infer<typeof emailCopiesRequest>;

/** `GET` and `PUT /api/profile/email-copies`. */
export const emailCopiesResponse = z.object({
  success: z.literal(true),
  email_copies: z.boolean(),
  message: z.string().optional(),
});
export type EmailCopiesResponse = z.infer<typeof emailCopiesResponse>;
