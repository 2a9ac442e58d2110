import { RETENTION_KEYS } from "@puerta/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client.ts";
import { rowsOf } from "../../src/db/migration-level.ts";
import { PERSONAL_DATA_PARTS } from "../../src/personal-data-parts.ts";
import { createTestApp, type TestApp } from "../support/app.ts";

/**
 * The register of personal data (src/personal-data-parts.ts, decision 112) against the database
 * itself: a new table or column about a student that no module declares fails here, with its name.
 */

/**
 * A column that holds personal data by its name: an address, a phone, a CIN, a photo, an IP
 * address, a browser, a holder's name, or a student or user id (a reference without a foreign key).
 */
const PERSONAL_COLUMN =
  /(^|_)(email|courriel|telephone|phone|gsm|cin|photo|ip|profile_image|holder_name|address|user_agent)(_|$)|(^|_)(etudiant|user)_ids?$/;

/**
 * What matches above but is about no student, and why. A whole table (`table`) or one column
 * (`table.column`) of a table that the register declares for its other columns.
 */
const NOT_ABOUT_STUDENTS: Record<string, string> = {
  staff_users: "Les comptes du personnel (leur e-mail), pas des étudiants.",
  staff_login_challenges: "L'étape entre mot de passe et second facteur d'un membre du personnel (son IP).",
  centres: "Le téléphone d'un centre de l'académie, publié sur le site.",
  "notifications.photo_key": "L'illustration qu'un membre du personnel joint à une notification.",
  "notifications.photo_content_type": "Le type de cette illustration.",
  "notifications.email_copy": "« Envoyer aussi par e-mail », choisi par le personnel pour toute l'audience.",
};

type Schema = {
  tables: Set<string>;
  columns: Map<string, Set<string>>;
  references: { table: string; references: string }[];
};

/** The tables, their columns and their foreign keys, as information_schema tells them. */
async function schemaOf(db: Pick<Database, "execute">): Promise<Schema> {
  const tableRows = await rowsOf<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const tables = new Set(tableRows.map((r) => r.table_name));
  const columnRows = await rowsOf<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns where table_schema = 'public'`,
  );
  const columns = new Map<string, Set<string>>();
  for (const row of columnRows) {
    if (!tables.has(row.table_name)) continue;
    const set = columns.get(row.table_name) ?? new Set<string>();
    set.add(row.column_name);
    columns.set(row.table_name, set);
  }
  const references = await rowsOf<{ table: string; references: string }>(
    db,
    sql`select distinct tc.table_name as "table", ccu.table_name as "references"
        from information_schema.table_constraints tc
        join information_schema.constraint_column_usage ccu
          on ccu.constraint_schema = tc.constraint_schema and ccu.constraint_name = tc.constraint_name
        where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'`,
  );
  return { tables, columns, references };
}

const declared = () => new Set(PERSONAL_DATA_PARTS.map((p) => p.table));
const declaredColumns = (table: string) =>
  new Set(PERSONAL_DATA_PARTS.filter((p) => p.table === table).flatMap((p) => p.columns));
const excluded = (table: string, column?: string) =>
  table in NOT_ABOUT_STUDENTS || (column !== undefined && `${table}.${column}` in NOT_ABOUT_STUDENTS);

/** Tables whose columns name a student by their name (PERSONAL_COLUMN), but for the exclusions. */
const byColumn = (schema: Schema) =>
  [...schema.columns].filter(([table, names]) =>
    [...names].some((c) => PERSONAL_COLUMN.test(c) && !excluded(table, c)),
  );

/**
 * The tables about a student: `etudiants`, `users` and those holding a personal column, then
 * every table with a foreign key to one of them, again and again (a request's events, a
 * message's replies).
 */
function aboutStudents(schema: Schema): Set<string> {
  const found = new Set(["etudiants", "users", ...byColumn(schema).map(([table]) => table)]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const { table, references: target } of schema.references) {
      if (found.has(target) && !found.has(table) && !excluded(table)) {
        found.add(table);
        grew = true;
      }
    }
  }
  return found;
}

/** What the walk finds that no part declares: tables, then `table.column`s. */
function undeclared(schema: Schema): { tables: string[]; columns: string[] } {
  return {
    tables: [...aboutStudents(schema)].filter((table) => !declared().has(table)).sort(),
    columns: byColumn(schema)
      .flatMap(([table, names]) =>
        [...names]
          .filter((c) => PERSONAL_COLUMN.test(c) && !excluded(table, c) && !declaredColumns(table).has(c))
          .map((c) => `${table}.${c}`),
      )
      .sort(),
  };
}

describe("the personal-data register against the schema", () => {
  let t: TestApp;
  let schema: Schema;

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    schema = await schemaOf(t.database.db);
  });
  afterAll(() => t.close());

  it("finds the student tables it should, so the walk itself works", () => {
    expect([...aboutStudents(schema)]).toEqual(
      expect.arrayContaining([
        "etudiants",
        "users",
        "inscriptions",
        "personal_access_tokens",
        "certificate_requests",
        "certificate_request_events",
        "certificate_documents",
        "contact_messages",
        "contact_replies",
        "mail_outbox",
        "policy_acceptances",
        "profile_photos",
        "audit_log",
        "demandes_donnees",
      ]),
    );
    expect(aboutStudents(schema).has("staff_sessions")).toBe(false);
  });

  it("declares every table that points at a student or holds an e-mail, phone, CIN, photo or address", () => {
    expect(undeclared(schema).tables, "tables about students that no personal-data part declares").toEqual([]);
  });

  it("declares every personal column of those tables, or says why it is about no student", () => {
    expect(undeclared(schema).columns, "personal columns that no part declares").toEqual([]);
  });

  it("fails, naming them, on a new table about a student and a new personal column that no part declares", async () => {
    const found = await t.database.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`create table carnets_de_notes (id serial primary key, etudiant_id integer references etudiants(id))`,
        );
        await tx.execute(
          sql`create table carnets_remarques (id serial primary key, carnet_id integer references carnets_de_notes(id))`,
        );
        await tx.execute(sql`alter table etudiants add column telephone_parent text`);
        const seen = undeclared(await schemaOf(tx));
        // Nothing of this stays: the test's schema is rolled back.
        throw Object.assign(new Error("rollback"), { seen });
      })
      .catch((error: { seen?: ReturnType<typeof undeclared> }) => error.seen);
    expect(found).toEqual({
      tables: ["carnets_de_notes", "carnets_remarques"],
      columns: ["carnets_de_notes.etudiant_id", "etudiants.telephone_parent"],
    });
    expect(undeclared(await schemaOf(t.database.db))).toEqual({ tables: [], columns: [] });
  });

  it("names only tables and columns that exist, and a retention period the settings know", () => {
    const wrong: string[] = [];
    for (const part of PERSONAL_DATA_PARTS) {
      const names = schema.columns.get(part.table);
      if (!names) {
        wrong.push(`${part.module}: table ${part.table}`);
        continue;
      }
      for (const column of part.columns) if (!names.has(column)) wrong.push(`${part.module}: ${part.table}.${column}`);
      if (!(RETENTION_KEYS as readonly string[]).includes(part.retention))
        wrong.push(`${part.module}: ${part.retention}`);
      if (part.purpose.trim().length < 20) wrong.push(`${part.module}: ${part.table} has no purpose`);
      if (!part.title?.trim()) wrong.push(`${part.module}: ${part.table} has no French title`);
    }
    expect(wrong).toEqual([]);
  });

  it("lists as about no student only what exists and what no part declares", () => {
    const wrong = Object.keys(NOT_ABOUT_STUDENTS).filter((name) => {
      const [table = "", column] = name.split(".");
      if (!schema.tables.has(table) || (column !== undefined && !schema.columns.get(table)?.has(column))) return true;
      return column === undefined ? declared().has(table) : declaredColumns(table).has(column);
    });
    expect(wrong).toEqual([]);
  });

  it("erases in the documented order: the journal first, the student's record last", () => {
    const order = PERSONAL_DATA_PARTS.map((p) => p.table);
    expect(order[0]).toBe("audit_log");
    expect(order.slice(-2)).toEqual(["etudiants", "users"]);
    const at = (table: string) => order.indexOf(table);
    expect(at("contact_replies")).toBeLessThan(at("contact_messages"));
    expect(at("certificate_request_events")).toBeLessThan(at("certificate_requests"));
    expect(at("certificate_documents")).toBeLessThan(at("certificate_requests"));
    // Every part but the record's finds the student through etudiants or users.
    expect(order.indexOf("etudiants")).toBe(order.length - 2);
  });
});
