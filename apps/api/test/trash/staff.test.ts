import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStorageFromConfig } from "../../src/lib/storage/index.ts";
import { createTrash } from "../../src/modules/trash/staff-service.ts";
import { TRASH_KINDS } from "../../src/trash-kinds.ts";
import { createTestApp, queryRows, type TestApp } from "../support/app.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";

const DAY = 24 * 60 * 60 * 1000;

describe("the restore bin's purge (docs/spec/back-office.md section 5: 30 days, then gone with its files)", () => {
  let t: TestApp;
  let direction: StaffBrowser;
  beforeAll(async () => {
    t = await createTestApp();
    direction = (await signInNewStaff(t, "direction")).browser;
  });
  afterAll(() => t.close());

  /** A process's purge job, with the clock it is given. */
  const trash = () =>
    createTrash({
      db: t.database.db,
      storage: createStorageFromConfig(t.database.db, t.config.dataDir, t.config.storage),
      kinds: TRASH_KINDS,
    });

  it("keeps a withdrawn notification 30 days, then deletes it and its photo, once", async () => {
    const files = createStorageFromConfig(t.database.db, t.config.dataDir, t.config.storage);
    const created = await direction.post("/api/gestion/notifications", {
      titre: "À purger",
      message: "Texte.",
      priority: "normal",
      sender: "moi",
      publication: "maintenant",
      audience: { type: "tous" },
    });
    const id = created.json().id as number;
    const photo = await files.save("notifications", Buffer.from("RIFF0000WEBPVP8 "), "image/webp", "photo.webp");
    await queryRows(t, sql`update notifications set photo_key = ${photo.key} where id = ${id}`);
    expect((await direction.delete(`/api/gestion/notifications/${id}`)).statusCode).toBe(200);

    // 29 days later: still in the bin.
    expect(await trash().purge(new Date(Date.now() + 29 * DAY))).toEqual({});
    expect(
      (await direction.get("/api/gestion/corbeille")).json().data.some((item: { id: number }) => item.id === id),
    ).toBe(true);

    // 31 days later: two processes run the job at once; one purges, the other finds nothing to do.
    const later = new Date(Date.now() + 31 * DAY);
    const runs = await Promise.all([trash().purge(later), trash().purge(later)]);
    expect(runs.flatMap((run) => run.notifications ?? [])).toEqual([id]);
    expect(await queryRows(t, sql`select id from notifications where id = ${id}`)).toEqual([]);
    expect(await files.stat(photo.key)).toBeNull();
    const [entry] = await queryRows<{ action: string; staff_id: number | null }>(
      t,
      sql`select action, staff_id from audit_log where action = 'purge' and entity = 'notifications'`,
    );
    expect(entry).toEqual({ action: "purge", staff_id: null });
    expect((await direction.post(`/api/gestion/corbeille/notifications/${id}/restaurer`)).statusCode).toBe(404);
  });
});
