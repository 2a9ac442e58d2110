import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { ERASED, ERASURE_MESSAGES, formatPhone } from "@puerta/contract";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/migration-level.ts";
import type { DataSubject, PersonalDataExecutor, PersonalDataPart } from "../../lib/personal-data.ts";
import type { AuditActor } from "../../lib/staff-session.ts";
import type { FileStorage } from "../../lib/storage/index.ts";
import { audit } from "../audit/service.ts";

/**
 * Erasing a student's data (law 09-08 art. 9, docs/spec/school-year-and-data.md section 4,
 * decision 113). One transaction: every module's part removes (or pseudonymises) its rows, the
 * e-mails about the student still queued go, the account goes, the journal entries about the
 * student keep their event with their personal fields `[effacé]` (audit_log_pseudonymise, the
 * only change the journal allows), and the erasure is recorded in `demandes_donnees` with the
 * SHA-256 of the address, and in ONE journal entry that does not name the student. The stored
 * files (photo, attestation PDFs) and the `.eml` copies are removed after the commit; the list of
 * what to remove is written to `DATA_DIR/effacements/<id>.json` just before it, so that a crash
 * in between is finished by the next start (`finishPendingErasures`).
 */

/** What an erasure works with: the database, the file storage, DATA_DIR, and every module's part. */
export type ErasureExecutor = {
  db: Database;
  storage: FileStorage;
  dataDir: string;
  /** `src/personal-data-parts.ts`'s list. */
  parts: readonly PersonalDataPart[];
};

export type ErasureOptions = {
  /** Why: recorded in `demandes_donnees` and the journal entry (any word naming the student is `[effacé]` there too). */
  motif: string;
  /** The staff member who decided it; null for the nightly purge. */
  actor: AuditActor | null;
  ip: string | null;
  /** `effacement` (the direction's *Effacer les données*) or `purge` (a former student's retention period ended). */
  type?: "effacement" | "purge";
  /** The one journal entry of the erasure; a purge writes one entry for the whole run instead (false). */
  journal?: boolean;
};

export type ErasureResult = {
  etudiantId: number;
  /** The `demandes_donnees` row that records it. */
  demandeId: number;
  /** Journal entries pseudonymised. */
  journalEntries: number;
  /** Stored files and `.eml` files removed after the commit. */
  filesRemoved: number;
};

/** SHA-256 of the lower-cased address: what `demandes_donnees.empreinte` keeps of an erased student. */
export const addressFingerprint = (email: string) =>
  createHash("sha256").update(email.trim().toLowerCase()).digest("hex");

/** What to remove once the erasure committed: written before the commit, removed once done. */
type PendingRemoval = { demande: number; empreinte: string; fileKeys: string[]; mailFiles: string[] };

export const PENDING_FOLDER = "effacements";
const MAIL_FOLDER = "mail";

type Subject = {
  id: number;
  user_id: number;
  nom: string;
  prenom: string;
  email: string;
  user_email: string;
  telephone: string | null;
  cin: string | null;
  student_id: string;
};

/** What an erasure in a transaction leaves to do once it has committed (`removeErasedFiles`). */
export type ErasedStudent = PendingRemoval & { etudiantId: number; journalEntries: number };

/**
 * Erases student `etudiantId` (an `etudiants.id`), or answers null when there is no such student.
 * Its own transaction, then the files once it has committed; a failure before the commit leaves
 * everything as it was. The direction's route calls it.
 */
export async function eraseStudent(
  executor: ErasureExecutor,
  etudiantId: number,
  options: ErasureOptions,
): Promise<ErasureResult | null> {
  const { db, storage, dataDir, parts } = executor;
  const erased = await db.transaction(async (tx) =>
    eraseInTransaction(tx as unknown as Database, etudiantId, { ...options, dataDir, parts }),
  );
  if (!erased) return null;
  const filesRemoved = await removeErasedFiles(storage, dataDir, erased);
  return { etudiantId, demandeId: erased.demande, journalEntries: erased.journalEntries, filesRemoved };
}

/**
 * The erasure inside the caller's transaction (the purge of former students, decision 114: one
 * student per transaction): everything but the files, and the record in `demandes_donnees` (type
 * `options.type`). Its last step writes the list of files to remove to DATA_DIR; once the caller's
 * transaction has committed, it calls `removeErasedFiles` with the answer (a crash in between is
 * finished by the next start). Answers null, writing nothing, when there is no such student.
 */
export async function eraseInTransaction(
  tx: Database,
  etudiantId: number,
  options: ErasureOptions & Pick<ErasureExecutor, "dataDir" | "parts">,
): Promise<ErasedStudent | null> {
  const [student] = await rowsOf<Subject>(
    tx,
    sql`select e.id, e.user_id, e.nom, e.prenom, e.email, u.email as user_email, e.telephone_etudiant as telephone,
          e.cin_etudiant as cin, e.student_id
        from etudiants e join users u on u.id = e.user_id where e.id = ${etudiantId} for update of e, u`,
  );
  if (!student) return null;
  const emails = [...new Set([student.email, student.user_email].map((e) => e.trim().toLowerCase()))];
  const subject: DataSubject = { etudiantId: student.id, userId: student.user_id, email: student.user_email };
  const words = await identifyingWords(tx, student);

  // The e-mails about the student still queued, or kept as a record of what was sent.
  const mails = await removeMailAbout(tx, student, emails);

  const fileKeys = new Set<string>();
  for (const part of options.parts) {
    for (const key of (await part.erase(tx as PersonalDataExecutor, subject)).fileKeys) fileKeys.add(key);
  }
  // What no module declares: the account itself (its tokens, sessions and links follow by
  // cascade), and the answers kept for an Idempotency-Key that name the student.
  await tx.execute(sql`delete from users where id = ${student.user_id}`);
  await tx.execute(
    sql`delete from idempotency_keys where caller = ${`etudiant:${student.user_id}`}
        or (response_body is not null and ${containsAny(sql`lower(response_body)`, emails)})`,
  );
  // The metadata goes in the transaction; the bytes once it committed.
  const keys = [...fileKeys];
  if (keys.length > 0) await tx.execute(sql`delete from stored_files where key = any(${pgArray(keys)}::text[])`);

  const journalEntries = await pseudonymiseJournal(tx, student, words);
  const motif = scrub(options.motif, words);
  const empreinte = addressFingerprint(student.user_email);
  const [request] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into demandes_donnees (type, etudiant_id, staff_id, motif, empreinte)
        values (${options.type ?? "effacement"}, ${student.id}, ${options.actor?.id ?? null}, ${motif}, ${empreinte})
        returning id`,
  );
  if (!request) throw new Error("demandes_donnees insert returned nothing");
  if (options.journal ?? true) {
    await audit(tx, {
      actor: options.actor,
      ip: options.ip,
      action: "effacement",
      entity: "etudiants",
      entityId: student.id,
      summary: ERASURE_MESSAGES.journal(student.id, motif),
    });
  }
  const pending: PendingRemoval = {
    demande: request.id,
    empreinte,
    fileKeys: keys,
    mailFiles: await mailFilesAbout(options.dataDir, mails.messageIds, emails),
  };
  // Last, just before the commit: a crash after it leaves this list for the next start.
  await writePending(options.dataDir, pending);
  return { ...pending, etudiantId: student.id, journalEntries };
}

/**
 * At start: the removals an erasure could not finish (a crash or a storage outage between its
 * commit and its file removals) are done; a list whose erasure never committed (no
 * `demandes_donnees` row with its id and fingerprint) is dropped without touching a file. Then
 * the `.eml` copies addressed to or from an erased address (its fingerprint), written by an
 * e-mail that was being sent while the student was erased. `olderThanMs`: leave the lists of an
 * erasure still in flight in another process sharing DATA_DIR (PostgreSQL). Answers the count
 * of files removed.
 */
export async function finishPendingErasures(
  executor: Pick<ErasureExecutor, "db" | "storage" | "dataDir">,
  olderThanMs: number,
): Promise<number> {
  const { db, storage, dataDir } = executor;
  const folder = path.join(dataDir, PENDING_FOLDER);
  let removed = 0;
  const limit = Date.now() - olderThanMs;
  for (const name of await listFolder(folder)) {
    if (!name.endsWith(".json")) continue;
    const file = path.join(folder, name);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile() || info.mtimeMs > limit) continue;
    let pending: PendingRemoval;
    try {
      pending = JSON.parse(await readFile(file, "utf8")) as PendingRemoval;
    } catch {
      await rm(file, { force: true }); // cut short while written: its erasure had not committed
      continue;
    }
    const [committed] = await rowsOf<{ id: number }>(
      db,
      sql`select id from demandes_donnees where id = ${pending.demande} and empreinte = ${pending.empreinte}`,
    );
    if (committed) removed += await removeErasedFiles(storage, dataDir, pending);
    else await rm(file, { force: true });
  }
  return removed + (await removeErasedMailFiles(db, dataDir));
}

// ---------------------------------------------------------------- the journal

/**
 * What names the student in a journal entry: their name both ways round and each part of it,
 * their addresses, CIN, phone (stored and displayed forms) and student number, and the earlier
 * values the journal recorded when they were changed (a rectification's `before`). Longest first,
 * so that "Prénom Nom" is replaced whole before "Nom" alone.
 */
async function identifyingWords(tx: Database, student: Subject): Promise<string[]> {
  const words = new Set<string>([
    `${student.prenom} ${student.nom}`,
    `${student.nom} ${student.prenom}`,
    student.nom,
    student.prenom,
    student.email,
    student.user_email,
    student.student_id,
    ...(student.cin ? [student.cin] : []),
    ...phoneForms(student.telephone),
  ]);
  const entries = await rowsOf<{ changes: Record<string, { before: unknown; after: unknown }> | null }>(
    tx,
    sql`select changes from audit_log where entity = 'etudiants' and entity_id = ${String(student.id)} and changes is not null`,
  );
  for (const { changes } of entries) {
    for (const field of ["nom", "prenom", "email", "telephone", "cin", "numero_etudiant"]) {
      for (const value of [changes?.[field]?.before, changes?.[field]?.after]) {
        if (typeof value !== "string" || value.trim() === "") continue;
        words.add(value);
        if (field === "telephone") for (const form of phoneForms(value)) words.add(form);
      }
    }
  }
  return [...words].filter((word) => word.trim().length > 0).sort((a, b) => b.length - a.length);
}

function phoneForms(phone: string | null): string[] {
  if (!phone) return [];
  const shown = formatPhone(phone);
  const national = shown.replace(/\s/g, "");
  return [...new Set([phone, shown, national])];
}

/** The entries about the student (theirs by entity, or any whose text names them), pseudonymised. */
async function pseudonymiseJournal(tx: Database, student: Subject, words: string[]): Promise<number> {
  // Found by the words that single the student out; a surname alone would match others.
  const strong = words.filter(
    (word) => word !== student.nom && word !== student.prenom && word.length >= 4 && word !== student.student_id,
  );
  const found = await rowsOf<{ id: string }>(
    tx,
    sql`select id::text from audit_log
        where (entity = 'etudiants' and entity_id = ${String(student.id)})
           or ${containsAny(
             sql`lower(summary || ' ' || coalesce(changes::text, ''))`,
             strong.map((w) => w.toLowerCase()),
           )}`,
  );
  if (found.length === 0) return 0;
  const [result] = await rowsOf<{ changed: number }>(
    tx,
    sql`select audit_log_pseudonymise(${pgArray(found.map((row) => row.id))}::bigint[], ${pgArray(words)}::text[]) as changed`,
  );
  return Number(result?.changed ?? 0);
}

/** `text` with each word replaced by `[effacé]` (a reason typed with the student's name in it). */
function scrub(text: string, words: readonly string[]): string {
  let out = text;
  for (const word of words) out = out.split(word).join(ERASED);
  return out;
}

// ---------------------------------------------------------------- e-mails

/**
 * The outbox rows about the student: to or from their address, their notification copies, and
 * any that names them by address or name in its subject or body. Removed; their Message-IDs
 * find their `.eml` copies.
 */
async function removeMailAbout(tx: Database, student: Subject, emails: string[]) {
  const name = `${student.prenom} ${student.nom}`;
  const rows = await rowsOf<{ message_id: string }>(
    tx,
    sql`delete from mail_outbox
        where lower(to_address) = any(${pgArray(emails)}::text[]) or lower(coalesce(reply_to, '')) = any(${pgArray(emails)}::text[])
          or unsubscribe_etudiant_id = ${student.id}
          or ${containsAny(sql`lower(subject || ' ' || text_body || ' ' || coalesce(html_body, ''))`, emails)}
          or position(${name} in subject || ' ' || text_body) > 0
        returning message_id`,
  );
  return { messageIds: rows.map((row) => row.message_id) };
}

/** The mail folder's `.eml` files of those messages, or that carry the student's address. */
async function mailFilesAbout(dataDir: string, messageIds: string[], emails: string[]): Promise<string[]> {
  const folder = path.join(dataDir, MAIL_FOLDER);
  const ids = messageIds.map((id) => id.replace(/[^\w.-]/g, "")).filter((id) => id.length > 0);
  const found: string[] = [];
  for (const name of await listFolder(folder)) {
    if (!name.endsWith(".eml")) continue;
    if (ids.some((id) => name.endsWith(`-${id}.eml`))) {
      found.push(name);
      continue;
    }
    const text = (await readFile(path.join(folder, name)).catch(() => Buffer.alloc(0)))
      .toString("latin1")
      .toLowerCase();
    if (emails.some((email) => text.includes(email))) found.push(name);
  }
  return found;
}

/** At start: `.eml` files whose headers name an erased address (by its fingerprint). */
async function removeErasedMailFiles(db: Database, dataDir: string): Promise<number> {
  const folder = path.join(dataDir, MAIL_FOLDER);
  const names = (await listFolder(folder)).filter((name) => name.endsWith(".eml"));
  if (names.length === 0) return 0;
  const rows = await rowsOf<{ empreinte: string }>(
    db,
    sql`select distinct empreinte from demandes_donnees where type in ('effacement', 'purge') and empreinte is not null`,
  );
  const erased = new Set(rows.map((row) => row.empreinte));
  if (erased.size === 0) return 0;
  let removed = 0;
  for (const name of names) {
    const file = path.join(folder, name);
    const text = (await readFile(file).catch(() => Buffer.alloc(0))).toString("latin1");
    const headers = text.split(/\r?\n\r?\n/, 1)[0] ?? "";
    const addresses = headers.match(/[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g) ?? [];
    if (addresses.some((address) => erased.has(addressFingerprint(address)))) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

// ---------------------------------------------------------------- files after the commit

async function writePending(dataDir: string, pending: PendingRemoval) {
  if (pending.fileKeys.length === 0 && pending.mailFiles.length === 0) return;
  const folder = path.join(dataDir, PENDING_FOLDER);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const file = path.join(folder, `${pending.demande}.json`);
  // Written aside then renamed: the next start never reads half a list.
  await writeFile(`${file}.part`, JSON.stringify(pending), { mode: 0o600 });
  await rename(`${file}.part`, file);
}

/**
 * Once the erasure's transaction has committed: its stored files and `.eml` copies, then its list
 * in DATA_DIR. A storage that fails keeps the list for the next start. Answers the files removed.
 */
export async function removeErasedFiles(
  storage: FileStorage,
  dataDir: string,
  pending: PendingRemoval,
): Promise<number> {
  let removed = 0;
  try {
    for (const key of pending.fileKeys) {
      // The metadata row went with the erasure; a key that is back in use (never, with generated keys) is kept.
      if (await storage.stat(key)) continue;
      await storage.remove(key);
      removed++;
    }
    for (const name of pending.mailFiles) {
      await rm(path.join(dataDir, MAIL_FOLDER, path.basename(name)), { force: true });
      removed++;
    }
  } catch {
    return removed; // the list stays: the next start finishes it
  }
  await rm(path.join(dataDir, PENDING_FOLDER, `${pending.demande}.json`), { force: true });
  return removed;
}

async function listFolder(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch {
    return []; // no such folder yet
  }
}

// ---------------------------------------------------------------- SQL helpers

/** A PostgreSQL array literal of text values, passed as one parameter. */
function pgArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`;
}

/** `expression` contains one of `needles` (none: false). */
function containsAny(expression: ReturnType<typeof sql>, needles: readonly string[]) {
  if (needles.length === 0) return sql`false`;
  return sql`exists (select 1 from unnest(${pgArray(needles)}::text[]) as needle where position(needle in ${expression}) > 0)`;
}
