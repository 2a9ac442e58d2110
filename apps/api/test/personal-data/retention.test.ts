import { PERSONAL_DATA_MESSAGES, RETENTION_DEFAULTS } from "@puerta/contract";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, queryRows, type TestApp } from "../support/app.ts";
import { databaseFingerprint } from "../support/route-table.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";
import { waitFor } from "../support/wait.ts";

/**
 * `GET/PATCH /api/gestion/conservation` (docs/spec/school-year-and-data.md sections 4 and 5,
 * decision 114): the retention periods and the CNDP number, the direction's only. Each test has
 * its own academy: the periods are the academy's one row.
 */
describe("retention periods", () => {
  let t: TestApp;
  let direction: StaffBrowser;

  beforeEach(async () => {
    t = await createTestApp({ seed: false });
    direction = (await signInNewStaff(t, "direction")).browser;
    // The sign-in e-mails the member (a second factor enrolled): the outbox's worker sends it on
    // its own time, which would change the database between a test's two fingerprints.
    await waitFor(
      async () =>
        (await queryRows<{ n: number }>(t, sql`select count(*)::int as n from mail_outbox where status = 'pending'`))[0]
          ?.n === 0,
      "the sign-in's e-mail to be sent",
    );
  });
  afterEach(() => t.close());

  it("answers the spec's defaults while nothing was saved, and writes no row for it", async () => {
    const response = await direction.get("/api/gestion/conservation");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      anciens_eleves_mois: 36,
      invitations_mois: 12,
      messages_mois: 24,
      traces_mois: 12,
      emails_envoyes_mois: 1,
      journal_mois: 60,
      cndp_numero: null,
    });
    expect(RETENTION_DEFAULTS.anciens_eleves_mois).toBe(36);
    expect(await queryRows(t, sql`select * from conservation`)).toEqual([]);
  });

  it("saves the fields given, trims the CNDP number, keeps the others, and journals what changed", async () => {
    const saved = await direction.patch("/api/gestion/conservation", {
      anciens_eleves_mois: 0,
      messages_mois: 6,
      cndp_numero: "  D-GC-123/2026  ",
    });
    expect(saved.statusCode).toBe(200);
    const expected = {
      anciens_eleves_mois: 0,
      invitations_mois: 12,
      messages_mois: 6,
      traces_mois: 12,
      emails_envoyes_mois: 1,
      journal_mois: 60,
      cndp_numero: "D-GC-123/2026",
    };
    expect(saved.json()).toEqual(expected);
    expect((await direction.get("/api/gestion/conservation")).json()).toEqual(expected);

    const [entry] = await queryRows<{ action: string; entity: string; changes: unknown }>(
      t,
      sql`select action, entity, changes from audit_log where entity = 'donnees-personnelles' order by id desc limit 1`,
    );
    expect(entry).toEqual({
      action: "modification",
      entity: "donnees-personnelles",
      changes: {
        anciens_eleves_mois: { before: 36, after: 0 },
        messages_mois: { before: 24, after: 6 },
        cndp_numero: { before: null, after: "D-GC-123/2026" },
      },
    });

    // An empty number is no number; the same values again change nothing and journal nothing.
    const cleared = await direction.patch("/api/gestion/conservation", { cndp_numero: "   " });
    expect(cleared.json().cndp_numero).toBeNull();
    const entries = async () =>
      (await queryRows(t, sql`select id from audit_log where entity = 'donnees-personnelles'`)).length;
    const before = await entries();
    expect((await direction.patch("/api/gestion/conservation", { messages_mois: 6 })).statusCode).toBe(200);
    expect(await entries()).toBe(before);
  });

  it.each([
    [{ journal_mois: -1 }, "journal_mois", PERSONAL_DATA_MESSAGES.monthsInvalid],
    [{ traces_mois: 1.5 }, "traces_mois", PERSONAL_DATA_MESSAGES.monthsInvalid],
    [{ invitations_mois: "12" }, "invitations_mois", PERSONAL_DATA_MESSAGES.monthsInvalid],
    [{ anciens_eleves_mois: 5000 }, "anciens_eleves_mois", PERSONAL_DATA_MESSAGES.monthsTooLarge],
    [{ cndp_numero: "x".repeat(101) }, "cndp_numero", PERSONAL_DATA_MESSAGES.cndpTooLong],
    [{ cndp_numero: 42 }, "cndp_numero", PERSONAL_DATA_MESSAGES.cndpInvalid],
  ])("refuses %j with 422 and its French message, writing nothing", async (body, field, message) => {
    const before = await databaseFingerprint(t.database.db);
    const response = await direction.patch("/api/gestion/conservation", body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
  });

  it.each(["secretariat", "pedagogie"] as const)("answers 403 to the %s, for reading and for writing", async (role) => {
    const other = (await signInNewStaff(t, role)).browser;
    expect((await other.get("/api/gestion/conservation")).statusCode).toBe(403);
    expect((await other.patch("/api/gestion/conservation", { journal_mois: 1 })).statusCode).toBe(403);
    expect((await other.post("/api/gestion/conservation/purge", { apercu: true })).statusCode).toBe(403);
    expect((await other.get("/api/gestion/conservation/purges")).statusCode).toBe(403);
    expect((await other.get("/api/gestion/conservation/demandes")).statusCode).toBe(403);
    expect(await queryRows(t, sql`select * from conservation`)).toEqual([]);
  });
});
