import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { centres, options, publishedForYear } from "./academy.ts";
import { publishedPdf } from "./columns.ts";
import { withdrawal } from "./staff.ts";

/*
 * The student documents. Each row names its file twice: `file_key`, the storage key the bytes
 * live under (server-made), and `file_name`, the public name that ends its download URL. A
 * download looks `file_name` up in these tables; it is never joined onto a directory.
 */

/** A weekly planning of one centre, for one option or (option null) for the whole centre. */
export const planifications = pgTable(
  "planifications",
  {
    id: serial("id").primaryKey(),
    titre: text("titre").notNull(),
    description: text("description"),
    centreId: integer("centre_id")
      .notNull()
      .references(() => centres.id),
    optionId: integer("option_id").references(() => options.id),
    semaineDebut: date("semaine_debut", { mode: "string" }),
    semaineFin: date("semaine_fin", { mode: "string" }),
    actif: boolean("actif").notNull().default(true),
    ...publishedPdf(),
    ...withdrawal(),
    ...publishedForYear(),
  },
  (t) => [
    uniqueIndex("planifications_file_name_unique").on(t.fileName),
    index("planifications_centre_idx").on(t.centreId),
    index("planifications_annee_idx").on(t.anneeId),
  ],
);

/** A subject of the course-support documents. */
export const matieres = pgTable("matieres", {
  id: serial("id").primaryKey(),
  nom: text("nom").notNull().unique(),
  description: text("description"),
});

/** A level of a subject, shown in `ordre`; a subject without levels lists its documents directly. */
export const niveaux = pgTable(
  "niveaux",
  {
    id: serial("id").primaryKey(),
    matiereId: integer("matiere_id")
      .notNull()
      .references(() => matieres.id, { onDelete: "cascade" }),
    nom: text("nom").notNull(),
    ordre: integer("ordre").notNull().default(0),
  },
  (t) => [uniqueIndex("niveaux_matiere_nom_unique").on(t.matiereId, t.nom)],
);

/** A course-support document of a subject (and of one of its levels when it has levels). */
export const coursDocuments = pgTable(
  "cours_documents",
  {
    id: serial("id").primaryKey(),
    matiereId: integer("matiere_id")
      .notNull()
      .references(() => matieres.id, { onDelete: "cascade" }),
    niveauId: integer("niveau_id").references(() => niveaux.id, { onDelete: "cascade" }),
    titre: text("titre").notNull(),
    description: text("description"),
    /** Month (1-12) and year the document belongs to, shown to staff (docs/spec/back-office.md section 5). */
    mois: integer("mois"),
    annee: integer("annee"),
    /** Staff order inside its subject and level (arrows or drag and drop); students follow it. */
    ordre: integer("ordre").notNull().default(0),
    ...publishedPdf(),
    ...withdrawal(),
    /**
     * The wire JSON (docs/spec/student-portal.md section 3) up to `"taille_fichier":` and after it, computed by
     * PostgreSQL from the row (migration 0006, decision 050); the size comes from stored_files.
     */
    wireHead: text("wire_head")
      .notNull()
      .generatedAlwaysAs(
        sql`course_document_wire_head(id, matiere_id, niveau_id, titre, description, file_name, type_fichier)`,
      ),
    wireTail: text("wire_tail").notNull().generatedAlwaysAs(sql`course_document_wire_tail(created_at)`),
  },
  (t) => [
    uniqueIndex("cours_documents_file_name_unique").on(t.fileName),
    index("cours_documents_matiere_idx").on(t.matiereId),
  ],
);

/** An orientation guide, open to every signed-in student. */
export const orientationDocuments = pgTable(
  "orientation_documents",
  {
    id: serial("id").primaryKey(),
    titre: text("titre").notNull(),
    description: text("description"),
    ...publishedPdf(),
    ...withdrawal(),
  },
  (t) => [uniqueIndex("orientation_documents_file_name_unique").on(t.fileName)],
);
