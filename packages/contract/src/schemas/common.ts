import { z } from "zod";

export const errorResponse = z.object({ message: z.string() });
export const validationErrorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export const loginThrottledResponse = z.object({ message: z.string(), retry_after: z.number().int() });

/** A reference to a centre, an option or a filière as the spec's objects carry it. */
export const namedRef = z.object({ id: z.number().int(), nom: z.string() });
export type NamedRef = z.infer<typeof namedRef>;

/** Accepts an id sent as a number or as a numeric string. */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);
