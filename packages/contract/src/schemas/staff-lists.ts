import { z } from "zod";
import { STAFF_LIMITS } from "../rules/staff.ts";

// ---------------------------------------------------------------- lists

const LIST_MESSAGES = {
  page: "Le numéro de page doit être un entier positif.",
  perPage: `Le nombre de lignes par page doit être compris entre 1 et ${STAFF_LIMITS.perPageMax}.`,
  q: "La recherche ne doit pas dépasser 200 caractères.",
  sort: "Ce tri n'est pas valide.",
} as const;

/** The query every staff list takes (docs/spec/back-office.md section 8); each list adds its filters with `.extend`. */
export const listQuery = z.object({
  q: z.string().trim().max(200, LIST_MESSAGES.q).optional(),
  sort: z
    .string()
    .regex(/^-?[a-z_]{1,40}$/, LIST_MESSAGES.sort)
    .optional(),
  page: z.coerce
    .number({ error: LIST_MESSAGES.page })
    .int(LIST_MESSAGES.page)
    .min(1, LIST_MESSAGES.page)
    .max(1_000_000, LIST_MESSAGES.page)
    .default(1),
  per_page: z.coerce
    .number({ error: LIST_MESSAGES.perPage })
    .int(LIST_MESSAGES.perPage)
    .min(1, LIST_MESSAGES.perPage)
    .max(STAFF_LIMITS.perPageMax, LIST_MESSAGES.perPage)
    .default(STAFF_LIMITS.perPageDefault),
});
export type ListQuery = z.infer<typeof listQuery>;

/** One page of a list: `{ data, page, per_page, total }`. */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({
    data: z.array(item),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  });
export type Page<Item> = { data: Item[]; page: number; per_page: number; total: number };
