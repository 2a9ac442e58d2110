import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepEmbeddedTables } from "../../src/db/upkeep.ts";
import { createTestApp, queryRows, type TestApp } from "../support/app.ts";

/** What the planner believes of a table: -1 until it has been analysed or vacuumed. */
async function plannerRows(t: TestApp, table: string): Promise<number> {
  const [row] = await queryRows<{ tuples: number }>(
    t,
    sql`select reltuples::float8 as tuples from pg_class where relname = ${table} and relkind = 'r'`,
  );
  return row?.tuples ?? Number.NaN;
}

async function addCentres(t: TestApp, count: number, prefix: string) {
  await t.database.db.execute(
    sql`insert into centres (nom) select ${prefix} || g from generate_series(1, ${count}::int) g`,
  );
}

describe("the embedded database's upkeep (autovacuum's part)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("gives every table its statistics once the server has started", async () => {
    if (t.database.kind !== "pglite") {
      // PostgreSQL's own autovacuum keeps its tables: the server leaves them to it.
      expect(await keepEmbeddedTables(t.database.db, { everything: true })).toEqual({ analysed: [], vacuumed: [] });
      return;
    }
    // The first run starts with the server (app.ts's onReady) and analyses everything.
    let etudiants = await plannerRows(t, "etudiants");
    for (let i = 0; i < 100 && etudiants < 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      etudiants = await plannerRows(t, "etudiants");
    }
    const [seeded] = await queryRows<{ n: number }>(t, sql`select count(*)::int as n from etudiants`);
    expect(seeded?.n).toBeGreaterThan(0);
    expect(etudiants).toBe(seeded?.n);
  });

  it("analyses a table once autovacuum would, and vacuums it once its dead rows are many", async () => {
    const embedded = t.database.kind === "pglite";
    const none = { analysed: [], vacuumed: [] };
    // On PostgreSQL every run is a no-op: its autovacuum does the same, on its own schedule.
    const expectRun = async (onEmbedded: { analysed: string[]; vacuumed: string[] }) =>
      expect(await keepEmbeddedTables(t.database.db)).toEqual(embedded ? onEmbedded : none);
    await keepEmbeddedTables(t.database.db, { everything: true });
    await expectRun(none);

    // Under 50 rows plus 10 %: left alone.
    const before = await plannerRows(t, "centres");
    await addCentres(t, 20, "Centre à l'essai ");
    await expectRun(none);
    if (embedded) expect(await plannerRows(t, "centres")).toBe(before);

    // Past it: analysed, and the planner knows the new size.
    await addCentres(t, 400, "Centre en nombre ");
    await expectRun({ analysed: ["centres"], vacuumed: [] });
    if (embedded) expect(await plannerRows(t, "centres")).toBe(before + 420);

    // 400 dead rows of 420: vacuumed, and analysed since they count as changes too.
    await t.database.db.execute(sql`delete from centres where nom like 'Centre en nombre %'`);
    await expectRun({ analysed: ["centres"], vacuumed: ["centres"] });
    if (embedded) {
      expect(await plannerRows(t, "centres")).toBe(before + 20);
      const [dead] = await queryRows<{ n: number }>(
        t,
        sql`select n_dead_tup::int as n from pg_stat_user_tables where relname = 'centres'`,
      );
      expect(dead?.n).toBe(0);
    }
  });
});
