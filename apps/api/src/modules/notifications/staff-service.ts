import {
  ADMINISTRATION_SENDER,
  type AudienceChoices,
  type AudienceStudent,
  fromAcademyLocal,
  NOTIFICATION_STAFF_MESSAGES,
  type NotificationAudience,
  type NotificationReadsPage,
  type NotificationReadsQuery,
  type NotificationStaff,
  type NotificationStaffCreate,
  type NotificationStaffUpdate,
  type NotificationsStaffQuery,
  type Page,
  type Permission,
} from "@puerta/contract";
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  centres,
  etudiants,
  filieres,
  notificationReads,
  notifications,
  options,
  staffUsers,
  users,
} from "../../db/schema/index.ts";
import { centresWithin, inCentreScope, notificationCentres } from "../../lib/centre-scope.ts";
import { HttpError, notFound, validationFailed } from "../../lib/errors.ts";
import { containsPattern, isoTimestamp, searchIn, sortNamed } from "../../lib/list-sql.ts";
import type { LiveSession } from "../../lib/staff-session.ts";
import { assertWritable, auditActor } from "../../lib/staff-session.ts";
import { type FileStorage, StoredFileMissingError } from "../../lib/storage/index.ts";
import { checkImage, removeStoredFiles, storeFileWithRow } from "../../lib/uploads/index.ts";
import { audit, changedFields } from "../audit/service.ts";
import { assertCurrentYear, assertPastYear, currentYear, yearFilterOf, yearOf } from "../publishing/school-year.ts";
import { type AudienceFields, countAudienceParts, recipientsOf } from "./queries.ts";
import {
  audienceCentreIds,
  audienceIds,
  audienceSummary,
  readCount,
  recipientCount,
  stateOf,
} from "./staff-queries.ts";

const n = notifications;
const nm = NOTIFICATION_STAFF_MESSAGES;
type Executor = Pick<Database, "select" | "insert" | "update" | "execute">;

const columns = {
  id: n.id,
  titre: n.titre,
  message: n.message,
  priority: n.priority,
  link: n.link,
  photo: sql<
    string | null
  >`case when ${n.photoKey} <> '' then '/api/gestion/notifications/' || ${n.id} || '/photo' end`,
  sender: n.sender,
  audience_type: n.typeDestinataire,
  audience_ids: audienceIds,
  audience_centre_ids: audienceCentreIds,
  audience_summary: audienceSummary,
  state: stateOf,
  published_at: isoTimestamp(n.publishedAt),
  created_at: isoTimestamp(n.createdAt),
  updated_at: isoTimestamp(n.updatedAt),
  withdrawn_at: isoTimestamp(n.withdrawnAt),
  email_copy: n.emailCopy,
  emailed_at: isoTimestamp(n.emailedAt),
  created_by: sql<string | null>`(select s.name from ${staffUsers} s where s.id = ${n.createdBy})`,
  read_count: readCount,
  recipient_count: recipientCount,
  scope_centres: notificationCentres,
  annee: yearOf(n.anneeId),
};

type Row = Awaited<ReturnType<typeof selectRows>>[number];

function selectRows(db: Executor, where: SQL | undefined) {
  return db.select(columns).from(n).where(where);
}

const toView = ({
  audience_type,
  audience_ids,
  audience_centre_ids,
  scope_centres: _,
  ...row
}: Row): NotificationStaff => ({
  ...row,
  audience: { type: audience_type, ids: audience_ids ?? [], centre_ids: audience_centre_ids ?? [] },
});

const SORTS: Record<string, SQL> = {
  published_at: sql`${n.publishedAt} asc nulls first`,
  "-published_at": sql`${n.publishedAt} desc nulls first`,
  titre: asc(n.titre),
  "-titre": desc(n.titre),
  updated_at: asc(n.updatedAt),
  "-updated_at": desc(n.updatedAt),
};

/** The stored fields of an audience (the columns the student rule reads). */
export function audienceFields(audience: NotificationAudience): AudienceFields {
  const ids = audience.ids;
  return {
    typeDestinataire: audience.type,
    etudiantIds: audience.type === "etudiant_specifique" ? ids : [],
    optionIds: audience.type === "option" ? ids : [],
    centreIds: audience.type === "centre" ? ids : audience.centre_ids,
    filiereIds: audience.type === "filiere" ? ids : [],
  };
}

/** "Aucun étudiant ne la recevra : …" — the reason, so the staff member knows what to change. */
function whyNobody(audience: NotificationAudience, deactivated: number): string {
  if (deactivated > 0) return nm.noRecipientDeactivated(deactivated);
  if (audience.centre_ids.length > 0) return nm.noRecipientNarrowed;
  return (
    {
      centre: nm.noRecipientCentre,
      option: nm.noRecipientOption,
      filiere: nm.noRecipientFiliere,
      etudiant_specifique: nm.noRecipientStudents,
    }[audience.type as "centre"] ?? nm.noRecipientNobody
  );
}

const withdrawnConflict = () => new HttpError(409, { message: nm.withdrawn });

/**
 * The back-office's notifications (docs/spec/back-office.md section 5): compose, schedule,
 * correct, withdraw, and who read them. The secretariat works only on notifications whose
 * audience stays inside her centres (section 1): any other is 404 to her, and an audience that
 * would leave them is 403.
 */
export function createNotificationStaff({
  db,
  storage,
  onPublished,
}: {
  db: Database;
  storage: FileStorage;
  onPublished: () => void;
}) {
  /** What the staff member may see: everything, or an audience that stays inside her centres (decision 099). */
  const visibleTo = (staff: LiveSession): SQL | undefined => inCentreScope(staff, "read:notifications");

  async function find(executor: Executor, staff: LiveSession, id: number): Promise<Row> {
    const [row] = await selectRows(executor, and(eq(n.id, id), visibleTo(staff)));
    if (!row) throw notFound(nm.notFound);
    return row;
  }

  /** The centres an audience would reach: what the write is checked against (403 outside). */
  async function audienceCentres(executor: Executor, audience: NotificationAudience): Promise<(number | null)[]> {
    if (audience.type === "centre") return audience.ids;
    if (audience.centre_ids.length > 0) return audience.centre_ids;
    if (audience.type !== "etudiant_specifique") return [null];
    const rows = await executor
      .select({ centreId: etudiants.centreId })
      .from(etudiants)
      .where(inArray(etudiants.id, audience.ids));
    return rows.map((row) => row.centreId);
  }

  /** Ids that name nothing are refused (422) rather than silently reaching no one. */
  async function assertAudienceExists(executor: Executor, audience: NotificationAudience) {
    const table = { centre: centres, option: options, filiere: filieres, etudiant_specifique: etudiants }[
      audience.type as "centre"
    ];
    const lists: [typeof centres, number[]][] = [
      [table, audience.ids],
      [centres, audience.centre_ids],
    ];
    for (const [t, ids] of lists) {
      if (!t || ids.length === 0) continue;
      const [found] = await executor.select({ n: sql<number>`count(*)::int` }).from(t).where(inArray(t.id, ids));
      if ((found?.n ?? 0) !== ids.length) throw validationFailed({ audience: [nm.audienceUnknown] });
    }
  }

  async function checkAudience(staff: LiveSession, audience: NotificationAudience, permission: Permission) {
    await assertAudienceExists(db, audience);
    assertWritable(staff, permission, { centre_ids: await audienceCentres(db, audience) });
  }

  /** `published_at` (and `created_at`, the date students read) for the chosen publication. */
  function publication(body: { publication?: string; publish_at?: string | null }, now: Date) {
    if (body.publication === "maintenant") return { publishedAt: now, createdAt: now };
    if (body.publication === "brouillon") return { publishedAt: null };
    if (body.publication === "programmee") {
      const at = fromAcademyLocal(body.publish_at ?? "");
      if (!at) throw validationFailed({ publish_at: [nm.publishAtInvalid] });
      if (at.getTime() <= now.getTime()) throw validationFailed({ publish_at: [nm.publishAtPast] });
      return { publishedAt: at, createdAt: at };
    }
    return {};
  }

  const senderOf = (staff: LiveSession, mode: string) =>
    mode === "administration" ? ADMINISTRATION_SENDER : staff.name;

  async function listRows(staff: LiveSession, query: NotificationsStaffQuery, limit: number, offset: number) {
    const sort = sortNamed(SORTS, query.sort ?? "-published_at");
    // The current year unless `annee` names another (docs/spec/school-year-and-data.md section 2).
    const conditions: (SQL | undefined)[] = [visibleTo(staff), await yearFilterOf(db, n.anneeId, query.annee)];
    if (query.state) conditions.push(sql`${stateOf} = ${query.state}`);
    if (query.priority) conditions.push(eq(n.priority, query.priority));
    if (query.audience) conditions.push(eq(n.typeDestinataire, query.audience));
    if (query.q) {
      conditions.push(searchIn(query.q, [n.titre, n.message]));
    }
    const where = and(...conditions);
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(n).where(where);
    const rows = await selectRows(db, where).orderBy(sort, desc(n.id)).limit(limit).offset(offset);
    return { rows: rows.map(toView), total: count?.n ?? 0 };
  }

  return {
    async list(staff: LiveSession, query: NotificationsStaffQuery): Promise<Page<NotificationStaff>> {
      const { rows, total } = await listRows(staff, query, query.per_page, (query.page - 1) * query.per_page);
      return { data: rows, page: query.page, per_page: query.per_page, total };
    },

    /** Every row of the list's filters, for the export. */
    async exportRows(staff: LiveSession, query: NotificationsStaffQuery) {
      return (await listRows(staff, query, 10_000, 0)).rows;
    },

    get: async (staff: LiveSession, id: number) => toView(await find(db, staff, id)),

    async countRecipients(staff: LiveSession, audience: NotificationAudience) {
      // Counting an audience she could not send to tells her nothing she may use: 403 as the write.
      await checkAudience(staff, audience, "create:notifications");
      const { reached, deactivated } = await countAudienceParts(db, audienceFields(audience));
      return { count: reached, why: reached > 0 ? null : whyNobody(audience, deactivated) };
    },

    async create(staff: LiveSession, body: NotificationStaffCreate, ip: string, now = new Date()) {
      await checkAudience(staff, body.audience, "create:notifications");
      const when = publication(body, now);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(n)
          .values({
            titre: body.titre,
            message: body.message,
            priority: body.priority,
            link: body.link ?? null,
            sender: senderOf(staff, body.sender),
            ...audienceFields(body.audience),
            ...when,
            emailCopy: body.email_copy,
            createdBy: staff.id,
          })
          .returning({ id: n.id });
        if (!row) throw new Error("notification insert returned nothing");
        const created = await find(tx, staff, row.id);
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "creation",
          entity: "notifications",
          entityId: row.id,
          summary: `Notification « ${body.titre} » ${
            created.state === "brouillon"
              ? "enregistrée en brouillon"
              : created.state === "programmee"
                ? "programmée"
                : "publiée"
          } (${created.audience_summary}).`,
          changes: changedFields<Record<string, unknown>>({}, toAuditFields(created), AUDITED),
        });
        return row.id;
      });
      if (when.publishedAt && body.email_copy) onPublished();
      return this.get(staff, id);
    },

    /** Edits a draft or a scheduled one, or corrects a published one: students see the new text. */
    async update(staff: LiveSession, id: number, body: NotificationStaffUpdate, ip: string, now = new Date()) {
      const before = await find(db, staff, id);
      assertCurrentYear(before);
      if (before.state === "retiree") throw withdrawnConflict();
      if (body.audience) await checkAudience(staff, body.audience, "update:notifications");
      if (before.state === "publiee" && body.publication && body.publication !== "maintenant") {
        throw validationFailed({ publication: [nm.alreadyPublished] });
      }
      // Publishing "now" what is already published keeps its date: a correction is not a new notification.
      const when = before.state === "publiee" ? {} : publication(body, now);
      await db.transaction(async (tx) => {
        await tx
          .update(n)
          .set({
            ...(body.titre !== undefined ? { titre: body.titre } : {}),
            ...(body.message !== undefined ? { message: body.message } : {}),
            ...(body.priority !== undefined ? { priority: body.priority } : {}),
            ...(body.link !== undefined ? { link: body.link ?? null } : {}),
            ...(body.sender !== undefined ? { sender: senderOf(staff, body.sender) } : {}),
            ...(body.audience ? audienceFields(body.audience) : {}),
            ...(body.email_copy !== undefined ? { emailCopy: body.email_copy } : {}),
            ...when,
            updatedAt: sql`now()`,
          })
          .where(eq(n.id, id));
        const after = await find(tx, staff, id);
        const changes = changedFields(toAuditFields(before), toAuditFields(after), AUDITED);
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "modification",
          entity: "notifications",
          entityId: id,
          summary:
            before.state === "publiee"
              ? `Notification publiée « ${after.titre} » corrigée.`
              : `Notification « ${after.titre} » modifiée (${after.state === "brouillon" ? "brouillon" : after.state === "programmee" ? "programmée" : "publiée"}).`,
          changes,
        });
      });
      onPublished();
      return this.get(staff, id);
    },

    /** "Retirer": hidden from students at once, kept 30 days in the restore bin (modules/trash). */
    async withdraw(staff: LiveSession, id: number, ip: string) {
      const before = await find(db, staff, id);
      assertCurrentYear(before);
      if (before.state === "retiree") throw new HttpError(409, { message: nm.alreadyWithdrawn });
      assertWritable(staff, "delete:notifications", { centre_ids: before.scope_centres });
      await db.transaction(async (tx) => {
        await tx
          .update(n)
          .set({ withdrawnAt: sql`now()`, withdrawnBy: staff.id, updatedAt: sql`now()` })
          .where(and(eq(n.id, id), isNull(n.withdrawnAt)));
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "retrait",
          entity: "notifications",
          entityId: id,
          summary: `Notification « ${before.titre} » retirée (corbeille pendant 30 jours).`,
        });
      });
      return this.get(staff, id);
    },

    /**
     * The photo (docs/spec/back-office.md section 5): checked by content and re-encoded as WebP
     * without metadata (lib/uploads), stored under a generated key with its row and audit entry
     * in one go; the former photo's file goes once the new one is in place.
     */
    async setPhoto(staff: LiveSession, id: number, bytes: Buffer, ip: string) {
      const before = await find(db, staff, id);
      assertCurrentYear(before);
      if (before.state === "retiree") throw withdrawnConflict();
      assertWritable(staff, "update:notifications", { centre_ids: before.scope_centres });
      const file = await checkImage(bytes, {
        field: "photo",
        resize: { width: 1600, height: 1600, fit: "inside", withoutEnlargement: true },
      });
      const [old] = await db.select({ key: n.photoKey }).from(n).where(eq(n.id, id));
      await storeFileWithRow(
        { db, storage },
        { prefix: "notifications", file, downloadName: "photo.webp" },
        async (tx, stored) => {
          await tx
            .update(n)
            .set({ photoKey: stored.key, photoContentType: file.contentType, updatedAt: sql`now()` })
            .where(eq(n.id, id));
          await audit(tx, {
            actor: auditActor(staff),
            ip,
            action: "modification",
            entity: "notifications",
            entityId: id,
            summary: `Photo de la notification « ${before.titre} » ${old?.key ? "remplacée" : "ajoutée"}.`,
            changes: { photo: { before: old?.key ? "photo" : null, after: "photo" } },
          });
        },
      );
      if (old?.key) await removeStoredFiles(storage, [old.key]);
      return this.get(staff, id);
    },

    async removePhoto(staff: LiveSession, id: number, ip: string) {
      const before = await find(db, staff, id);
      assertCurrentYear(before);
      if (before.state === "retiree") throw withdrawnConflict();
      assertWritable(staff, "update:notifications", { centre_ids: before.scope_centres });
      const [old] = await db.select({ key: n.photoKey }).from(n).where(eq(n.id, id));
      if (!old?.key) return this.get(staff, id);
      await db.transaction(async (tx) => {
        await tx.update(n).set({ photoKey: null, photoContentType: null, updatedAt: sql`now()` }).where(eq(n.id, id));
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "modification",
          entity: "notifications",
          entityId: id,
          summary: `Photo de la notification « ${before.titre} » enlevée.`,
          changes: { photo: { before: "photo", after: null } },
        });
      });
      await removeStoredFiles(storage, [old.key]);
      return this.get(staff, id);
    },

    /**
     * "Republier": a closed year's notification copied into the current year as a DRAFT (a new
     * row, new id, nobody's reads): the audience of a year ago is rarely right as it stands, so
     * the staff member reviews it and publishes it herself; the photo is stored again under its
     * own key (the bin's purge of either row deletes its own). Journalled as `republication`.
     * Permission: creating notifications, for an audience inside her centres.
     */
    async republish(staff: LiveSession, id: number, ip: string) {
      const before = toView(await find(db, staff, id));
      const audience = before.audience as NotificationAudience;
      assertPastYear(before);
      if (before.state === "retiree") throw withdrawnConflict();
      await checkAudience(staff, audience, "create:notifications");
      const [stored] = await db
        .select({ photoKey: n.photoKey, photoContentType: n.photoContentType })
        .from(n)
        .where(eq(n.id, id));
      const year = await currentYear(db);
      const write = async (tx: Executor, photo: { key: string; type: string } | null) => {
        const [row] = await tx
          .insert(n)
          .values({
            titre: before.titre,
            message: before.message,
            priority: before.priority,
            link: before.link,
            sender: before.sender,
            ...audienceFields(audience),
            publishedAt: null,
            emailCopy: before.email_copy,
            createdBy: staff.id,
            photoKey: photo?.key ?? null,
            photoContentType: photo?.type ?? null,
          })
          .returning({ id: n.id });
        if (!row) throw new Error("notification insert returned nothing");
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "republication",
          entity: "notifications",
          entityId: row.id,
          summary: `Notification « ${before.titre} » republiée en brouillon pour l'année ${year.label} (copie de la notification n° ${id} de ${before.annee.label}).`,
          changes: changedFields<Record<string, unknown>>({}, toAuditFields(await find(tx, staff, row.id)), AUDITED),
        });
        return row.id;
      };
      let copy: number;
      if (stored?.photoKey && stored.photoContentType) {
        const type = stored.photoContentType;
        const bytes = await storage.read(stored.photoKey);
        copy = await storeFileWithRow(
          { db, storage },
          {
            prefix: "notifications",
            file: { bytes, contentType: type, extension: ".webp" },
            downloadName: "photo.webp",
          },
          (tx, file) => write(tx, { key: file.key, type }),
        );
      } else {
        copy = await db.transaction((tx) => write(tx, null));
      }
      return this.get(staff, copy);
    },

    /** The photo for the back-office (its preview and page), within the staff member's scope. */
    async photo(staff: LiveSession, id: number) {
      await find(db, staff, id);
      const [row] = await db.select({ key: n.photoKey, type: n.photoContentType }).from(n).where(eq(n.id, id));
      if (!row?.key || !row.type) throw notFound(nm.notFound);
      try {
        return { contentType: row.type, bytes: await storage.read(row.key) };
      } catch (error) {
        if (error instanceof StoredFileMissingError) throw notFound(nm.notFound);
        throw error;
      }
    },

    /** The pickers of the audience builder; the secretariat's centres are hers only. */
    async choices(staff: LiveSession): Promise<AudienceChoices> {
      const mine = centresWithin(staff, "create:notifications");
      const [centreRows, optionRows, filiereRows] = await Promise.all([
        db.select({ id: centres.id, name: centres.nom }).from(centres).where(mine).orderBy(asc(centres.nom)),
        db.select({ id: options.id, name: options.nom }).from(options).orderBy(asc(options.nom)),
        db.select({ id: filieres.id, name: filieres.nom }).from(filieres).orderBy(asc(filieres.nom)),
      ]);
      return { centres: centreRows, options: optionRows, filieres: filiereRows };
    },

    /** Students to pick one by one (search by name or student number), or by ids (the picked ones). */
    async students(staff: LiveSession, query: { q?: string; ids?: string }): Promise<AudienceStudent[]> {
      const conditions: (SQL | undefined)[] = [];
      conditions.push(inCentreScope(staff, "read:etudiants"));
      if (query.ids) conditions.push(inArray(etudiants.id, query.ids.split(",").map(Number)));
      else if (query.q) {
        conditions.push(
          searchIn(query.q, [
            sql`${etudiants.prenom} || ' ' || ${etudiants.nom}`,
            sql`${etudiants.nom} || ' ' || ${etudiants.prenom}`,
            etudiants.studentId,
          ]),
        );
      } else return [];
      return db
        .select({
          id: etudiants.id,
          name: sql<string>`${etudiants.prenom} || ' ' || ${etudiants.nom}`,
          student_id: etudiants.studentId,
          centre: centres.nom,
          desactive: sql<boolean>`${users.deactivatedAt} is not null`,
        })
        .from(etudiants)
        .innerJoin(users, eq(users.id, etudiants.userId))
        .leftJoin(centres, eq(centres.id, etudiants.centreId))
        .where(and(...conditions))
        .orderBy(asc(etudiants.nom), asc(etudiants.prenom))
        .limit(query.ids ? 200 : 20);
    },

    /** Who it reaches and whether they read it (the same audience rule as the students' list). */
    async reads(
      staff: LiveSession,
      id: number,
      query: NotificationReadsQuery,
      limit = query.per_page,
    ): Promise<NotificationReadsPage> {
      const notification = await find(db, staff, id);
      const conditions: SQL[] = [];
      if (query.lecture === "lue") conditions.push(sql`r.read_at is not null`);
      if (query.lecture === "non_lue") conditions.push(sql`r.read_at is null`);
      if (query.q) {
        const pattern = containsPattern(query.q);
        conditions.push(
          sql`(${etudiants.prenom} || ' ' || ${etudiants.nom} ilike ${pattern} or ${etudiants.studentId} ilike ${pattern})`,
        );
      }
      const filter = conditions.length > 0 ? sql` where ${sql.join(conditions, sql` and `)}` : sql``;
      const from = sql`from ${recipientsOf(id)}
        left join ${notificationReads} r on r.notification_id = ${n.id} and r.etudiant_id = ${etudiants.id}
        left join ${centres} c on c.id = ${etudiants.centreId}${filter}`;
      const offset = limit === query.per_page ? (query.page - 1) * query.per_page : 0;
      const [total] = (
        (await db.execute(sql`select count(*)::int as n ${from}`)) as unknown as { rows: { n: number }[] }
      ).rows;
      const rows = (
        (await db.execute(sql`select ${etudiants.id} as etudiant_id, ${etudiants.prenom} || ' ' || ${etudiants.nom} as name,
          ${etudiants.studentId} as student_id, c.nom as centre, ${isoTimestamp(sql`r.read_at`)} as read_at ${from}
          order by r.read_at desc nulls last, ${etudiants.nom}, ${etudiants.prenom}, ${etudiants.id}
          limit ${limit} offset ${offset}`)) as unknown as { rows: NotificationReadsPage["data"] }
      ).rows;
      return {
        data: rows,
        page: query.page,
        per_page: query.per_page,
        total: total?.n ?? 0,
        read_count: notification.read_count,
        recipient_count: notification.recipient_count,
      };
    },
  };
}

const AUDITED = ["titre", "message", "priority", "link", "sender", "audience", "published_at", "email_copy"] as const;
function toAuditFields(row: Row): Record<string, unknown> {
  const r = row as Partial<Row>;
  return {
    titre: r.titre,
    message: r.message,
    priority: r.priority,
    link: r.link,
    sender: r.sender,
    audience: r.audience_type
      ? {
          type: r.audience_type,
          ids: r.audience_ids,
          ...(r.audience_centre_ids?.length ? { centre_ids: r.audience_centre_ids } : {}),
        }
      : undefined,
    published_at: r.published_at,
    email_copy: r.email_copy,
  };
}

export type NotificationStaffService = ReturnType<typeof createNotificationStaff>;
