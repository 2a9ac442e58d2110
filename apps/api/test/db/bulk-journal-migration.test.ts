import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../src/db/client.ts";
import { rowsOf } from "../../src/db/migration-level.ts";
import { openTestDatabase } from "../support/app.ts";
import { migrateBefore } from "../support/migrations.ts";

/**
 * Migration 0018 (law 09-08, decision 113): the journal's bulk entries of before listed the
 * students' e-mail addresses; once migrated, each address reads `[effacé]` and the rest of the
 * entry (its event, its count, its ids) is as it was. Other entries are untouched.
 */
describe("migration 0018 on a journal with old bulk entries", () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  const bulk = {
    etudiants: { before: null, after: ["yasmine.elamrani@example.com", "omar.benjelloun@example.com"] },
    ids: { before: null, after: [3, 8] },
  };
  const single = { email: { before: "ancienne@example.com", after: "nouvelle@example.com" } };

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await migrateBefore(database, "0018_bulk_journal_ids");
    await database.db.execute(sql`insert into audit_log (action, entity, entity_id, summary, changes) values
      ('desactivation', 'etudiants', null, '2 comptes désactivés.', ${JSON.stringify(bulk)}::jsonb),
      ('modification', 'etudiants', '3', 'Fiche de Yasmine El Amrani modifiée.', ${JSON.stringify(single)}::jsonb)`);
    await database.migrate();
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it("turns the addresses of bulk entries into [effacé], keeping the event, the count and the ids", async () => {
    const rows = await rowsOf<{ action: string; summary: string; changes: unknown }>(
      database.db,
      sql`select action, summary, changes from audit_log order by id`,
    );
    expect(rows).toEqual([
      {
        action: "desactivation",
        summary: "2 comptes désactivés.",
        changes: { etudiants: { before: null, after: ["[effacé]", "[effacé]"] }, ids: { before: null, after: [3, 8] } },
      },
      // Not a bulk entry: a student's own record, rectified; its erasure is the student's (decision 113).
      { action: "modification", summary: "Fiche de Yasmine El Amrani modifiée.", changes: single },
    ]);
  });

  it("leaves the journal append-only for everything else", async () => {
    await expect(database.db.execute(sql`update audit_log set summary = 'changé'`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });
});
