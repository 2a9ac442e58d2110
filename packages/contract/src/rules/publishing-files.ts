/**
 * French texts of the back-office's file-bearing publishing (docs/spec/back-office.md section 5).
 * Apart from the schemas (schemas/publishing-files-staff.ts) so that a screen showing them does
 * not bring zod into its chunk.
 */
export const PUBLISHING_TEXT = {
  titleRequired: "Le titre est requis.",
  titleTooLong: "Le titre ne doit pas dépasser 200 caractères.",
  descriptionTooLong: "La description ne doit pas dépasser 2000 caractères.",
  centreRequired: "Choisissez un centre.",
  centreUnknown: "Ce centre n'existe pas.",
  optionUnknown: "Cette option n'existe pas.",
  weekInvalid: "Indiquez une date valide (AAAA-MM-JJ).",
  weekOrder: "La semaine de fin doit suivre la semaine de début.",
  actifInvalid: "Indiquez si le planning est actif.",
  matiereRequired: "Choisissez une matière.",
  matiereUnknown: "Cette matière n'existe pas.",
  niveauUnknown: "Ce niveau n'existe pas pour cette matière.",
  niveauRequired: "Choisissez un niveau : cette matière en a.",
  moisRequired: "Choisissez le mois.",
  anneeRequired: "Indiquez l'année (entre 2000 et 2100).",
  orderInvalid: "Cet ordre ne correspond pas aux documents de ce niveau.",
  filterInvalid: "Ce filtre n'est pas valide.",
  created: "Publié.",
  updated: "Modifications enregistrées.",
  replaced: "PDF remplacé.",
  withdrawn: "Retiré : l'élément est dans la corbeille.",
} as const;
