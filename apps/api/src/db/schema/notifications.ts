import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { etudiants, publishedForYear } from "./academy.ts";
import { staffUsers, withdrawal } from "./staff.ts";

/**
 * Notifications and their audience. The id lists are integer arrays so that the audience
 * rule (docs/spec/student-portal.md section 5) runs in SQL with `= ANY(...)`; the API writes them out in the
 * JSON-encoded form of section 3.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    titre: text("titre").notNull(),
    message: text("message").notNull(),
    typeDestinataire: text("type_destinataire").notNull(),
    etudiantIds: integer("etudiant_ids").array().notNull().default(sql`'{}'`),
    optionIds: integer("option_ids").array().notNull().default(sql`'{}'`),
    centreIds: integer("centre_ids").array().notNull().default(sql`'{}'`),
    filiereIds: integer("filiere_ids").array().notNull().default(sql`'{}'`),
    statut: text("statut").notNull().default("envoye"),
    sender: text("sender"),
    priority: text("priority"),
    /** Storage key of the optional photo; served by GET /api/notifications/{id}/photo. */
    photoKey: text("photo_key"),
    photoContentType: text("photo_content_type"),
    link: text("link"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When students see it (docs/spec/back-office.md section 5): null for a draft, a future time for a
     * scheduled one; the student query compares it with now(), so nothing has to run at that
     * time. The back-office sets `created_at` to the same instant, the date students read.
     */
    publishedAt: timestamp("published_at", { withTimezone: true }).defaultNow(),
    /** "Retirer" (modules/trash/kind.ts): hidden from students while set, purged after 30 days. */
    ...withdrawal(),
    /** The staff member who composed it; null when no account did (the seed's, rows older than migration 0009). */
    createdBy: integer("created_by").references(() => staffUsers.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** "Envoyer aussi par e-mail": the copies are queued once it is published (emailed_at set then). */
    emailCopy: boolean("email_copy").notNull().default(false),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    ...publishedForYear(),
    /**
     * The wire JSON (docs/spec/student-portal.md section 3) up to `"viewed_by":` and from the field after it, computed
     * by PostgreSQL from the row (migration 0006, decision 050): a list then joins each row's two
     * halves around the reader's own `viewed_by` instead of writing every field on each request.
     */
    wireHead: text("wire_head")
      .notNull()
      .generatedAlwaysAs(
        sql`notification_wire_head(id, titre, message, created_at, type_destinataire, etudiant_ids, option_ids, centre_ids, filiere_ids)`,
      ),
    wireTail: text("wire_tail")
      .notNull()
      .generatedAlwaysAs(sql`notification_wire_tail(id, statut, sender, priority, photo_key, link)`),
  },
  (t) => [
    index("notifications_created_at_idx").on(t.createdAt.desc(), t.id.desc()),
    index("notifications_withdrawn_at_idx").on(t.withdrawnAt),
    index("notifications_annee_idx").on(t.anneeId),
  ],
);

/** Who read what: one row per student and notification, exposed as `viewed_by`. */
export const notificationReads = pgTable(
  "notification_reads",
  {
    notificationId: integer("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    etudiantId: integer("etudiant_id")
      .notNull()
      .references(() => etudiants.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.etudiantId, t.notificationId] })],
);
