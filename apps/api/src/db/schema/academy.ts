import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * The school years (docs/spec/school-year-and-data.md section 1): 1 September to 31 August in
 * Casablanca time, known by the calendar year they start (2026 = 2026-2027; label and dates are
 * the contract's `schoolYearStarting`). Exactly one is `en_cours` (a partial unique index); the
 * next may be `a_venir`; the earlier ones are `cloturee`. What is published and who is enrolled
 * belong to a year: new rows take the current one by default (`current_school_year_id()`,
 * migration 0014), so no writer has to name it.
 */
export const schoolYears = pgTable(
  "annees_scolaires",
  {
    id: serial("id").primaryKey(),
    debutAnnee: integer("debut_annee").notNull().unique(),
    statut: text("statut").notNull(),
    clotureeLe: timestamp("cloturee_le", { withTimezone: true }),
  },
  (t) => [
    check("annees_scolaires_statut_check", sql`${t.statut} in ('en_cours', 'a_venir', 'cloturee')`),
    uniqueIndex("annees_scolaires_une_en_cours").on(t.statut).where(sql`${t.statut} = 'en_cours'`),
  ],
);

/** The year rows take when no writer names one: the year `en_cours` (migration 0014). */
export const currentSchoolYearId = sql`current_school_year_id()`;

/** The column of what is published for one school year (plannings, notifications, events). */
export const publishedForYear = () => ({
  anneeId: integer("annee_id")
    .notNull()
    .default(currentSchoolYearId)
    .references(() => schoolYears.id),
});

export const centres = pgTable("centres", {
  id: serial("id").primaryKey(),
  nom: text("nom").notNull().unique(),
  adresse: text("adresse").notNull().default(""),
  telephone: text("telephone"),
  /** A link to the centre on a map (docs/spec/back-office.md section 4). */
  lienCarte: text("lien_carte"),
});

export const filieres = pgTable("filieres", {
  id: serial("id").primaryKey(),
  nom: text("nom").notNull().unique(),
});

export const options = pgTable("options", {
  id: serial("id").primaryKey(),
  nom: text("nom").notNull().unique(),
  filiereId: integer("filiere_id").references(() => filieres.id),
});

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** Stored lower-cased so that look-ups need no function index. */
    email: text("email").notNull(),
    /** Null until a student created by the staff accepts the invitation (docs/spec/back-office.md section 4). */
    passwordHash: text("password_hash"),
    /** Set by "Désactiver": sign-in then refuses the account. */
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

export const etudiants = pgTable(
  "etudiants",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    studentId: text("student_id").notNull().unique(),
    nom: text("nom").notNull(),
    prenom: text("prenom").notNull(),
    email: text("email").notNull(),
    telephone: text("telephone_etudiant"),
    cin: text("cin_etudiant"),
    centreId: integer("centre_id").references(() => centres.id),
    optionId: integer("option_id").references(() => options.id),
    filiereId: integer("filiere_id").references(() => filieres.id),
    profileImage: text("profile_image"),
    /** "Recevoir une copie des notifications par e-mail" (/profile, or the copy's unsubscribe link). */
    emailCopies: boolean("email_copies").notNull().default(true),
    /** The cohort: the year the student is (or was last) enrolled in. */
    promotionId: integer("promotion_id")
      .notNull()
      .default(currentSchoolYearId)
      .references(() => schoolYears.id),
    /** `inscrit`, or `ancien_eleve` with the day they left and why (the contract's LEAVING_REASONS). */
    statutScolaire: text("statut_scolaire").notNull().default("inscrit"),
    sortiLe: date("sorti_le", { mode: "string" }),
    motifSortie: text("motif_sortie"),
  },
  // The back-office's list filters and sorts 2,000 students a page at a time (docs/spec/back-office.md section 4).
  (t) => [
    index("etudiants_centre_idx").on(t.centreId),
    index("etudiants_option_idx").on(t.optionId),
    index("etudiants_filiere_idx").on(t.filiereId),
    index("etudiants_nom_prenom_idx").on(t.nom, t.prenom),
    index("etudiants_promotion_statut_idx").on(t.promotionId, t.statutScolaire),
    check("etudiants_statut_scolaire_check", sql`${t.statutScolaire} in ('inscrit', 'ancien_eleve')`),
    check(
      "etudiants_sortie_check",
      sql`(${t.statutScolaire} = 'inscrit' and ${t.sortiLe} is null and ${t.motifSortie} is null) or (${t.statutScolaire} = 'ancien_eleve' and ${t.sortiLe} is not null and ${t.motifSortie} in ('fin_de_formation', 'abandon', 'transfert'))`,
    ),
  ],
);

/**
 * Every year a student attended, with where they were that year: the years an *attestation de
 * scolarité* may be asked for, and the counts of `/gestion/annees`. The row of the student's
 * current cohort follows their centre, option and filière; a closed year's rows no longer change.
 */
export const studentEnrolments = pgTable(
  "inscriptions",
  {
    etudiantId: integer("etudiant_id")
      .notNull()
      .references(() => etudiants.id, { onDelete: "cascade" }),
    anneeId: integer("annee_id")
      .notNull()
      .references(() => schoolYears.id),
    centreId: integer("centre_id").references(() => centres.id),
    optionId: integer("option_id").references(() => options.id),
    filiereId: integer("filiere_id").references(() => filieres.id),
  },
  (t) => [primaryKey({ columns: [t.etudiantId, t.anneeId] }), index("inscriptions_annee_idx").on(t.anneeId)],
);
