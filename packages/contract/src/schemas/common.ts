import { z } from "zod";

/** A reference to a centre, an option or a filière as the objects of docs/spec/student-portal.md section 3 carry it. */
export const namedRef = z.object({ id: z.number().int(), nom: z.string() });
export type NamedRef = z.infer<typeof namedRef>;

/** Accepts an id sent as a number or as a numeric string. */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);
