import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { etudiants } from "./academy.ts";

/**
 * Certificate requests ("demandes d'attestation"). The identity columns are copied from the
 * student at the time of the request, as the office needs them on the certificate.
 */
export const certificateRequests = pgTable(
  "certificate_requests",
  {
    id: serial("id").primaryKey(),
    etudiantId: integer("etudiant_id")
      .notNull()
      .references(() => etudiants.id, { onDelete: "cascade" }),
    studentId: text("student_id").notNull(),
    nom: text("nom").notNull(),
    prenom: text("prenom").notNull(),
    cin: text("cin"),
    option: text("option"),
    centreId: integer("centre_id"),
    type: text("type").notNull(),
    niveau: text("niveau"),
    /** Always in the canonical order (Español, Français), so identical requests compare equal. */
    langues: text("langues").array().notNull().default(sql`'{}'`),
    status: text("status").notNull().default("En Cours"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("certificate_requests_etudiant_idx").on(t.etudiantId, t.createdAt.desc()),
    // At most one identical request in progress per student: a double click or two
    // concurrent sends cannot make two rows, whichever API process receives them.
    uniqueIndex("certificate_requests_one_pending_idx")
      .on(t.etudiantId, t.type, sql`coalesce(${t.niveau}, '')`, t.langues)
      .where(sql`${t.status} = 'En Cours'`),
  ],
);
