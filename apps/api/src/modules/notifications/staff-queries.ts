import { sql } from "drizzle-orm";
import { centres, etudiants, filieres, notificationReads, notifications, options } from "../../db/schema/index.ts";
import { reachesStudent } from "./queries.ts";

const n = notifications;

/**
 * The back-office's view of notifications (docs/spec/back-office.md section 5). Who receives a
 * notification is never judged here: every count and list of recipients goes through the
 * student side's `addressedToStudent` (queries.ts, decision 025), less the deactivated accounts
 * (`reachesStudent`).
 */

export const stateOf = sql<"brouillon" | "programmee" | "publiee" | "retiree">`case
  when ${n.withdrawnAt} is not null then 'retiree'
  when ${n.publishedAt} is null then 'brouillon'
  when ${n.publishedAt} > now() then 'programmee'
  else 'publiee' end`;

/** The audience's id list: the one its type reads. */
export const audienceIds = sql<number[]>`case ${n.typeDestinataire}
  when 'etudiant_specifique' then ${n.etudiantIds} when 'option' then ${n.optionIds}
  when 'centre' then ${n.centreIds} when 'filiere' then ${n.filiereIds} else '{}'::integer[] end`;

/** The centres an option or filière audience is narrowed to (none: every centre). */
export const audienceCentreIds = sql<number[]>`case when ${n.typeDestinataire} in ('option', 'filiere')
  then ${n.centreIds} else '{}'::integer[] end`;

/** Students the stored notification `n` reaches now. */
export const recipientCount = sql<number>`(select count(*)::int from ${etudiants} where ${reachesStudent})`;

/**
 * Recipients who opened it. Drizzle leaves a single table's columns unqualified (`"id"`), which
 * inside this subquery would mean the student's id: the notification is named by its table.
 */
export const readCount = sql<number>`(select count(*)::int from ${notificationReads} r
  join ${etudiants} on ${etudiants.id} = r.etudiant_id where r.notification_id = ${sql.identifier("notifications")}.id
  and ${reachesStudent})`;

const namesOf = (table: typeof centres | typeof options | typeof filieres, ids: unknown) =>
  sql`(select string_agg(t.nom, ', ' order by t.nom) from ${table} t where t.id = any(${ids}))`;

const inCentres = sql`case when cardinality(${n.centreIds}) > 0
  then ' — Centres : ' || coalesce(${namesOf(centres, n.centreIds)}, '—') else '' end`;

/** "Tous les étudiants", "Centres : Ain Sebaa", "Options : Selectividad Santé — Centres : Ain Sebaa", "3 étudiants"… */
export const audienceSummary = sql<string>`case ${n.typeDestinataire}
  when 'tous' then 'Tous les étudiants'
  when 'centre' then 'Centres : ' || coalesce(${namesOf(centres, n.centreIds)}, '—')
  when 'option' then 'Options : ' || coalesce(${namesOf(options, n.optionIds)}, '—') || ${inCentres}
  when 'filiere' then 'Filières : ' || coalesce(${namesOf(filieres, n.filiereIds)}, '—') || ${inCentres}
  when 'etudiant_specifique' then case when cardinality(${n.etudiantIds}) = 1 then '1 étudiant'
    else cardinality(${n.etudiantIds}) || ' étudiants' end
  else ${n.typeDestinataire} end`;
