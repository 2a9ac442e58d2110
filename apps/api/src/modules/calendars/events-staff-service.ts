import {
  CALENDAR_STAFF_MESSAGES,
  EVENT_TYPE_LABELS,
  type EventType,
  type Page,
  type ScopedResource,
  STAFF_EVENT_FIELDS,
  type StaffEvent,
  type StaffEventCreateRequest,
  type StaffEventsQuery,
  type StaffEventUpdateRequest,
  staffEventCreateRequest,
} from "@puerta/contract";
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { centres, parascolaireCentres, parascolaires } from "../../db/schema/index.ts";
import { inCentreScope } from "../../lib/centre-scope.ts";
import { notFound, validationFailed } from "../../lib/errors.ts";
import { countAll, isoTimestamp, listPage, searchIn, sortNamed } from "../../lib/list-sql.ts";
import type { LiveSession } from "../../lib/staff-session.ts";
import { assertVisible, assertWritable, auditActor } from "../../lib/staff-session.ts";
import { audit, changedFields } from "../audit/service.ts";
import { assertCurrentYear, assertPastYear, currentYear, yearFilterOf, yearOf } from "../publishing/school-year.ts";

const m = CALENDAR_STAFF_MESSAGES;
const p = parascolaires;
type Executor = Pick<Database, "select" | "insert" | "update" | "delete">;

const centreIdsOf = sql<
  number[]
>`coalesce((select array_agg(${parascolaireCentres.centreId} order by ${parascolaireCentres.centreId})
  from ${parascolaireCentres} where ${parascolaireCentres.parascolaireId} = ${p.id}), '{}')`;

const eventColumns = {
  id: p.id,
  nom: p.nomEvenement,
  date: p.jourEvenement,
  heure_debut: sql<string | null>`to_char(${p.heureDebut}, 'HH24:MI')`,
  heure_fin: sql<string | null>`to_char(${p.heureFin}, 'HH24:MI')`,
  lieu: p.lieu,
  description: p.description,
  type: sql<EventType>`${p.typeEvenement}`,
  tous_centres: p.tousCentres,
  centre_ids: centreIdsOf,
  affiche: sql<
    string | null
  >`case when ${p.afficheKey} <> '' then '/api/gestion/parascolaire/' || ${p.id} || '/affiche' end`,
  sequence: p.sequence,
  updated_at: isoTimestamp(p.updatedAt),
  annee: yearOf(p.anneeId),
};

const SORTS: Record<string, SQL[]> = {
  date: [asc(p.jourEvenement), asc(p.heureDebut)],
  "-date": [desc(p.jourEvenement), desc(p.heureDebut)],
  nom: [asc(p.nomEvenement)],
  "-nom": [desc(p.nomEvenement)],
  lieu: [asc(p.lieu)],
  "-lieu": [desc(p.lieu)],
};

/** The centres an event targets, as the permission table reads them (`null` = every centre). */
export const eventScope = (event: { tous_centres: boolean; centre_ids: number[] }): ScopedResource => ({
  centre_ids: event.tous_centres ? [null] : event.centre_ids,
});

/** Events targeting `centreIds` (or every centre). */
const reachesCentres = (centreIds: readonly number[]) =>
  or(
    eq(p.tousCentres, true),
    sql`exists (select 1 from ${parascolaireCentres} where ${parascolaireCentres.parascolaireId} = ${p.id}
      and ${inArray(parascolaireCentres.centreId, [...centreIds])})`,
  );

export async function assertCentresExist(db: Pick<Database, "select">, centreIds: readonly number[]) {
  if (centreIds.length === 0) return;
  const found = await db
    .select({ id: centres.id })
    .from(centres)
    .where(inArray(centres.id, [...centreIds]));
  if (found.length !== new Set(centreIds).size) throw validationFailed({ centre_ids: [m.centreUnknown] });
}

const toTime = (value: string | null) => (value ? `${value}:00` : null);

/** The back-office's events (`/api/gestion/parascolaire`, docs/spec/back-office.md section 5). */
export function createEventsAdmin(db: Database) {
  async function find(executor: Executor, id: number): Promise<StaffEvent | undefined> {
    const [row] = await executor
      .select(eventColumns)
      .from(p)
      .where(and(eq(p.id, id), isNull(p.withdrawnAt)));
    return row;
  }

  /** The event as the staff member may see it: 404 when unknown, withdrawn or outside their centres. */
  async function visible(executor: Executor, staff: LiveSession, id: number): Promise<StaffEvent> {
    const event = await find(executor, id);
    if (!event) throw notFound(m.eventNotFound);
    assertVisible(staff, "read:parascolaire", eventScope(event));
    return event;
  }

  async function setCentres(tx: Executor, id: number, tous: boolean, centreIds: readonly number[]) {
    await tx.delete(parascolaireCentres).where(eq(parascolaireCentres.parascolaireId, id));
    const ids = tous ? [] : [...new Set(centreIds)];
    if (ids.length > 0) {
      await tx.insert(parascolaireCentres).values(ids.map((centreId) => ({ parascolaireId: id, centreId })));
    }
  }

  return {
    async list(staff: LiveSession, query: StaffEventsQuery): Promise<Page<StaffEvent>> {
      const sort = sortNamed(SORTS, query.sort ?? "date");
      const conditions: (SQL | undefined)[] = [isNull(p.withdrawnAt)];
      conditions.push(inCentreScope(staff, "read:parascolaire"));
      // The current year unless `annee` names another (docs/spec/school-year-and-data.md section 2).
      conditions.push(await yearFilterOf(db, p.anneeId, query.annee));
      if (query.centre_id) conditions.push(reachesCentres([query.centre_id]));
      if (query.type) conditions.push(eq(p.typeEvenement, query.type));
      if (query.du) conditions.push(gte(p.jourEvenement, query.du));
      if (query.au) conditions.push(lte(p.jourEvenement, query.au));
      if (query.q) {
        conditions.push(searchIn(query.q, [p.nomEvenement, p.lieu]));
      }
      const where = and(...conditions);
      return listPage(query, db.select({ n: countAll() }).from(p).where(where), (limit, offset) =>
        db
          .select(eventColumns)
          .from(p)
          .where(where)
          .orderBy(...sort, asc(p.id))
          .limit(limit)
          .offset(offset),
      );
    },

    get: (staff: LiveSession, id: number) => visible(db, staff, id),

    /** The poster's storage key, for the back-office's preview. */
    async afficheKey(staff: LiveSession, id: number): Promise<string> {
      await visible(db, staff, id);
      const [row] = await db.select({ key: p.afficheKey }).from(p).where(eq(p.id, id));
      if (!row?.key) throw notFound("Affiche introuvable.");
      return row.key;
    },

    async create(staff: LiveSession, body: StaffEventCreateRequest, ip: string | null): Promise<StaffEvent> {
      const input = staffEventCreateRequest.parse(body);
      assertWritable(staff, "create:parascolaire", eventScope(input));
      await assertCentresExist(db, input.tous_centres ? [] : input.centre_ids);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(p)
          .values({
            nomEvenement: input.nom,
            jourEvenement: input.date,
            heureDebut: toTime(input.heure_debut),
            heureFin: toTime(input.heure_fin),
            lieu: input.lieu,
            description: input.description,
            typeEvenement: input.type,
            tousCentres: input.tous_centres,
          })
          .returning({ id: p.id });
        if (!row) throw new Error("event insert returned nothing");
        await setCentres(tx, row.id, input.tous_centres, input.centre_ids);
        const created = await find(tx, row.id);
        if (!created) throw new Error("event vanished");
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "creation",
          entity: "parascolaire",
          entityId: row.id,
          summary: `Événement « ${input.nom} » (${EVENT_TYPE_LABELS[input.type]}) publié pour le ${input.date}.`,
          changes: changedFields({} as Record<string, unknown>, created, STAFF_EVENT_FIELDS),
        });
        return created;
      });
    },

    async update(staff: LiveSession, id: number, body: StaffEventUpdateRequest, ip: string | null) {
      const before = await visible(db, staff, id);
      assertCurrentYear(before);
      assertWritable(staff, "update:parascolaire", eventScope(before));
      const after = {
        nom: body.nom ?? before.nom,
        date: body.date ?? before.date,
        heure_debut: body.heure_debut === undefined ? before.heure_debut : body.heure_debut,
        heure_fin: body.heure_fin === undefined ? before.heure_fin : body.heure_fin,
        lieu: body.lieu ?? before.lieu,
        description: body.description ?? before.description,
        type: body.type ?? before.type,
        tous_centres: body.tous_centres ?? before.tous_centres,
        centre_ids: [...new Set(body.centre_ids ?? before.centre_ids)].sort((a, b) => a - b),
      };
      // The event as it will be: hours in order and centres named (the body alone may not say).
      const checked = staffEventCreateRequest.safeParse(after);
      if (!checked.success) {
        const errors: Record<string, string[]> = {};
        for (const issue of checked.error.issues) errors[String(issue.path[0])] ??= [issue.message];
        throw validationFailed(errors);
      }
      if (after.tous_centres) after.centre_ids = [];
      assertWritable(staff, "update:parascolaire", eventScope(after));
      await assertCentresExist(db, after.centre_ids);
      const changes = changedFields(before, after, STAFF_EVENT_FIELDS);
      if (Object.keys(changes).length === 0) return before;
      return db.transaction(async (tx) => {
        await tx
          .update(p)
          .set({
            nomEvenement: after.nom,
            jourEvenement: after.date,
            heureDebut: toTime(after.heure_debut),
            heureFin: toTime(after.heure_fin),
            lieu: after.lieu,
            description: after.description,
            typeEvenement: after.type,
            tousCentres: after.tous_centres,
            sequence: sql`${p.sequence} + 1`,
            updatedAt: sql`now()`,
          })
          .where(eq(p.id, id));
        if (changes.tous_centres || changes.centre_ids) await setCentres(tx, id, after.tous_centres, after.centre_ids);
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "modification",
          entity: "parascolaire",
          entityId: id,
          summary: `Événement « ${after.nom} » modifié.`,
          changes,
        });
        const updated = await find(tx, id);
        if (!updated) throw new Error("event vanished");
        return updated;
      });
    },

    /** "Retirer": gone for students at once, in the restore bin; the feed cancels it. */
    async withdraw(staff: LiveSession, id: number, ip: string | null): Promise<void> {
      const before = await visible(db, staff, id);
      assertCurrentYear(before);
      assertWritable(staff, "delete:parascolaire", eventScope(before));
      await db.transaction(async (tx) => {
        await tx
          .update(p)
          .set({
            withdrawnAt: sql`now()`,
            withdrawnBy: staff.id,
            sequence: sql`${p.sequence} + 1`,
            updatedAt: sql`now()`,
          })
          .where(and(eq(p.id, id), isNull(p.withdrawnAt)));
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "retrait",
          entity: "parascolaire",
          entityId: id,
          summary: `Événement « ${before.nom} » retiré (corbeille).`,
        });
      });
    },

    /** The event whose poster the staff member is about to change: 404 outside, 403 read-only. */
    async posterTarget(staff: LiveSession, id: number): Promise<StaffEvent> {
      const event = await visible(db, staff, id);
      assertCurrentYear(event);
      assertWritable(staff, "update:parascolaire", eventScope(event));
      return event;
    },

    /**
     * "Republier": a closed year's event copied into the current year (docs/spec/school-year-and-data.md
     * section 2), a new row with its own id, same day, hours, place, centres; its poster's key is
     * passed in by the route, which stored a copy of the image (never the same key: the bin's
     * purge of either row deletes its own). Journalled as `republication`.
     */
    async republishTarget(
      staff: LiveSession,
      id: number,
    ): Promise<StaffEvent & { afficheKey: string | null; into: string }> {
      const event = await visible(db, staff, id);
      assertPastYear(event);
      assertWritable(staff, "create:parascolaire", eventScope(event));
      const [row] = await db.select({ key: p.afficheKey }).from(p).where(eq(p.id, id));
      return { ...event, afficheKey: row?.key || null, into: (await currentYear(db)).label };
    },

    async republish(
      tx: Executor,
      staff: LiveSession,
      event: StaffEvent & { into: string },
      afficheKey: string | null,
      ip: string | null,
    ): Promise<number> {
      const [row] = await tx
        .insert(p)
        .values({
          nomEvenement: event.nom,
          jourEvenement: event.date,
          heureDebut: toTime(event.heure_debut),
          heureFin: toTime(event.heure_fin),
          lieu: event.lieu,
          description: event.description,
          typeEvenement: event.type,
          tousCentres: event.tous_centres,
          afficheKey,
        })
        .returning({ id: p.id });
      if (!row) throw new Error("event insert returned nothing");
      await setCentres(tx, row.id, event.tous_centres, event.centre_ids);
      const created = await find(tx, row.id);
      if (!created) throw new Error("event vanished");
      await audit(tx, {
        actor: auditActor(staff),
        ip,
        action: "republication",
        entity: "parascolaire",
        entityId: row.id,
        summary: `Événement « ${event.nom} » republié pour l'année ${event.into} (copie de l'événement n° ${event.id} de ${event.annee.label}).`,
        changes: changedFields({} as Record<string, unknown>, created, STAFF_EVENT_FIELDS),
      });
      return row.id;
    },

    /**
     * Names the poster stored under `key` (null removes it) in the caller's transaction, with
     * its audit entry; answers the previous key, deleted by the caller once committed.
     */
    async writeAffiche(
      tx: Executor,
      staff: LiveSession,
      event: StaffEvent,
      key: string | null,
      ip: string | null,
    ): Promise<string | null> {
      const [old] = await tx.select({ key: p.afficheKey }).from(p).where(eq(p.id, event.id));
      const before = old?.key ? "image" : null;
      if (!before && !key) return null;
      await tx
        .update(p)
        .set({ afficheKey: key, sequence: sql`${p.sequence} + 1`, updatedAt: sql`now()` })
        .where(eq(p.id, event.id));
      await audit(tx, {
        actor: auditActor(staff),
        ip,
        action: "modification",
        entity: "parascolaire",
        entityId: event.id,
        summary: `Affiche de l'événement « ${event.nom} » ${key ? (before ? "remplacée" : "ajoutée") : "retirée"}.`,
        changes: { affiche: { before, after: key ? "image" : null } },
      });
      return old?.key ?? null;
    },
  };
}

export type EventsAdmin = ReturnType<typeof createEventsAdmin>;
