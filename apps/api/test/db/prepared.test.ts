import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dateOf, dayNumber, prepared } from "../../src/db/prepared.ts";
import { users } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../support/app.ts";

describe("prepared statements", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  const query = () =>
    sql`select ${sql.placeholder("a")} + ${sql.placeholder("b")}::int as "sum", ${"l'apostrophe"} as "text", count(*)::int as "users" from ${users} where ${users.id} > ${sql.placeholder("a")}`;

  it("run with integer placeholders, other values written into the statement", async () => {
    const run = prepared<{ sum: number; text: string; users: number }>(t.database.db, "test_sum", query());
    expect(await run({ a: 2, b: 40 })).toEqual([{ sum: 42, text: "l'apostrophe", users: 0 }]);
    expect(await run({ a: -1, b: 0 })).toEqual([{ sum: -1, text: "l'apostrophe", users: 0 }]);
  });

  it("refuse anything but a safe integer", async () => {
    const run = prepared(t.database.db, "test_sum", query());
    for (const a of [1.5, Number.NaN, 2 ** 60, "1 or 1=1" as unknown as number]) {
      await expect(run({ a, b: 1 })).rejects.toThrow(/not an integer/);
    }
    await expect(run({ b: 1 })).rejects.toThrow(/not an integer/);
  });

  it("may be declared again under the same name for the same query, not for another", async () => {
    const again = prepared<{ sum: number }>(t.database.db, "test_sum", query());
    expect((await again({ a: 1, b: 1 }))[0]?.sum).toBe(2);
    // node-postgres keeps its own per-connection check; PGlite has one session, checked here.
    if (t.database.kind === "pglite") {
      const other = prepared(t.database.db, "test_sum", sql`select ${sql.placeholder("a")}::int as "sum"`);
      await expect(other({ a: 1 })).rejects.toThrow(/another query/);
    }
  });

  it("take days as whole numbers since 1970-01-01", async () => {
    expect([dayNumber("1970-01-01"), dayNumber("1970-01-02"), dayNumber("2028-02-29")]).toEqual([0, 1, 21_243]);
    expect(Number.isNaN(dayNumber("pas une date"))).toBe(true);
    const run = prepared<{ day: string }>(
      t.database.db,
      "test_day",
      sql`select ${dateOf(sql.placeholder("d"))}::text as "day"`,
    );
    for (const day of ["1999-12-31", "2028-02-29", "2030-09-01"]) {
      expect(await run({ d: dayNumber(day) })).toEqual([{ day }]);
    }
  });
});
