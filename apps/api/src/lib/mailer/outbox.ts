import { and, asc, eq, inArray, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/migration-level.ts";
import { mailOutbox } from "../../db/schema/index.ts";

/** What a transaction or the plain database both offer: the outbox insert runs inside either. */
export type Executor = Pick<Database, "insert">;

export type OutboxMessage = typeof mailOutbox.$inferSelect;

export async function insertMessage(
  executor: Executor,
  message: { to: string; replyTo?: string; subject: string; text: string; html?: string; messageId: string },
): Promise<number> {
  const [row] = await executor
    .insert(mailOutbox)
    .values({
      toAddress: message.to,
      replyTo: message.replyTo ?? null,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      messageId: message.messageId,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error("outbox insert returned nothing");
  return row.id;
}

/**
 * Claims the next due message for `leaseSeconds`. `FOR UPDATE SKIP LOCKED` lets several API
 * processes poll at once: each row goes to exactly one of them, and the lease keeps the
 * others away until it is sent, rescheduled, or its process died and the lease ran out.
 */
export async function claimNext(db: Database, leaseSeconds: number): Promise<OutboxMessage | undefined> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, "pending"),
        lte(mailOutbox.nextAttemptAt, sql`now()`),
        or(isNull(mailOutbox.leasedUntil), lt(mailOutbox.leasedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(mailOutbox)
    .set({
      leasedUntil: sql`now() + ${sql.raw(`interval '${Math.trunc(leaseSeconds)} seconds'`)}`,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return row;
}

/**
 * Once delivered, the bodies are dropped: a reset e-mail carries a live token that the
 * database must not keep in clear (only its hash is stored). Who, what and when remain.
 */
export async function markSent(db: Database, id: number): Promise<boolean> {
  const marked = await db
    .update(mailOutbox)
    .set({ status: "sent", sentAt: sql`now()`, leasedUntil: null, lastError: null, textBody: "", htmlBody: null })
    .where(eq(mailOutbox.id, id))
    .returning({ id: mailOutbox.id });
  // False: the row is gone — its student's data was erased while the message was being sent.
  return marked.length > 0;
}

/** Tries again after `retryInMs`, or gives up for good when `retryInMs` is null. */
export async function markFailed(db: Database, id: number, error: string, retryInMs: number | null) {
  await db
    .update(mailOutbox)
    .set(
      retryInMs === null
        ? { status: "failed", leasedUntil: null, lastError: error }
        : {
            leasedUntil: null,
            lastError: error,
            nextAttemptAt: sql`now() + ${sql.raw(`interval '${Math.max(0, Math.trunc(retryInMs))} milliseconds'`)}`,
          },
    )
    .where(eq(mailOutbox.id, id));
}

/**
 * Held mail (decision 084): the messages a restored copy found pending. The source may have sent
 * them after its snapshot, so the copy sends nothing until the operator releases them. A held
 * message is a pending one due at `infinity`: never due, no column added, and the worker, the
 * readiness check and the contact inbox ("en attente") need no change.
 */
const HELD = sql`'infinity'::timestamptz`;

type SqlExecutor = Pick<Database, "execute">;

const countOf = async (db: SqlExecutor, query: SQL) => (await rowsOf<{ id: unknown }>(db, query)).length;

/** Holds every pending message; returns how many. Run by restore, in its transaction. */
export async function holdPending(db: SqlExecutor): Promise<number> {
  return countOf(
    db,
    sql`update mail_outbox set next_attempt_at = ${HELD}, leased_until = null where status = 'pending' returning id`,
  );
}

export async function countHeld(db: SqlExecutor): Promise<number> {
  return countOf(db, sql`select id from mail_outbox where status = 'pending' and next_attempt_at = ${HELD}`);
}

/** `npm run mail:release`: the held messages leave now; or, with `abandon`, never (marked failed). */
export async function releaseHeld(db: SqlExecutor, abandon = false): Promise<number> {
  return countOf(
    db,
    abandon
      ? sql`update mail_outbox set status = 'failed', last_error = 'Retenu après une restauration, abandonné par l''exploitant'
            where status = 'pending' and next_attempt_at = ${HELD} returning id`
      : sql`update mail_outbox set next_attempt_at = now() where status = 'pending' and next_attempt_at = ${HELD} returning id`,
  );
}

/** What the console says while messages are held. */
export const heldMessage = (count: number) =>
  `${count} e-mail(s) retenu(s) depuis une restauration (en attente dans la sauvegarde, peut-être déjà envoyés par le serveur d'origine) : ` +
  "« npm run mail:release » pour les envoyer, « npm run mail:release -- --abandonner » pour y renoncer.";
