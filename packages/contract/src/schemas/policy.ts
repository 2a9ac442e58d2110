import { z } from "zod";

export const policyStatusResponse = z.object({
  success: z.boolean(),
  has_accepted: z.boolean(),
  accepted: z.boolean(),
  /** When the student accepted the current policy (ISO 8601); null when not, or when none is published. */
  accepted_at: z.string().nullable().optional(),
});
export type PolicyStatus = z.infer<typeof policyStatusResponse>;

export const policy = z.object({
  version: z.number().int(),
  title: z.string(),
  content: z.string(),
  effective_date: z.string(),
  last_updated: z.string(),
});
export type Policy = z.infer<typeof policy>;

export const policyContentResponse = z.object({ success: z.literal(true), policy });
export type PolicyContentResponse = z.infer<typeof policyContentResponse>;

/** `accepted=true`, sent as JSON boolean or as the strings a form would send. */
export const policyAcceptRequest = z.object({
  accepted: z.union([z.literal(true), z.literal("true"), z.literal("1"), z.literal(1)], {
    error: "Veuillez cocher la case pour accepter la politique",
  }),
});
export type PolicyAcceptRequest = z.input<typeof policyAcceptRequest>;
