import { z } from "zod";
import type { ReferentielKind } from "../rules/referentiel.ts";

/** The back-office's reference data (docs/spec/back-office.md section 4, `/gestion/referentiel`, direction). */

export const REFERENTIEL_MESSAGES = {
  nomRequired: "Le nom est requis.",
  nomTooLong: "Le nom ne doit pas dépasser 120 caractères.",
  nomTaken: "Ce nom est déjà utilisé.",
  textTooLong: "Ce champ ne doit pas dépasser 500 caractères.",
  urlInvalid: "Le lien doit commencer par https:// ou http://.",
  filiereUnknown: "Cette filière n'existe pas.",
  matiereRequired: "Choisissez une matière.",
  matiereUnknown: "Cette matière n'existe pas.",
  ordreInvalid: "L'ordre doit être un nombre entier entre 0 et 1000.",
  stillUsed: "Cet élément est encore utilisé : il ne peut pas être supprimé.",
  deleted: "Supprimé.",
} as const;

const m = REFERENTIEL_MESSAGES;
const nom = z
  .string({ error: m.nomRequired })
  .trim()
  .min(1, { error: m.nomRequired, abort: true })
  .max(120, m.nomTooLong);
const optionalText = (max = 500) =>
  z
    .union([z.string({ error: m.textTooLong }).trim().max(max, m.textTooLong), z.null()])
    .optional()
    .transform((value) => (value === "" ? null : value));
const ref = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

export const centreRequest = z.object({
  nom,
  adresse: z.string({ error: m.textTooLong }).trim().max(500, m.textTooLong).default(""),
  telephone: optionalText(30),
  lien_carte: z
    .union([
      z
        .string({ error: m.urlInvalid })
        .trim()
        .max(500, m.textTooLong)
        .regex(/^(https?:\/\/\S+)?$/, m.urlInvalid),
      z.null(),
    ])
    .optional()
    .transform((value) => (value === "" ? null : value)),
});
export const filiereRequest = z.object({ nom });
export const optionRequest = z.object({ nom, filiere_id: z.union([ref(m.filiereUnknown), z.null()]).optional() });
export const matiereRequest = z.object({ nom, description: optionalText() });
export const niveauRequest = z.object({
  nom,
  ordre: z.number({ error: m.ordreInvalid }).int(m.ordreInvalid).min(0, m.ordreInvalid).max(1000, m.ordreInvalid),
  matiere_id: ref(m.matiereRequired),
});

export const REFERENTIEL_REQUESTS = {
  centres: centreRequest,
  filieres: filiereRequest,
  options: optionRequest,
  matieres: matiereRequest,
  niveaux: niveauRequest,
} as const;

const named = z.object({ id: z.number().int(), nom: z.string() });
export const referentielData = z.object({
  centres: z.array(
    named.extend({ adresse: z.string(), telephone: z.string().nullable(), lien_carte: z.string().nullable() }),
  ),
  filieres: z.array(named),
  options: z.array(named.extend({ filiere_id: z.number().int().nullable() })),
  matieres: z.array(named.extend({ description: z.string().nullable() })),
  niveaux: z.array(named.extend({ ordre: z.number().int(), matiere_id: z.number().int() })),
});
export type ReferentielData = z.infer<typeof referentielData>;
export type ReferentielItem<K extends ReferentielKind> = ReferentielData[K][number];
