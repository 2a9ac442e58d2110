import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { etudiants, schoolYears } from "./schema/index.ts";

/*
 * The current school year in the reads of every module (decision 111). Writers need nothing: the
 * year columns default to `current_school_year_id()` (migration 0014).
 */

/**
 * The id of the year `en_cours`, as a scalar subquery: PostgreSQL runs it once per statement
 * (an InitPlan on the partial unique index), so `annee_id = (…)` stays an index condition.
 * Not `current_school_year_id()`: it is VOLATILE (it may create the first year), so it would be
 * evaluated for every row and keep the planner off the `annee_id` indexes.
 */
export const currentYearId = sql`(select ${schoolYears.id} from ${schoolYears} where ${schoolYears.statut} = 'en_cours')`;

/** The row's year is the current one. */
export const inCurrentYear = (column: AnyPgColumn | SQL) => sql`${column} = ${currentYearId}`;

/** Enrolled in the current year: the students the daily lists, audiences and counters count by default. */
export const enrolledNow = and(eq(etudiants.statutScolaire, "inscrit"), inCurrentYear(etudiants.promotionId)) as SQL;
