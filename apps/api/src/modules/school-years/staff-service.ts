import {
  type ClosureRequest,
  type ClosureResponse,
  type CohortResponse,
  calendarDay,
  LEAVING_REASON_LABELS,
  leavingDayOfClosure,
  SCHOOL_YEAR_MESSAGES as M,
  type SchoolYearsResponse,
  STUDENT_STAFF_MESSAGES,
  schoolYearStarting,
} from "@puerta/contract";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/migration-level.ts";
import { HttpError, notFound, validationFailed } from "../../lib/errors.ts";
import { auditActor, type LiveSession } from "../../lib/staff-session.ts";
import { audit } from "../audit/service.ts";
import { generateHolidayYear } from "../calendars/holidays-staff-service.ts";
import * as q from "./staff-queries.ts";

/**
 * `/gestion/annees` (docs/spec/school-year-and-data.md sections 1 and 2, decision 111): the years
 * and their counts, and closing the current one. A closure is one transaction on the locked year:
 * two directors confirming at once are one after the other, and the second is told the year is
 * closed (409); a retry with its Idempotency-Key gets the first answer (lib/idempotency.ts).
 */
export function createSchoolYearOffice(db: Database, today: () => string = () => calendarDay(new Date())) {
  const conflict = (message: string) => new HttpError(409, { message });

  async function checkChanges(tx: q.Executor, body: ClosureRequest, continuing: readonly number[]) {
    const changes = body.changements ?? [];
    const continuingSet = new Set(continuing);
    if (changes.some((change) => !continuingSet.has(change.etudiant_id))) {
      throw validationFailed({ changements: [M.continuingUnknown] });
    }
    const errors: Record<string, string[]> = {};
    const named = (field: "centre_id" | "option_id" | "filiere_id") =>
      changes.flatMap((change) => (typeof change[field] === "number" ? [change[field] as number] : []));
    if ((await q.unknownIds(tx, "centres", named("centre_id"))).length > 0)
      errors.centre_id = [STUDENT_STAFF_MESSAGES.centreUnknown];
    if ((await q.unknownIds(tx, "options", named("option_id"))).length > 0)
      errors.option_id = [STUDENT_STAFF_MESSAGES.optionUnknown];
    if ((await q.unknownIds(tx, "filieres", named("filiere_id"))).length > 0) {
      errors.filiere_id = [STUDENT_STAFF_MESSAGES.filiereUnknown];
    }
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
  }

  return {
    async list(): Promise<SchoolYearsResponse> {
      await q.currentYearId(db);
      const rows = await q.yearsWithCounts(db);
      return {
        data: rows.map((row) => {
          const year = schoolYearStarting(row.debut_annee);
          return {
            id: row.id,
            label: year.label,
            debut: year.first,
            fin: year.last,
            statut: row.statut,
            inscrits: row.inscrits,
            anciens_eleves: row.anciens_eleves,
          };
        }),
      };
    },

    async cohort(yearId: number): Promise<CohortResponse> {
      if (!(await q.yearById(db, yearId))) throw notFound(M.unknownYear);
      return { data: await q.enrolledStudents(db, yearId) };
    },

    /** The preview (`apercu`) writes nothing; the closure applies everything or nothing. */
    async close(staff: LiveSession, yearId: number, body: ClosureRequest, ip: string | null): Promise<ClosureResponse> {
      const preview = body.apercu === true;
      const run = async (tx: Database) => {
        const year = await q.lockYear(tx, yearId);
        if (!year) throw notFound(M.unknownYear);
        const { label } = schoolYearStarting(year.debut_annee);
        if (year.statut === "cloturee") throw conflict(M.alreadyClosed(label));
        if (year.statut !== "en_cours") throw conflict(M.notCurrent(label));
        const asked = [...new Set(body.continuent)];
        const continuing = await q.enrolledAmong(tx, year.id, asked);
        if (continuing.length !== asked.length) throw validationFailed({ continuent: [M.continuingUnknown] });
        await checkChanges(tx, body, continuing);
        const enrolled = await q.countEnrolled(tx, year.id);
        const next = schoolYearStarting(year.debut_annee + 1);
        if (preview) {
          const [existing] = await rowsOf<{ id: number }>(
            tx,
            sql`select id from annees_scolaires where debut_annee = ${next.startYear}`,
          );
          return {
            continuent: continuing.length,
            anciens_eleves: enrolled - continuing.length,
            nouvelle_annee: { id: existing?.id ?? null, label: next.label },
          };
        }

        const nextRow = await q.nextYear(tx, next.startYear);
        // The one-current-year index: the closed year first, then the next one.
        await q.setStatus(tx, year.id, "cloturee");
        await q.setStatus(tx, nextRow.id, "en_cours");
        const moved = await q.moveIntoYear(tx, year.id, nextRow.id, continuing, body.changements ?? []);
        const misfits = await rowsOf<{ id: number }>(
          tx,
          sql`select e.id from etudiants e join options o on o.id = e.option_id
          where e.promotion_id = ${nextRow.id} and o.filiere_id is not null and e.filiere_id is distinct from o.filiere_id
          and e.id = any(${`{${continuing.join(",")}}`}::integer[])`,
        );
        if (misfits.length > 0) throw validationFailed({ option_id: [STUDENT_STAFF_MESSAGES.optionNotInFiliere] });
        const left = await q.graduateRest(tx, year.id, leavingDayOfClosure(year.debut_annee, today()));
        await generateHolidayYear(tx, next.startYear);
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "cloture",
          entity: "annees",
          entityId: year.id,
          summary:
            `Année ${label} clôturée : ${moved} étudiant(s) continuent en ${next.label}, ` +
            `${left} deviennent anciens élèves (${LEAVING_REASON_LABELS.fin_de_formation}).`,
          changes: {
            statut: { before: "en_cours", after: "cloturee" },
            continuent: { before: null, after: moved },
            anciens_eleves: { before: null, after: left },
          },
        });
        return { continuent: moved, anciens_eleves: left, nouvelle_annee: { id: nextRow.id, label: next.label } };
      };
      return db.transaction(async (tx) => run(tx as unknown as Database));
    },
  };
}
