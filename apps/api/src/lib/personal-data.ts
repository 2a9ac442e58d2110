import type { Database } from "../db/client.ts";

/**
 * Personal data under law 09-08 (docs/spec/school-year-and-data.md section 4), in the way of
 * Moodle's privacy API: each module declares the personal data its tables hold about a student —
 * which columns, why, under which retention period — and gives its part of the access export and
 * of the erasure. The list of every module's parts is `src/personal-data-parts.ts`; a test walks
 * the database schema and fails when a table that points at a student (or holds an e-mail, a
 * phone, a CIN or a photo) is declared by no part, so a new feature cannot forget a student's data.
 */

/** The retention periods of `/gestion/donnees-personnelles`, as `PATCH /api/gestion/conservation` names them. */
export const RETENTION_CATEGORIES = [
  "anciens_eleves",
  "invitations",
  "messages",
  "traces",
  "emails_envoyes",
  "journal",
] as const;
export type RetentionCategory = (typeof RETENTION_CATEGORIES)[number];

/** The database, or the transaction of an erasure. */
export type PersonalDataExecutor = Pick<Database, "execute" | "select" | "insert" | "update" | "delete">;

/** Whom a part is asked about: the student's ids, and the address messages about them were sent to. */
export type DataSubject = { etudiantId: number; userId: number; email: string };

/** A stored file of the student's (their photo, their attestations' PDFs): its storage key and its name in the ZIP. */
export type SubjectFile = { key: string; name: string };

export type PersonalDataPart = {
  /** The module that declares it (`profile`, `certificates`…). */
  module: string;
  /** The table, as the database names it. */
  table: string;
  /** Its columns that hold personal data about the student. */
  columns: readonly string[];
  /** What it is, in French, a heading of the export (`Demandes d'attestation`); the register test asks one of every part. */
  title?: string;
  /** Why it is held, in French, for LISEZMOI.txt and the register. */
  purpose: string;
  /** The retention period that ends it. */
  retention: RetentionCategory;
  /** Every row of this table about the student, as JSON (donnees.json). */
  rows(db: PersonalDataExecutor, subject: DataSubject): Promise<Record<string, unknown>[]>;
  /** The student's stored files this table points at, for the ZIP. */
  files?(db: PersonalDataExecutor, subject: DataSubject): Promise<SubjectFile[]>;
  /**
   * Removes (or pseudonymises) the student's rows, in the erasure's transaction; answers the
   * storage keys to delete once it has committed.
   */
  erase(tx: PersonalDataExecutor, subject: DataSubject): Promise<{ fileKeys: string[] }>;
  /** What an erasure keeps of this table on purpose, and why (decision 112 and the privacy page); none: nothing. */
  kept?: string;
};
