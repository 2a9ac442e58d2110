import { sql } from "drizzle-orm";
import { type AnyPgColumn, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { etudiants, schoolYears } from "./academy.ts";

/**
 * Certificate requests ("demandes d'attestation"). The identity columns are copied from the
 * student at the time of the request, as the office needs them on the certificate.
 */
export const certificateRequests = pgTable(
  "certificate_requests",
  {
    id: serial("id").primaryKey(),
    /**
     * Null once the student's data was erased (decision 112): a request whose attestation was
     * issued stays, its identity columns pseudonymised, so that `/verifier/{code}` still answers.
     */
    etudiantId: integer("etudiant_id").references(() => etudiants.id, { onDelete: "cascade" }),
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
    /** The reason of a refusal (or of a revocation), shown to the student. */
    motif: text("motif"),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The school year the attestation is about (a former student's may be a past one); null before migration 0015. */
    anneeId: integer("annee_id").references(() => schoolYears.id),
    /** "Réémettre avec les données du dossier": the revoked request this one was issued again from. */
    reemiseDe: integer("reemise_de").references((): AnyPgColumn => certificateRequests.id),
  },
  (t) => [
    index("certificate_requests_etudiant_idx").on(t.etudiantId, t.createdAt.desc()),
    index("certificate_requests_status_idx").on(t.status, t.createdAt),
    // At most one identical request in progress per student: a double click or two
    // concurrent sends cannot make two rows, whichever API process receives them.
    uniqueIndex("certificate_requests_one_pending_idx")
      .on(t.etudiantId, t.type, sql`coalesce(${t.niveau}, '')`, t.langues, sql`coalesce(${t.anneeId}, 0)`)
      .where(sql`${t.status} = 'En Cours'`),
  ],
);

/**
 * Every change of a request's status, with who made it and when (docs/spec/back-office.md section 6).
 * `staff_name` is copied so that the history reads the same after a rename.
 */
export const certificateRequestEvents = pgTable(
  "certificate_request_events",
  {
    id: serial("id").primaryKey(),
    requestId: integer("request_id")
      .notNull()
      .references(() => certificateRequests.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    motif: text("motif"),
    staffId: integer("staff_id"),
    staffName: text("staff_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("certificate_request_events_request_idx").on(t.requestId, t.createdAt)],
);

/**
 * The generated attestation of a request made `Disponible`: one per request, one number each
 * (both unique), and the verification code printed as a QR code. The holder, the signatory and
 * the issue date are copied at issue time, so the PDF (re)generated from the row and the public
 * verification always say what was issued.
 */
export const certificateDocuments = pgTable("certificate_documents", {
  id: serial("id").primaryKey(),
  requestId: integer("request_id")
    .notNull()
    .unique()
    .references(() => certificateRequests.id, { onDelete: "cascade" }),
  numero: text("numero").notNull().unique(),
  code: text("code").notNull().unique(),
  holderName: text("holder_name").notNull(),
  title: text("title").notNull(),
  signatoryName: text("signatory_name").notNull(),
  signatoryTitle: text("signatory_title").notNull(),
  issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  /** Storage key of the PDF; null until it has been written (it is then written on first download). */
  fileKey: text("file_key"),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
  revokedReason: text("revoked_reason"),
  revokedBy: integer("revoked_by"),
});

/** The last number given for each year: `PUE-{year}-{sequence}` (the row is locked while a number is taken). */
export const certificateNumberCounters = pgTable("certificate_number_counters", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});

/** The signatory the direction configures (one row, id 1). */
export const certificateSettings = pgTable("certificate_settings", {
  id: integer("id").primaryKey(),
  signatoryName: text("signatory_name").notNull(),
  signatoryTitle: text("signatory_title").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer("updated_by"),
});
