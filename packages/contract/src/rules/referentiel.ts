/**
 * The kinds of reference data and their labels (docs/spec/back-office.md section 4). No zod here:
 * the back-office screens import them without loading the schemas.
 */

export const REFERENTIEL_KINDS = ["centres", "filieres", "options", "matieres", "niveaux"] as const;
export type ReferentielKind = (typeof REFERENTIEL_KINDS)[number];

export const REFERENTIEL_LABELS: Record<ReferentielKind, { title: string; one: string; this: string }> = {
  centres: { title: "Centres", one: "centre", this: "Ce centre" },
  filieres: { title: "Filières", one: "filière", this: "Cette filière" },
  options: { title: "Options", one: "option", this: "Cette option" },
  matieres: { title: "Matières", one: "matière", this: "Cette matière" },
  niveaux: { title: "Niveaux", one: "niveau", this: "Ce niveau" },
};
