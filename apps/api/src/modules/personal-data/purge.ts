import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import {
  calendarDay,
  type DataRequestsResponse,
  fromAcademyLocal,
  type PurgeResponse,
  type PurgeRunsResponse,
  type PurgeTrigger,
  RETENTION_KEYS,
  RETENTION_LABELS,
  type RetentionKey,
  type RetentionSettings,
  toAcademyLocal,
} from "@puerta/contract";
import { sql } from "drizzle-orm";
import { type Database, driverOf } from "../../db/client.ts";
import { rowsOf } from "../../db/migration-level.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import type { FileStorage } from "../../lib/storage/index.ts";
import { type AuditActor, audit } from "../audit/service.ts";
import { eraseInTransaction, removeErasedFiles } from "./erasure.ts";
import { readRetention } from "./retention.ts";

/**
 * The purge of law 09-08 (docs/spec/school-year-and-data.md section 4, decision 114): what each
 * retention period has let expire, counted (the preview writes nothing) or removed. Former
 * students and never-accepted invitations are erased one student per transaction, as an erasure
 * does, so a purge killed midway leaves every student whole or gone and the next purge continues
 * where it stopped. Every run is a row of `purges` and, once done, one journal entry with counts.
 */

/**
 * Erases one student in the caller's transaction, as *Effacer les données* does, recorded as a
 * `purge` in `demandes_donnees` without a journal entry of its own (the run writes one); answers
 * what to do once the transaction has committed (the files), or null when the student is gone.
 */
export type EraseStudent = (
  tx: Database,
  etudiantId: number,
  motif: string,
) => Promise<(() => Promise<unknown>) | null>;

export type PurgeDeps = {
  db: Database;
  storage: FileStorage;
  /** DATA_DIR: the `.eml` copies of e-mails sent without SMTP are in DATA_DIR/mail. */
  dataDir: string;
  /** Every module's part (src/personal-data-parts.ts), for the erasures. */
  parts: readonly PersonalDataPart[];
  /** The erasure (modules/personal-data/erasure.ts); a test may interrupt it. */
  eraseStudent?: EraseStudent;
};

export type Counts = Record<RetentionKey, number>;

/** Two purges never run at once: a session lock held for the whole run, released by PostgreSQL if its process dies. */
const PURGE_LOCK = 80_250_114;
/** The embedded database has one process (its data directory's lock): a flag per database is the lock. */
const embeddedRunning = new WeakSet<object>();

/**
 * Runs `work` holding the purge lock, or answers null at once when another purge holds it. On
 * PostgreSQL the lock is a session advisory lock on a connection of its own, kept for the run:
 * a process killed midway loses it with its connection, so the next purge may start at once.
 */
async function withPurgeLock<T>(db: Database, work: () => Promise<T>): Promise<T | null> {
  const driver = driverOf(db);
  if ("embedded" in driver) {
    if (embeddedRunning.has(db)) return null;
    embeddedRunning.add(db);
    try {
      return await work();
    } finally {
      embeddedRunning.delete(db);
    }
  }
  const client = await driver.pool.connect();
  let broken = false;
  try {
    const locked = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1) as ok", [PURGE_LOCK]);
    if (!locked.rows[0]?.ok) return null;
    try {
      return await work();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [PURGE_LOCK]).catch(() => {
        broken = true;
      });
    }
  } finally {
    client.release(broken);
  }
}
/** The nightly purge starts at or after this Casablanca time. */
export const NIGHTLY_AT = "03:00";
const STUDENT_PROGRESS_EVERY = 50;
const JOURNAL_BATCH = 1_000;

/** The instant `months` months before `now` (the day of the month kept, or the month's last day). */
export function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** The Casablanca day `months` months before `now`'s day (`YYYY-MM-DD`). */
function dayMonthsBefore(now: Date, months: number): string {
  const today = calendarDay(now);
  return monthsBefore(new Date(`${today}T12:00:00Z`), months)
    .toISOString()
    .slice(0, 10);
}

const idArray = (ids: readonly number[]) => `{${ids.join(",")}}`;

type Cutoffs = Record<RetentionKey, string>;

function cutoffsOf(settings: RetentionSettings, now: Date): Cutoffs {
  return {
    anciens_eleves: dayMonthsBefore(now, settings.anciens_eleves_mois),
    invitations: monthsBefore(now, settings.invitations_mois).toISOString(),
    messages: monthsBefore(now, settings.messages_mois).toISOString(),
    traces: monthsBefore(now, settings.traces_mois).toISOString(),
    emails_envoyes: monthsBefore(now, settings.emails_envoyes_mois).toISOString(),
    journal: monthsBefore(now, settings.journal_mois).toISOString(),
  };
}

type Reader = Pick<Database, "execute">;

/** Each category's rows, as SQL that both counts them and finds them. */
const formerStudentsSql = (c: Cutoffs) =>
  sql`select e.id from etudiants e where e.statut_scolaire = 'ancien_eleve' and e.sorti_le <= ${c.anciens_eleves}::date`;

/** Never accepted: no password ever chosen; invited when their last invitation was sent (or the account made). */
const invitationsSql = (c: Cutoffs) =>
  sql`select e.id from etudiants e join users u on u.id = e.user_id
    where u.password_hash is null
      and coalesce((select max(i.created_at) from student_invitations i where i.user_id = u.id), u.created_at) < ${c.invitations}::timestamptz
      and not (e.statut_scolaire = 'ancien_eleve' and e.sorti_le <= ${c.anciens_eleves}::date)`;

/** A message's last exchange: its last reply, or its reception when it has none. */
const messagesSql = (c: Cutoffs) =>
  sql`select m.id from contact_messages m
    where greatest(m.created_at, coalesce((select max(r.created_at) from contact_replies r where r.message_id = m.id), m.created_at)) < ${c.messages}::timestamptz`;

const staleUsersSql = (c: Cutoffs) => sql`select id from users where last_login_at < ${c.traces}::timestamptz`;
const staleStaffSql = (c: Cutoffs) => sql`select id from staff_users where last_login_at < ${c.traces}::timestamptz`;
/** Counters of sign-in attempts and rate limits (their keys name an address), no longer locking anyone. */
const staleThrottlesSql = (c: Cutoffs) =>
  sql`select key from throttles where window_started_at < ${c.traces}::timestamptz
    and coalesce(locked_until, '-infinity') < now() and coalesce(last_lockout_at, '-infinity') < ${c.traces}::timestamptz`;

/** Sent, or given up on: nothing will send them again. */
const sentMailSql = (c: Cutoffs) =>
  sql`select id from mail_outbox where status in ('sent', 'failed')
    and coalesce(sent_at, next_attempt_at, created_at) < ${c.emails_envoyes}::timestamptz`;

const journalSql = (c: Cutoffs) =>
  sql`select id from audit_log where at < ${c.journal}::timestamptz
    and (summary <> '[effacé]' or changes is not null or ip is not null)`;

async function countOf(db: Reader, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${query}) q`);
  return row?.n ?? 0;
}

/** `2026-01-05T10-11-12-345Z-<message id>.eml` (lib/mailer/transport.ts): the instant it was written. */
function emlWrittenAt(name: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-.*\.eml$/.exec(name);
  if (!match) return null;
  return Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`);
}

export function createPurge(deps: PurgeDeps) {
  const { db } = deps;
  const eraseStudent: EraseStudent =
    deps.eraseStudent ??
    (async (tx, etudiantId, motif) => {
      const erased = await eraseInTransaction(tx, etudiantId, {
        motif,
        actor: null,
        ip: null,
        type: "purge",
        journal: false,
        dataDir: deps.dataDir,
        parts: deps.parts,
      });
      return erased ? () => removeErasedFiles(deps.storage, deps.dataDir, erased) : null;
    });

  async function preview(now: Date = new Date()): Promise<Counts> {
    const c = cutoffsOf(await readRetention(db), now);
    const [formerStudents, invitations, messages, users, staff, throttles, mails, journal] = [
      await countOf(db, formerStudentsSql(c)),
      await countOf(db, invitationsSql(c)),
      await countOf(db, messagesSql(c)),
      await countOf(db, staleUsersSql(c)),
      await countOf(db, staleStaffSql(c)),
      await countOf(db, staleThrottlesSql(c)),
      await countOf(db, sentMailSql(c)),
      await countOf(db, journalSql(c)),
    ];
    return {
      anciens_eleves: formerStudents,
      invitations,
      messages,
      traces: users + staff + throttles,
      emails_envoyes: mails,
      journal,
    };
  }

  async function setProgress(runId: number, counts: Partial<Counts>) {
    await db.execute(sql`update purges set nombres = ${JSON.stringify(counts)}::jsonb where id = ${runId}`);
  }

  /** One student per transaction: locked, checked again, erased; their files once it has committed. */
  async function eraseEach(
    select: ReturnType<typeof sql>,
    runId: number,
    counts: Partial<Counts>,
    key: RetentionKey,
  ): Promise<number> {
    const ids = (await rowsOf<{ id: number }>(db, sql`${select} order by e.id`)).map((row) => row.id);
    let erased = 0;
    for (const id of ids) {
      const afterCommit = await db.transaction(async (tx) => {
        const [still] = await rowsOf<{ id: number }>(
          tx,
          sql`select q.id from (${select}) q join etudiants e on e.id = q.id where q.id = ${id} for update of e`,
        );
        if (!still) return null;
        return eraseStudent(tx as unknown as Database, id, `Durée de conservation écoulée : ${RETENTION_LABELS[key]}`);
      });
      if (afterCommit === null) continue;
      erased++;
      await afterCommit();
      if (erased % STUDENT_PROGRESS_EVERY === 0) await setProgress(runId, { ...counts, [key]: erased });
    }
    return erased;
  }

  async function removeEmlFiles(before: Date) {
    const folder = path.join(deps.dataDir, "mail");
    let names: string[];
    try {
      names = await readdir(folder);
    } catch {
      return;
    }
    for (const name of names) {
      const at = emlWrittenAt(name);
      if (at !== null && at < before.getTime()) await rm(path.join(folder, name), { force: true });
    }
  }

  /** Applies every category in order, recording progress in the run's row; the run's counts. */
  async function apply(runId: number, now: Date): Promise<Counts> {
    const c = cutoffsOf(await readRetention(db), now);
    const counts: Partial<Counts> = {};
    const done = async (key: RetentionKey, n: number) => {
      counts[key] = n;
      await setProgress(runId, counts);
    };
    await done("anciens_eleves", await eraseEach(formerStudentsSql(c), runId, counts, "anciens_eleves"));
    await done("invitations", await eraseEach(invitationsSql(c), runId, counts, "invitations"));
    const messages = await rowsOf<{ id: number }>(
      db,
      sql`delete from contact_messages where id in (${messagesSql(c)}) returning id`,
    );
    await done("messages", messages.length);
    const traces = await db.transaction(async (tx) => {
      const users = await rowsOf<{ id: number }>(
        tx,
        sql`update users set last_login_at = null where id in (${staleUsersSql(c)}) returning id`,
      );
      const staff = await rowsOf<{ id: number }>(
        tx,
        sql`update staff_users set last_login_at = null where id in (${staleStaffSql(c)}) returning id`,
      );
      const throttles = await rowsOf<{ key: string }>(
        tx,
        sql`delete from throttles where key in (${staleThrottlesSql(c)}) returning key`,
      );
      return users.length + staff.length + throttles.length;
    });
    await done("traces", traces);
    const mails = await rowsOf<{ id: number }>(
      db,
      sql`delete from mail_outbox where id in (${sentMailSql(c)}) returning id`,
    );
    await removeEmlFiles(new Date(c.emails_envoyes));
    await done("emails_envoyes", mails.length);
    let journal = 0;
    for (;;) {
      const ids = (await rowsOf<{ id: number }>(db, sql`${journalSql(c)} order by id limit ${JOURNAL_BATCH}`)).map(
        (row) => Number(row.id),
      );
      if (ids.length === 0) break;
      const [changed] = await rowsOf<{ n: number }>(
        db,
        sql`select audit_log_pseudonymise(${idArray(ids)}::bigint[], null) as n`,
      );
      journal += changed?.n ?? 0;
      if ((changed?.n ?? 0) === 0) break;
    }
    await done("journal", journal);
    return counts as Counts;
  }

  /**
   * Records a run, under the purge lock: a run still `en_cours` was killed (its process lost the
   * lock with it) and is marked `echouee`. `nuit`: only if tonight's run has not been done yet.
   */
  async function claim(trigger: PurgeTrigger, staffId: number | null, now: Date): Promise<number | null> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`update purges set statut = 'echouee', finished_at = now() where statut = 'en_cours'`);
      if (trigger === "nuit") {
        const since = tonight(now);
        if (!since) return null;
        const [claimed] = await rowsOf<{ id: number }>(
          tx,
          sql`select id from purges where declenchement = 'nuit' and statut <> 'echouee'
            and started_at >= ${since.toISOString()}::timestamptz`,
        );
        if (claimed) return null;
      }
      const [run] = await rowsOf<{ id: number }>(
        tx,
        sql`insert into purges (declenchement, staff_id, statut, started_at)
          values (${trigger}, ${staffId}, 'en_cours', ${now.toISOString()}::timestamptz) returning id`,
      );
      return run?.id ?? null;
    });
  }

  const run = (trigger: PurgeTrigger, actor: AuditActor | null, ip: string | null, now: Date) =>
    withPurgeLock(db, () => locked(trigger, actor, ip, now)).then((counts) => counts ?? null);

  async function locked(
    trigger: PurgeTrigger,
    actor: AuditActor | null,
    ip: string | null,
    now: Date,
  ): Promise<Counts | null> {
    const runId = await claim(trigger, actor?.id ?? null, now);
    if (runId === null) return null;
    let counts: Counts;
    try {
      counts = await apply(runId, now);
    } catch (error) {
      await db
        .execute(sql`update purges set statut = 'echouee', finished_at = now() where id = ${runId}`)
        .catch(() => undefined);
      throw error;
    }
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`update purges set statut = 'terminee', nombres = ${JSON.stringify(counts)}::jsonb, finished_at = now() where id = ${runId}`,
      );
      await audit(tx, {
        actor,
        ip,
        action: "purge",
        entity: "donnees-personnelles",
        entityId: runId,
        summary: `Purge ${trigger === "nuit" ? "de la nuit" : "manuelle"} : ${RETENTION_KEYS.map((key) => `${RETENTION_LABELS[key]} ${counts[key]}`).join(", ")}.`,
        changes: Object.fromEntries(RETENTION_KEYS.map((key) => [key, { before: null, after: counts[key] }])),
      });
    });
    return counts;
  }

  return {
    preview,
    /** *Purger maintenant*: null when another purge is running right now. */
    now: (actor: AuditActor, ip: string | null, at: Date = new Date()) => run("manuel", actor, ip, at),
    /**
     * The nightly job's entry point: from 03:00 in Casablanca, once a night across every process
     * (the claim above); earlier, or already done tonight, it does nothing and answers null.
     */
    nightly: (at: Date = new Date()) => run("nuit", null, null, at),

    async runs(limit = 50): Promise<PurgeRunsResponse> {
      const rows = await rowsOf<PurgeRunsResponse["data"][number]>(
        db,
        sql`select p.id, p.declenchement, p.statut, s.name as staff_name, p.nombres,
            to_char(p.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as started_at,
            to_char(p.finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as finished_at
          from purges p left join staff_users s on s.id = p.staff_id order by p.started_at desc, p.id desc limit ${limit}`,
      );
      return { data: rows };
    },

    async requests(limit = 100): Promise<DataRequestsResponse> {
      const rows = await rowsOf<DataRequestsResponse["data"][number]>(
        db,
        sql`select d.id, d.type, d.etudiant_id, s.name as staff_name, d.motif,
            to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
          from demandes_donnees d left join staff_users s on s.id = d.staff_id order by d.created_at desc, d.id desc limit ${limit}`,
      );
      return { data: rows };
    },
  };
}

/** Tonight's start of the nightly purge (03:00 in Casablanca today), or null before it. */
export function tonight(now: Date): Date | null {
  const local = toAcademyLocal(now);
  const [day = ""] = local.split("T");
  const start = fromAcademyLocal(`${day}T${NIGHTLY_AT}`);
  if (!start || now.getTime() < start.getTime()) return null;
  return start;
}

export type Purge = ReturnType<typeof createPurge>;

/** The response of `POST /api/gestion/conservation/purge`, in the categories' order. */
export const purgeAnswer = (counts: Counts): PurgeResponse => ({
  categories: RETENTION_KEYS.map((categorie) => ({ categorie, nombre: counts[categorie] })),
});
