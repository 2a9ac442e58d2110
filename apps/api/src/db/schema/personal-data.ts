import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { staffUsers } from "./staff.ts";

/*
 * Personal data under law 09-08 (docs/spec/school-year-and-data.md section 4): the retention
 * periods, the purge runs, and the access and erasure requests handled.
 */

/** The retention periods in months and the CNDP number: one row (id 1), its defaults the spec's. */
export const retentionSettings = pgTable(
  "conservation",
  {
    id: integer("id").primaryKey().default(1),
    anciensElevesMois: integer("anciens_eleves_mois").notNull().default(36),
    invitationsMois: integer("invitations_mois").notNull().default(12),
    messagesMois: integer("messages_mois").notNull().default(24),
    tracesMois: integer("traces_mois").notNull().default(12),
    emailsEnvoyesMois: integer("emails_envoyes_mois").notNull().default(1),
    journalMois: integer("journal_mois").notNull().default(60),
    cndpNumero: text("cndp_numero"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("conservation_one_row", sql`${t.id} = 1`),
    check(
      "conservation_months",
      sql`least(${t.anciensElevesMois}, ${t.invitationsMois}, ${t.messagesMois}, ${t.tracesMois}, ${t.emailsEnvoyesMois}, ${t.journalMois}) >= 0`,
    ),
  ],
);

/** A purge: nightly (`nuit`) or asked for (`manuel`); its counts per category once it is done. */
export const purgeRuns = pgTable(
  "purges",
  {
    id: serial("id").primaryKey(),
    declenchement: text("declenchement").notNull(),
    staffId: integer("staff_id").references(() => staffUsers.id, { onDelete: "set null" }),
    statut: text("statut").notNull().default("en_cours"),
    /** `{ categorie: nombre }`, filled as each category is done. */
    nombres: jsonb("nombres").$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    check("purges_declenchement_check", sql`${t.declenchement} in ('nuit', 'manuel')`),
    check("purges_statut_check", sql`${t.statut} in ('en_cours', 'terminee', 'echouee')`),
  ],
);

/**
 * The access and erasure requests handled (art. 7 and 9): what was done, when, by whom, for which
 * student id. After an erasure the id is all that is left of the student; `empreinte` (a SHA-256 of
 * the erased e-mail address) lets a restore of an older backup find them again and erase them anew.
 */
export const dataRequests = pgTable(
  "demandes_donnees",
  {
    id: serial("id").primaryKey(),
    type: text("type").notNull(),
    etudiantId: integer("etudiant_id").notNull(),
    /** Who asked: the staff member, or null when the student downloaded their own data. */
    staffId: integer("staff_id").references(() => staffUsers.id, { onDelete: "set null" }),
    motif: text("motif"),
    empreinte: text("empreinte"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("demandes_donnees_type_check", sql`${t.type} in ('acces', 'effacement', 'purge')`)],
);
