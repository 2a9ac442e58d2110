import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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
  },
  // The back-office's list filters and sorts 2,000 students a page at a time (docs/spec/back-office.md section 4).
  (t) => [
    index("etudiants_centre_idx").on(t.centreId),
    index("etudiants_option_idx").on(t.optionId),
    index("etudiants_filiere_idx").on(t.filiereId),
    index("etudiants_nom_prenom_idx").on(t.nom, t.prenom),
  ],
);
