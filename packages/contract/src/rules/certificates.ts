/** Certificate request rules (docs/spec/student-portal.md sections 2, 4, 5, 8 and 9). */

export const CERTIFICATE_TYPES = ["scolaire", "langue"] as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];
export const LANGUAGE_LEVELS = ["B1", "B2"] as const;
export type LanguageLevel = (typeof LANGUAGE_LEVELS)[number];
/** In the order the screen lists them; a request stores its languages in this order. */
export const CERTIFICATE_LANGUAGES = ["Español", "Français"] as const;
export type CertificateLanguage = (typeof CERTIFICATE_LANGUAGES)[number];

export const CERTIFICATE_STATUS = { pending: "En Cours", ready: "Disponible", refused: "Refuser" } as const;

export const CERTIFICATE_TEXT = {
  title: "Demandes d'Attestations",
  scolaireButton: "Demander Attestation Scolaire",
  scolaireSubtitle: "Certificat de scolarité officiel",
  levelSubtitle: { B1: "Niveau intermédiaire", B2: "Niveau avancé" },
  historyTitle: "Historique de vos demandes",
  historyEmpty: "Aucune demande pour le moment.",
  sentTitle: "Demande Envoyée !",
  errorTitle: "Erreur",
  again: "Faire une autre demande",
  failed: "Une erreur est survenue. Veuillez réessayer.",
  scolaireSent: "Votre demande d'attestation scolaire a été envoyée.",
  languageSent: (level: string) => `Votre demande d'attestation de langue (${level}) a été envoyée.`,
  duplicate:
    "Une demande identique est déjà en cours de traitement. Vous serez informé(e) dès qu'elle sera disponible.",
  typeInvalid: "Le type de demande doit être « scolaire » ou « langue ».",
  levelRequired: "Choisissez le niveau B1 ou B2 pour une attestation de langue.",
  levelNotAllowed: "Le niveau ne concerne que les attestations de langue.",
  languagesRequired: "Cochez au moins une langue (Español ou Français).",
  languagesInvalid: "Les langues possibles sont Español et Français.",
  languagesNotAllowed: "Les langues ne concernent que l'attestation scolaire.",
  revokedStatus: "Révoquée",
  revokedOn: (day: string) => `Attestation révoquée par la direction le ${day}.`,
  /** The school year an attestation is about (docs/spec/school-year-and-data.md section 3). */
  yearLabel: "Année scolaire",
  yearOf: (label: string) => `Année ${label}`,
  yearInvalid: "L'année choisie doit être l'une des années où vous avez été inscrit(e) à l'académie.",
  noYear: "Aucune année d'inscription n'est connue pour votre dossier : contactez le secrétariat.",
} as const;

export type StatusTone = "blue" | "green" | "red" | "grey";

/** 'En Cours' blue, 'Disponible' green, 'Refuser' red, anything else grey. */
export function certificateStatusTone(status: string | null | undefined): StatusTone {
  if (status === CERTIFICATE_STATUS.pending) return "blue";
  if (status === CERTIFICATE_STATUS.ready) return "green";
  if (status === CERTIFICATE_STATUS.refused) return "red";
  return "grey";
}

/** Languages deduplicated and put in the canonical order, so identical requests compare equal. */
export function normaliseLanguages(langues: readonly CertificateLanguage[]): CertificateLanguage[] {
  return CERTIFICATE_LANGUAGES.filter((l) => langues.includes(l));
}

/** The generated attestation (docs/spec/back-office.md section 6). */
export const CERTIFICATE_DOCUMENT_TEXT = {
  download: "Télécharger l'attestation",
  scolaireTitle: "Attestation de scolarité",
  languageTitle: (level: string) => `Certificat de niveau ${level}`,
  valid: "Attestation valide",
  revoked: (date: string) => `Attestation révoquée le ${date}`,
  unknown: "Code inconnu",
  unknownMessage: "Code inconnu.",
  tooMany: "Trop de vérifications depuis votre adresse. Veuillez réessayer plus tard.",
} as const;

/** What the office answers when it handles a request (docs/spec/back-office.md section 6). */
export const CERTIFICATE_STAFF_TEXT = {
  motifRequired: "Indiquez le motif du refus : il sera montré à l'étudiant.",
  revocationMotifRequired: "Indiquez le motif de la révocation.",
  motifTooLong: "Le motif ne doit pas dépasser 500 caractères.",
  statusInvalid: "Le statut doit être « Disponible » ou « Refuser ».",
  notPending:
    "Cette demande n'est plus « En Cours » : son statut ne peut plus changer (une attestation disponible se révoque).",
  notAvailable: "Seule une attestation disponible et non révoquée peut être révoquée.",
  noDocument: "Cette demande n'a pas d'attestation.",
  signatoryNameRequired: "Indiquez le nom du signataire.",
  signatoryTitleRequired: "Indiquez la fonction du signataire.",
  fieldTooLong: "Ce champ ne doit pas dépasser 120 caractères.",
  dateInvalid: "La date doit être au format AAAA-MM-JJ.",
  centreInvalid: "Le centre doit être un identifiant valide.",
  /** Rectification (docs/spec/school-year-and-data.md section 4): the request's identity differs from the record's. */
  recordName: (name: string) => `Nom au dossier : ${name}`,
  recordCin: (cin: string) => `CIN au dossier : ${cin || "aucun"}`,
  reissue: "Réémettre avec les données du dossier",
  reissueConfirm:
    "Une nouvelle attestation, avec un nouveau numéro, sera émise avec le nom et le CIN du dossier de l'étudiant. L'ancien numéro reste révoqué.",
  reissued: (numero: string) => `Attestation réémise : n° ${numero}.`,
  reissuedFrom: (id: number) => `Réémise depuis la demande n° ${id}`,
  reissuedAs: (id: number) => `Réémise : voir la demande n° ${id}`,
  reissueNotRevoked: "Seule une attestation révoquée peut être réémise.",
  reissueAlready: (id: number) => `Cette attestation a déjà été réémise (demande n° ${id}).`,
} as const;

/** The verification code: 128 random bits in RFC 4648 base32 without padding (26 characters). */
export const VERIFICATION_CODE_PATTERN = /^[A-Z2-7]{26}$/;

/** `PUE-2026-000123`: the year of issue and a 6-digit sequence within it. */
export function certificateNumber(year: number, sequence: number): string {
  return `PUE-${year}-${String(sequence).padStart(6, "0")}`;
}

/** The title printed on the attestation and given by the verification page. */
export function certificateTitle(type: string, niveau: string | null): string {
  return type === "langue" && niveau
    ? CERTIFICATE_DOCUMENT_TEXT.languageTitle(niveau)
    : CERTIFICATE_DOCUMENT_TEXT.scolaireTitle;
}
