import { integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const centres = pgTable("centres", {
  id: serial("id").primaryKey(),
  nom: text("nom").notNull().unique(),
  adresse: text("adresse").notNull().default(""),
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
    passwordHash: text("password_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

export const etudiants = pgTable("etudiants", {
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
});
