/**
 * What is published belongs to a school year (docs/spec/school-year-and-data.md section 2):
 * plannings, notifications and events. Students see the current year's only; staff find a
 * closed year's under the *Année* filter of each publishing list, read-only, with *Republier*
 * to copy an item into the current year. Apart from the schemas (schemas/published-years-staff.ts)
 * so that a screen showing them does not bring zod into its chunk.
 */
export const PUBLISHED_YEAR_MESSAGES = {
  /** Editing, withdrawing or deleting a closed year's item (409). */
  closedYearReadOnly: (label: string) =>
    `Cet élément appartient à l'année ${label}, clôturée : il n'est plus modifiable. Republiez-le pour l'année en cours.`,
  /** The `annee` filter names no year (422). */
  unknownYear: "Cette année scolaire n'existe pas.",
  /** Republishing an item of the current year (409): it is already there. */
  alreadyCurrent: "Cet élément appartient déjà à l'année en cours.",
  /** The toast after *Republier*. */
  republished: (label: string) => `Republié pour l'année ${label}.`,
  /** The toast after *Republier* on a notification: a draft, to review before publishing it. */
  republishedDraft: (label: string) => `Copiée en brouillon pour l'année ${label} : relisez-la avant de la publier.`,
  /** The select's label and the mark of a closed year's rows. */
  yearLabel: "Année",
  readOnly: "Année clôturée : lecture seule",
  republish: "Republier",
} as const;
