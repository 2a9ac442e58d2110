/** French texts and limits of the back-office's students (docs/spec/back-office.md, section 4). */
export const STUDENT_STATUSES = ["actif", "invitation_envoyee", "desactive"] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];

export const STUDENT_STATUS_LABELS: Record<StudentStatus, string> = {
  actif: "Actif",
  invitation_envoyee: "Invitation envoyée",
  desactive: "Désactivé",
};

export const STUDENT_STAFF_LIMITS = {
  nameMaxLength: 100,
  emailMaxLength: 255,
  phoneMaxLength: 30,
  cinMaxLength: 20,
  studentNumberMaxLength: 30,
  invitationDays: 7,
  importMaxRows: 5000,
  importMaxBytes: 5 * 1024 * 1024,
  importLifetimeMinutes: 60,
  /** What an XLSX may inflate to, in all, before it is parsed (a "zip bomb" is refused). */
  importMaxInflatedBytes: 50 * 1024 * 1024,
  /** Students acted on at once by a bulk action (the list's selection or its filters). */
  bulkMaxStudents: 5000,
  /** Rows picked one by one in the list (a few pages of it). */
  selectionMaxIds: 500,
} as const;

export const STUDENT_STAFF_MESSAGES = {
  deactivated: "Ce compte est désactivé. Contactez le secrétariat.",
  nomRequired: "Le nom est requis.",
  prenomRequired: "Le prénom est requis.",
  emailRequired: "L'adresse e-mail est requise.",
  emailInvalid: "L'adresse e-mail n'est pas valide.",
  emailTaken: "Cette adresse e-mail est déjà utilisée par un autre étudiant.",
  studentNumberTaken: "Ce numéro étudiant est déjà attribué à un autre étudiant.",
  invalidText: "Ce champ doit être un texte.",
  tooLong: (max: number) => `Ce champ ne doit pas dépasser ${max} caractères.`,
  centreRequired: "Choisissez un centre.",
  centreUnknown: "Ce centre n'existe pas.",
  optionUnknown: "Cette option n'existe pas.",
  filiereUnknown: "Cette filière n'existe pas.",
  optionNotInFiliere: "Cette option n'appartient pas à la filière choisie.",
  outsideCentres: "Cet étudiant serait hors de vos centres.",
  alreadyActive: "Ce compte est déjà activé : l'invitation ne peut plus être renvoyée.",
  deactivatedNoInvitation: "Ce compte est désactivé : réactivez-le d'abord.",
  invitationSent: "Invitation envoyée.",
  resetSent: "Lien de réinitialisation envoyé.",
  deactivatedDone: "Compte désactivé.",
  reactivatedDone: "Compte réactivé.",
  invalidChoice: "Ce choix n'est pas valide.",
  importUnknown: "Cet aperçu d'import n'existe plus : chargez le fichier à nouveau.",
  importAlreadyDone: "Cet import a déjà été appliqué.",
  importFileMissing: "Choisissez un fichier CSV ou XLSX.",
  importTooLarge: "Le fichier dépasse 5 Mo : découpez-le.",
  importFileType: "Le fichier doit être au format CSV ou XLSX.",
  importFileUnreadable: "Ce fichier n'a pas pu être lu : vérifiez qu'il s'agit d'un CSV ou d'un XLSX valide.",
  importEmpty: "Le fichier ne contient aucune ligne d'étudiant.",
  importTooManyRows: `Le fichier dépasse ${5000} lignes : découpez-le.`,
  importMissingColumns: (columns: string[]) => `Colonnes manquantes : ${columns.join(", ")}.`,
  importOldExcel:
    "Ce fichier est un classeur Excel 97-2003 (.xls) ou protégé par un mot de passe : enregistrez-le en « Classeur Excel (.xlsx) » sans mot de passe, ou en CSV.",
  importXlsxDamaged:
    "Ce classeur XLSX n'a pas pu être lu : il semble endommagé. Ouvrez-le dans Excel et enregistrez-le à nouveau.",
  importXlsxTooLarge:
    "Ce classeur est trop volumineux une fois décompressé (plus de 50 Mo) : enregistrez-le en CSV ou découpez-le.",
  importEmptySheet:
    "La première feuille du classeur est vide : mettez les étudiants dans la première feuille, les noms de colonnes en ligne 1.",
  importSeparator:
    "Les colonnes ne sont pas séparées : utilisez la virgule ou le point-virgule comme séparateur (ou téléchargez le modèle).",
  importCsvMalformed: (line: number) =>
    `Ce fichier CSV est mal formé à la ligne ${line} (un guillemet n'est pas fermé ?) : corrigez-la et réessayez.`,
  leavingReasonRequired: "Choisissez le motif de sortie : fin de formation, abandon ou transfert.",
  leavingDateRequired: "Indiquez la date de sortie.",
  leavingDateInvalid: "La date de sortie n'est pas une date valide (jour, mois, année).",
  leavingDateFuture: "La date de sortie ne peut pas être postérieure à aujourd'hui.",
  leavingDateOutsideYear: (label: string, first: string, last: string) =>
    `La date de sortie doit être comprise dans l'année ${label} des étudiants choisis (du ${first} au ${last}).`,
  bulkSelection: "Choisissez des étudiants dans la liste.",
  bulkTooMany: "Trop d'étudiants choisis un par un : utilisez plutôt « tous ceux qui correspondent aux filtres ».",
  bulkTooLarge: (max: number) => `Cette action porterait sur plus de ${max} étudiants : affinez les filtres.`,
  importBusy: "Un de vos imports est déjà en cours de lecture : attendez qu'il se termine.",
  importServerBusy: "Trop de fichiers sont en cours de lecture : réessayez dans un instant.",
  importCentreUnknown: (name: string) => `Centre inconnu : « ${name} ».`,
  importOptionUnknown: (name: string) => `Option inconnue : « ${name} ».`,
  importFiliereUnknown: (name: string) => `Filière inconnue : « ${name} ».`,
  importDuplicateEmail: (line: number) => `Adresse e-mail en double dans le fichier (déjà à la ligne ${line}).`,
  importDuplicateNumber: (line: number) => `Numéro étudiant en double dans le fichier (déjà à la ligne ${line}).`,
  importOutsideCentres: "Ce centre est hors de vos centres.",
  importNumberTaken: "Ce numéro étudiant appartient à un autre étudiant.",
} as const;

/** A student's fields as the staff manage them: the import's columns, one per field, and the journal's. */
export const STUDENT_STAFF_FIELDS = [
  "nom",
  "prenom",
  "email",
  "telephone",
  "cin",
  "numero_etudiant",
  "centre",
  "option",
  "filiere",
] as const;
export const IMPORT_COLUMNS = STUDENT_STAFF_FIELDS;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export const IMPORT_ROW_STATUSES = ["nouveau", "mis_a_jour", "inchange", "erreur"] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

const count = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;
/** "; 2 l'étaient déjà": the students a bulk action left as they were, if any. */
const andSkipped = (skipped: number, one: string, many: string) =>
  skipped > 0 ? ` ; ${count(skipped, one, many)}` : "";

/** What a bulk action of the list answers (and its journal entry says): how many it changed, how many it left. */
export const STUDENT_BULK_MESSAGES = {
  invitation: (done: number, skipped: number) =>
    `Invitation renvoyée à ${count(done, "étudiant", "étudiants")}${andSkipped(skipped, "déjà activé ou désactivé, sans invitation", "déjà activés ou désactivés, sans invitation")}.`,
  desactiver: (done: number, skipped: number) =>
    `${count(done, "compte désactivé", "comptes désactivés")}${andSkipped(skipped, "l'était déjà", "l'étaient déjà")}.`,
  reactiver: (done: number, skipped: number) =>
    `${count(done, "compte réactivé", "comptes réactivés")}${andSkipped(skipped, "n'était pas désactivé", "n'étaient pas désactivés")}.`,
  ancien_eleve: (done: number, skipped: number) =>
    `${count(done, "étudiant marqué comme ancien élève", "étudiants marqués comme anciens élèves")}${andSkipped(skipped, "l'était déjà", "l'étaient déjà")}.`,
  reinscrire: (done: number, skipped: number, year: string) =>
    `${count(done, `étudiant réinscrit en ${year}`, `étudiants réinscrits en ${year}`)}${andSkipped(skipped, "y était déjà inscrit", "y étaient déjà inscrits")}.`,
} as const;
