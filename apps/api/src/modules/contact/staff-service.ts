import {
  CONTACT_MESSAGE_STATUS_LABELS,
  type ContactMessageDetail,
  type ContactMessageStatus,
  type ContactMessageSummary,
  type ContactMessagesQuery,
  type ContactReplyRequest,
  INBOX_LIMITS,
  type Page,
} from "@puerta/contract";
import { and, asc, desc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { contactMessages, contactReplies, mailOutbox, staffUsers } from "../../db/schema/index.ts";
import { withinAcademyDays } from "../../lib/academy-time.ts";
import { notFound } from "../../lib/errors.ts";
import { countAll, isoTimestamp, isoTimestampOrNull, listPage, searchIn, sortNamed } from "../../lib/list-sql.ts";
import type { Mailer } from "../../lib/mailer/index.ts";
import { type ExportColumn, exportDateTime, exportFileName, toCsv } from "../../lib/spreadsheet-export.ts";
import type { LiveSession } from "../../lib/staff-session.ts";
import { auditActor } from "../../lib/staff-session.ts";
import { type AuditChanges, audit } from "../audit/service.ts";
import { contactReplyMail } from "./mail.ts";

const _isoOrNull = (column: SQL | typeof contactMessages.readAt) => isoTimestampOrNull(column);

const statut = sql<ContactMessageStatus>`case when ${contactMessages.handledAt} is null then 'nouveau' else 'traite' end`;

const summaryColumns = {
  id: contactMessages.id,
  nom: contactMessages.nom,
  email: contactMessages.email,
  telephone: contactMessages.telephone,
  sujet: contactMessages.sujet,
  extrait: sql<string>`left(regexp_replace(${contactMessages.message}, '\\s+', ' ', 'g'), ${INBOX_LIMITS.excerptLength})`,
  statut,
  lu: sql<boolean>`${contactMessages.readAt} is not null`,
  // Qualified by hand: drizzle leaves a single table's columns unqualified, which the subquery would misread.
  reponses: sql<number>`(select count(*)::int from contact_replies r where r.message_id = contact_messages.id)`,
  created_at: isoTimestamp(contactMessages.createdAt),
};

/** Newest first by default: an inbox reads from the top. */
const SORTS: Record<string, SQL> = {
  created_at: asc(contactMessages.createdAt),
  "-created_at": desc(contactMessages.createdAt),
  nom: asc(contactMessages.nom),
  "-nom": desc(contactMessages.nom),
  sujet: asc(contactMessages.sujet),
  "-sujet": desc(contactMessages.sujet),
  statut: sql`${contactMessages.handledAt} is not null asc`,
  "-statut": sql`${contactMessages.handledAt} is not null desc`,
};

function whereOf(query: ContactMessagesQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.statut === "nouveau") conditions.push(isNull(contactMessages.handledAt));
  if (query.statut === "traite") conditions.push(isNotNull(contactMessages.handledAt));
  if (query.lecture === "non_lu") conditions.push(isNull(contactMessages.readAt));
  if (query.lecture === "lu") conditions.push(isNotNull(contactMessages.readAt));
  // Days of the filter, as the academy counts days (Casablanca, by the API's clock: decision 086).
  conditions.push(...withinAcademyDays(contactMessages.createdAt, query.from, query.to));
  if (query.q) {
    conditions.push(
      searchIn(query.q, [
        contactMessages.nom,
        contactMessages.email,
        contactMessages.telephone,
        contactMessages.sujet,
        contactMessages.message,
      ]),
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

function sortOf(query: ContactMessagesQuery): SQL {
  return sortNamed(SORTS, query.sort ?? "-created_at");
}

type Executor = Pick<Database, "select" | "insert" | "update">;
type ExportRow = ContactMessageSummary & { message: string };

const EXPORT_COLUMNS: ExportColumn<ExportRow>[] = [
  { header: "N°", value: (row) => row.id },
  { header: "Reçu le", value: (row) => exportDateTime(row.created_at) },
  { header: "Nom", value: (row) => row.nom },
  { header: "E-mail", value: (row) => row.email },
  { header: "Téléphone", value: (row) => row.telephone },
  { header: "Sujet", value: (row) => row.sujet },
  { header: "Message", value: (row) => row.message },
  { header: "Statut", value: (row) => CONTACT_MESSAGE_STATUS_LABELS[row.statut] },
  { header: "Lu", value: (row) => (row.lu ? "Oui" : "Non") },
  { header: "Réponses", value: (row) => row.reponses },
];

/** An export holds every matching row, up to this many (a spreadsheet, not a backup). */
const EXPORT_MAX_ROWS = 20_000;

/**
 * The back-office's contact inbox (docs/spec/back-office.md section 6): messages of the public
 * form, read, answered by e-mail through the outbox, marked handled. Every write is audited in
 * its transaction.
 */
export function createContactInbox({ db, config, mail }: { db: Database; config: Config; mail: Mailer }) {
  async function find(executor: Executor, id: number): Promise<ContactMessageDetail> {
    const [row] = await executor
      .select({
        ...summaryColumns,
        message: contactMessages.message,
        read_at: isoTimestampOrNull(sql`${contactMessages.readAt}`),
        handled_at: isoTimestampOrNull(sql`${contactMessages.handledAt}`),
        handled_by: staffUsers.name,
      })
      .from(contactMessages)
      .leftJoin(staffUsers, eq(staffUsers.id, contactMessages.handledBy))
      .where(eq(contactMessages.id, id));
    if (!row) throw notFound();
    const replies = await executor
      .select({
        id: contactReplies.id,
        staff_name: contactReplies.staffName,
        subject: contactReplies.subject,
        body: contactReplies.body,
        envoi: mailOutbox.status,
        created_at: isoTimestamp(sql`${contactReplies.createdAt}`),
      })
      .from(contactReplies)
      .leftJoin(mailOutbox, eq(mailOutbox.id, contactReplies.mailId))
      .where(eq(contactReplies.messageId, id))
      .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id));
    return { ...row, replies };
  }

  /** Sets `Nouveau` / `Traité` inside the caller's transaction; answers the change for the journal. */
  async function setStatus(
    tx: Executor,
    staff: LiveSession,
    before: ContactMessageDetail,
    next: ContactMessageStatus,
  ): Promise<AuditChanges> {
    if (before.statut === next) return {};
    await tx
      .update(contactMessages)
      .set(
        next === "traite"
          ? { handledAt: sql`now()`, handledBy: staff.id, readAt: sql`coalesce(${contactMessages.readAt}, now())` }
          : { handledAt: null, handledBy: null },
      )
      .where(eq(contactMessages.id, before.id));
    return { statut: { before: before.statut, after: next } };
  }

  return {
    async list(query: ContactMessagesQuery): Promise<Page<ContactMessageSummary>> {
      const sort = sortOf(query);
      const where = whereOf(query);
      return listPage(query, db.select({ n: countAll() }).from(contactMessages).where(where), (limit, offset) =>
        db
          .select(summaryColumns)
          .from(contactMessages)
          .where(where)
          .orderBy(sort, desc(contactMessages.id))
          .limit(limit)
          .offset(offset),
      );
    },

    /** Opening a message marks it read (once: the journal records who opened it first). */
    async open(staff: LiveSession, id: number, ip: string): Promise<ContactMessageDetail> {
      return db.transaction(async (tx) => {
        const message = await find(tx, id);
        if (message.lu) return message;
        await tx.update(contactMessages).set({ readAt: sql`now()` }).where(eq(contactMessages.id, id));
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "lecture",
          entity: "messages",
          entityId: id,
          summary: `Message de ${message.nom} ouvert.`,
          changes: { lu: { before: false, after: true } },
        });
        return find(tx, id);
      });
    },

    async update(staff: LiveSession, id: number, next: ContactMessageStatus, ip: string) {
      return db.transaction(async (tx) => {
        const before = await find(tx, id);
        const changes = await setStatus(tx, staff, before, next);
        if (Object.keys(changes).length > 0) {
          await audit(tx, {
            actor: auditActor(staff),
            ip,
            action: "modification",
            entity: "messages",
            entityId: id,
            summary: `Message de ${before.nom} marqué « ${CONTACT_MESSAGE_STATUS_LABELS[next]} ».`,
            changes,
          });
        }
        return find(tx, id);
      });
    },

    /** The answer leaves through the outbox, from the app's sender, replies going to the academy's contact address. */
    async reply(staff: LiveSession, id: number, body: ContactReplyRequest, ip: string) {
      const text = (body.message ?? "").trim();
      const detail = await db.transaction(async (tx) => {
        const message = await find(tx, id);
        const outgoing = contactReplyMail(message, text, config.contactEmail);
        const mailId = await mail.queue(outgoing, tx);
        await tx.insert(contactReplies).values({
          messageId: id,
          staffId: staff.id,
          staffName: staff.name,
          subject: outgoing.subject,
          body: text,
          mailId,
        });
        await tx
          .update(contactMessages)
          .set({ readAt: sql`coalesce(${contactMessages.readAt}, now())` })
          .where(eq(contactMessages.id, id));
        const changes = body.marquer_traite === false ? {} : await setStatus(tx, staff, message, "traite");
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "reponse",
          entity: "messages",
          entityId: id,
          summary: `Réponse envoyée par e-mail à ${message.nom} (${message.email}).`,
          changes,
        });
        return find(tx, id);
      });
      void mail.flush();
      return detail;
    },

    async exportCsv(staff: LiveSession, query: ContactMessagesQuery, ip: string) {
      const rows = await db
        .select({ ...summaryColumns, message: contactMessages.message })
        .from(contactMessages)
        .where(whereOf(query))
        .orderBy(sortOf(query), desc(contactMessages.id))
        .limit(EXPORT_MAX_ROWS);
      await audit(db, {
        actor: auditActor(staff),
        ip,
        action: "export",
        entity: "messages",
        summary: `Export des messages de contact (${rows.length} ligne${rows.length > 1 ? "s" : ""}).`,
      });
      return { fileName: exportFileName("messages-contact", "csv"), csv: toCsv(EXPORT_COLUMNS, rows) };
    },
  };
}

export type ContactInbox = ReturnType<typeof createContactInbox>;
