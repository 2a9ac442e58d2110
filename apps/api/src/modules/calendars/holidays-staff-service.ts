import {
  CALENDAR_STAFF_MESSAGES,
  calendarDay,
  EVERY_CENTRE,
  generatedHolidays,
  HOLIDAY_KIND_LABELS,
  type HolidayKind,
  holidayScope,
  type Page,
  type StaffHoliday,
  type StaffHolidayCreateRequest,
  type StaffHolidaysQuery,
  type StaffHolidayUpdateRequest,
  schoolYearOf,
  schoolYearStarting,
  staffHolidayCreateRequest,
} from "@puerta/contract";
import { and, asc, desc, eq, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { joursFeries, joursFeriesCentres } from "../../db/schema/index.ts";
import { inCentreScope } from "../../lib/centre-scope.ts";
import { notFound, validationFailed } from "../../lib/errors.ts";
import { containsPattern, countAll, isoTimestamp, listPage, sortNamed } from "../../lib/list-sql.ts";
import type { LiveSession } from "../../lib/staff-session.ts";
import { assertVisible, assertWritable, auditActor } from "../../lib/staff-session.ts";
import { audit, changedFields } from "../audit/service.ts";
import { assertCentresExist } from "./events-staff-service.ts";

const m = CALENDAR_STAFF_MESSAGES;
const h = joursFeries;
type Executor = Pick<Database, "select" | "insert" | "update" | "delete">;

const centreIdsOf = sql<
  number[]
>`coalesce((select array_agg(${joursFeriesCentres.centreId} order by ${joursFeriesCentres.centreId})
  from ${joursFeriesCentres} where ${joursFeriesCentres.jourFerieId} = ${h.id}), '{}')`;

const holidayColumns = {
  id: h.id,
  nom: h.nom,
  description: h.description,
  categorie: sql<HolidayKind>`${h.categorie}`,
  date: h.jour,
  date_fin: h.jourFin,
  statut_date: sql<StaffHoliday["statut_date"]>`${h.statutDate}`,
  tous_centres: h.fermeTous,
  centre_ids: centreIdsOf,
  genere: sql<boolean>`${h.cle} is not null`,
  sequence: h.sequence,
  updated_at: isoTimestamp(h.updatedAt),
};

const SORTS: Record<string, SQL[]> = {
  date: [asc(h.jour)],
  "-date": [desc(h.jour)],
  nom: [asc(h.nom)],
  "-nom": [desc(h.nom)],
  categorie: [asc(h.categorie), asc(h.jour)],
  "-categorie": [desc(h.categorie), asc(h.jour)],
};

const startYearOf = (day: string) => schoolYearOf(day).startYear;

/**
 * Writes the generated holidays of the school year starting in `startYear` (docs/spec/
 * back-office.md section 5) that are not there yet, withdrawn ones included, so generating
 * a year again neither duplicates a holiday nor brings back one the staff withdrew or moved.
 * Answers how many were added.
 */
export async function generateHolidayYear(executor: Pick<Database, "insert">, startYear: number): Promise<number> {
  const rows = generatedHolidays(schoolYearStarting(startYear)).map((g) => ({
    nom: g.nom,
    jour: g.jour,
    description: g.description,
    categorie: g.categorie,
    statutDate: g.categorie === "religieux" ? "prevue" : null,
    cle: g.cle,
    anneeScolaire: startYear,
  }));
  if (rows.length === 0) return 0;
  const inserted = await executor.insert(h).values(rows).onConflictDoNothing().returning({ id: h.id });
  return inserted.length;
}

/**
 * The back-office's holidays and closures (`/api/gestion/jours-feries`). A secretary writes only
 * the closures whose every centre is hers (holidayScope in permissions.ts); another centre's
 * closure does not exist for her (404).
 */
export function createHolidaysAdmin(db: Database, now: () => Date = () => new Date()) {
  async function find(executor: Executor, id: number): Promise<StaffHoliday> {
    const [row] = await executor
      .select(holidayColumns)
      .from(h)
      .where(and(eq(h.id, id), isNull(h.withdrawnAt)));
    if (!row) throw notFound(m.holidayNotFound);
    return row;
  }

  /** The entry as the staff member may see it: 404 when unknown, withdrawn or another centre's closure. */
  async function visible(staff: LiveSession, id: number): Promise<StaffHoliday> {
    const holiday = await find(db, id);
    assertVisible(staff, "read:jours-feries", holidayScope(holiday));
    return holiday;
  }

  async function setCentres(tx: Executor, id: number, tous: boolean, centreIds: readonly number[]) {
    await tx.delete(joursFeriesCentres).where(eq(joursFeriesCentres.jourFerieId, id));
    const ids = tous ? [] : [...new Set(centreIds)];
    if (ids.length > 0)
      await tx.insert(joursFeriesCentres).values(ids.map((centreId) => ({ jourFerieId: id, centreId })));
  }

  const invalid = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => {
    const errors: Record<string, string[]> = {};
    for (const issue of issues) errors[String(issue.path[0])] ??= [issue.message];
    return validationFailed(errors);
  };

  return {
    async list(staff: LiveSession, query: StaffHolidaysQuery): Promise<Page<StaffHoliday>> {
      const sort = sortNamed(SORTS, query.sort ?? "date");
      const annee = query.annee ?? startYearOf(calendarDay(now()));
      const conditions: (SQL | undefined)[] = [isNull(h.withdrawnAt), eq(h.anneeScolaire, annee)];
      conditions.push(inCentreScope(staff, "read:jours-feries"));
      if (query.categorie) conditions.push(eq(h.categorie, query.categorie));
      if (query.centre_id) {
        conditions.push(
          or(
            eq(h.fermeTous, true),
            sql`exists (select 1 from ${joursFeriesCentres} where ${joursFeriesCentres.jourFerieId} = ${h.id} and ${joursFeriesCentres.centreId} = ${query.centre_id})`,
          ),
        );
      }
      if (query.q) conditions.push(ilike(h.nom, containsPattern(query.q)));
      const where = and(...conditions);
      return listPage(query, db.select({ n: countAll() }).from(h).where(where), (limit, offset) =>
        db
          .select(holidayColumns)
          .from(h)
          .where(where)
          .orderBy(...sort, asc(h.id))
          .limit(limit)
          .offset(offset),
      );
    },

    get: (staff: LiveSession, id: number) => visible(staff, id),

    async generate(staff: LiveSession, annee: number, ip: string | null) {
      assertWritable(staff, "create:jours-feries", EVERY_CENTRE);
      return db.transaction(async (tx) => {
        const created = await generateHolidayYear(tx, annee);
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "generation",
          entity: "jours-feries",
          summary: `Jours fériés de l'année scolaire ${annee}-${annee + 1} générés (${created} ajouté${created > 1 ? "s" : ""}).`,
        });
        return { annee, created };
      });
    },

    async create(staff: LiveSession, body: StaffHolidayCreateRequest, ip: string | null): Promise<StaffHoliday> {
      const parsed = staffHolidayCreateRequest.safeParse(body);
      if (!parsed.success) throw invalid(parsed.error.issues);
      const input = parsed.data;
      assertWritable(staff, "create:jours-feries", holidayScope(input));
      await assertCentresExist(db, input.tous_centres ? [] : input.centre_ids);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(h)
          .values({
            nom: input.nom,
            description: input.description || null,
            categorie: input.categorie,
            jour: input.date,
            jourFin: input.date_fin && input.date_fin !== input.date ? input.date_fin : null,
            // The staff know the day they enter: only generated religious days are 'prévue'.
            statutDate: input.categorie === "religieux" ? "confirmee" : null,
            fermeTous: input.tous_centres,
            anneeScolaire: startYearOf(input.date),
          })
          .returning({ id: h.id });
        if (!row) throw new Error("holiday insert returned nothing");
        await setCentres(tx, row.id, input.tous_centres, input.centre_ids);
        const created = await find(tx, row.id);
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "creation",
          entity: "jours-feries",
          entityId: row.id,
          summary: `${HOLIDAY_KIND_LABELS[input.categorie]} « ${input.nom} » ajouté(e) le ${input.date}${created.date_fin ? ` jusqu'au ${created.date_fin}` : ""}.`,
          changes: changedFields({} as Record<string, unknown>, created, AUDITED),
        });
        return created;
      });
    },

    /** Moving a religious holiday's day confirms it. */
    async update(staff: LiveSession, id: number, body: StaffHolidayUpdateRequest, ip: string | null) {
      const before = await visible(staff, id);
      assertWritable(staff, "update:jours-feries", holidayScope(before));
      const after = {
        nom: body.nom ?? before.nom,
        description: body.description === undefined ? before.description : body.description || null,
        categorie: before.categorie,
        date: body.date ?? before.date,
        date_fin: body.date_fin === undefined ? before.date_fin : body.date_fin,
        tous_centres: body.tous_centres ?? before.tous_centres,
        centre_ids: [...new Set(body.centre_ids ?? before.centre_ids)].sort((a, b) => a - b),
        statut_date: before.statut_date,
      };
      if (after.date_fin === after.date) after.date_fin = null;
      const checked = staffHolidayCreateRequest.safeParse({ ...after, description: after.description ?? "" });
      if (!checked.success) throw invalid(checked.error.issues);
      if (before.genere && startYearOf(after.date) !== startYearOf(before.date)) {
        throw validationFailed({ date: ["Un jour férié généré reste dans son année scolaire."] });
      }
      if (after.tous_centres) after.centre_ids = [];
      assertWritable(staff, "update:jours-feries", holidayScope(after));
      if (before.categorie === "religieux" && after.date !== before.date) after.statut_date = "confirmee";
      await assertCentresExist(db, after.centre_ids);
      const changes = changedFields(before, after, [...AUDITED, "statut_date"]);
      if (Object.keys(changes).length === 0) return before;
      return db.transaction(async (tx) => {
        await tx
          .update(h)
          .set({
            nom: after.nom,
            description: after.description,
            jour: after.date,
            jourFin: after.date_fin,
            fermeTous: after.tous_centres,
            statutDate: after.statut_date,
            anneeScolaire: startYearOf(after.date),
            sequence: sql`${h.sequence} + 1`,
            updatedAt: sql`now()`,
          })
          .where(eq(h.id, id));
        if (changes.tous_centres || changes.centre_ids) await setCentres(tx, id, after.tous_centres, after.centre_ids);
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "modification",
          entity: "jours-feries",
          entityId: id,
          summary: `« ${after.nom} » modifié${changes.statut_date ? " ; date confirmée" : ""}.`,
          changes,
        });
        return find(tx, id);
      });
    },

    /** 'Date confirmée' on the expected day of a religious holiday. */
    async confirm(staff: LiveSession, id: number, ip: string | null): Promise<StaffHoliday> {
      const before = await visible(staff, id);
      assertWritable(staff, "update:jours-feries", holidayScope(before));
      if (before.categorie !== "religieux") throw validationFailed({ statut_date: [m.notReligious] }, m.notReligious);
      if (before.statut_date === "confirmee") return before;
      return db.transaction(async (tx) => {
        await tx
          .update(h)
          .set({ statutDate: "confirmee", sequence: sql`${h.sequence} + 1`, updatedAt: sql`now()` })
          .where(eq(h.id, id));
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "confirmation",
          entity: "jours-feries",
          entityId: id,
          summary: `Date de « ${before.nom} » confirmée : ${before.date}.`,
          changes: { statut_date: { before: before.statut_date, after: "confirmee" } },
        });
        return find(tx, id);
      });
    },

    async withdraw(staff: LiveSession, id: number, ip: string | null): Promise<void> {
      const before = await visible(staff, id);
      assertWritable(staff, "delete:jours-feries", holidayScope(before));
      await db.transaction(async (tx) => {
        await tx
          .update(h)
          .set({
            withdrawnAt: sql`now()`,
            withdrawnBy: staff.id,
            sequence: sql`${h.sequence} + 1`,
            updatedAt: sql`now()`,
          })
          .where(and(eq(h.id, id), isNull(h.withdrawnAt)));
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "retrait",
          entity: "jours-feries",
          entityId: id,
          summary: `« ${before.nom} » (${before.date}) retiré (corbeille).`,
        });
      });
    },
  };
}

const AUDITED = ["nom", "description", "categorie", "date", "date_fin", "tous_centres", "centre_ids"] as const;

export type HolidaysAdmin = ReturnType<typeof createHolidaysAdmin>;
