import { type SQL, sql } from "drizzle-orm";
import { rowsOf } from "../db/migration-level.ts";
import type { DataSubject, PersonalDataExecutor, PersonalDataPart } from "./personal-data.ts";

/*
 * The SQL the modules' personal-data parts share (lib/personal-data.ts, decision 112).
 */

/**
 * The rows of a query that selects one JSON object per row as `row` (`select to_jsonb(t) - 'token_hash'
 * as row …`): the whole row, so that a column added later is exported without anyone remembering
 * to, timestamps as ISO text on PGlite and PostgreSQL alike.
 */
export async function jsonRows(db: PersonalDataExecutor, query: SQL): Promise<Record<string, unknown>[]> {
  return (await rowsOf<{ row: Record<string, unknown> }>(db, query)).map((r) => r.row);
}

/** What an erasure that removes no stored file answers. */
export const NO_FILES: { fileKeys: string[] } = { fileKeys: [] };

/** The storage keys a query selects as `key`, for `erase()` to answer. */
export async function fileKeysOf(db: PersonalDataExecutor, query: SQL): Promise<{ fileKeys: string[] }> {
  return { fileKeys: (await rowsOf<{ key: string }>(db, query)).map((r) => r.key) };
}

/** A PostgreSQL `text[]` of `values`, passed as one parameter. */
export const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((value) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`}::text[]`;

/** The student's address as every table compares it: trimmed and lower-cased. */
export const addressOf = (email: string) => email.trim().toLowerCase();

/**
 * The part of a table whose rows all belong to one student, found by `by` (their user or student
 * id): `rows()` is every row but the `hidden` columns (secrets: a token's hash…), `erase()` deletes
 * them. A part that joins or keeps something writes its own.
 */
export function ownedRowsPart(
  part: Omit<PersonalDataPart, "rows" | "erase"> & { by: "user_id" | "etudiant_id"; hidden?: readonly string[] },
): PersonalDataPart {
  const { by, hidden = [], ...declared } = part;
  const table = sql.identifier(part.table);
  const owner = (s: DataSubject) => sql`${sql.identifier(by)} = ${by === "user_id" ? s.userId : s.etudiantId}`;
  const without = sql.join(
    hidden.map((column) => sql` - ${column}::text`),
    sql``,
  );
  return {
    ...declared,
    rows: (db, s) =>
      jsonRows(db, sql`select to_jsonb(t)${without} as row from ${table} t where ${owner(s)} order by t.id`),
    async erase(tx, s) {
      await tx.execute(sql`delete from ${table} where ${owner(s)}`);
      return NO_FILES;
    },
  };
}
