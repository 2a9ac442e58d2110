import { RETENTION_KEYS } from "@puerta/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAL_DATA_PARTS } from "../../src/personal-data-parts.ts";
import { createTestApp, queryRows, type TestApp } from "../support/app.ts";

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

describe("the personal-data register against the schema", () => {
  let t: TestApp;
  let tables: Set<string>;
  let columns: Map<string, Set<string>>;
  let references: { table: string; references: string }[];

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    const tableRows = await queryRows<{ table_name: string }>(
      t,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    tables = new Set(tableRows.map((r) => r.table_name));
    const columnRows = await queryRows<{ table_name: string; column_name: string }>(
      t,
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public'`,
    );
    columns = new Map();
    for (const row of columnRows) {
      if (!tables.has(row.table_name)) continue;
      const set = columns.get(row.table_name) ?? new Set<string>();
      set.add(row.column_name);
      columns.set(row.table_name, set);
    }
    references = await queryRows<{ table: string; references: string }>(
      t,
      sql`select distinct tc.table_name as "table", ccu.table_name as "references"
          from information_schema.table_constraints tc
          join information_schema.constraint_column_usage ccu
            on ccu.constraint_schema = tc.constraint_schema and ccu.constraint_name = tc.constraint_name
          where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'`,
    );
  });
  afterAll(() => t.close());

  const declared = () => new Set(PERSONAL_DATA_PARTS.map((p) => p.table));
  const declaredColumns = (table: string) =>
    new Set(PERSONAL_DATA_PARTS.filter((p) => p.table === table).flatMap((p) => p.columns));
  const excluded = (table: string, column?: string) =>
    table in NOT_ABOUT_STUDENTS || (column !== undefined && `${table}.${column}` in NOT_ABOUT_STUDENTS);

  /** Tables whose columns name a student by their name (PERSONAL_COLUMN), but for the exclusions. */
  const byColumn = () =>
    [...columns].filter(([table, names]) => [...names].some((c) => PERSONAL_COLUMN.test(c) && !excluded(table, c)));

  /**
   * The tables about a student: `etudiants`, `users` and those holding a personal column, then
   * every table with a foreign key to one of them, again and again (a request's events, a
   * message's replies).
   */
  const aboutStudents = () => {
    const found = new Set(["etudiants", "users", ...byColumn().map(([table]) => table)]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const { table, references: target } of references) {
        if (found.has(target) && !found.has(table) && !excluded(table)) {
          found.add(table);
          grew = true;
        }
      }
    }
    return found;
  };

  it("finds the student tables it should, so the walk itself works", () => {
    expect([...aboutStudents()]).toEqual(
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
    expect(aboutStudents().has("staff_sessions")).toBe(false);
  });

  it("declares every table that points at a student or holds an e-mail, phone, CIN, photo or address", () => {
    const undeclared = [...aboutStudents()].filter((table) => !declared().has(table)).sort();
    expect(undeclared, "tables about students that no personal-data part declares").toEqual([]);
  });

  it("declares every personal column of those tables, or says why it is about no student", () => {
    const undeclared = byColumn().flatMap(([table, names]) =>
      [...names]
        .filter((c) => PERSONAL_COLUMN.test(c) && !excluded(table, c) && !declaredColumns(table).has(c))
        .map((c) => `${table}.${c}`),
    );
    expect(undeclared.sort(), "personal columns that no part declares").toEqual([]);
  });

  it("names only tables and columns that exist, and a retention period the settings know", () => {
    const wrong: string[] = [];
    for (const part of PERSONAL_DATA_PARTS) {
      const names = columns.get(part.table);
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
      if (!tables.has(table) || (column !== undefined && !columns.get(table)?.has(column))) return true;
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
