import { PUBLISHING_TEXT, UPLOAD_TEXT } from "@puerta/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planningTrashKind } from "../../src/modules/planning/trash-kind.ts";
import {
  AIN_SEBAA_STUDENT,
  bearer,
  createTestApp,
  queryRows,
  signInNewStudent,
  type TestApp,
  ZENITH_STUDENT,
} from "../support/app.ts";
import { uniqueName } from "../support/factories.ts";
import { realPdf, sendForm, staffDelete } from "../support/forms.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";

describe("/api/gestion/plannings", () => {
  let t: TestApp;
  let direction: StaffBrowser;
  let secretary: StaffBrowser;
  let pedagogie: StaffBrowser;
  let ainSebaa: number;
  let zenith: number;
  let yasmine: string; // Ain Sebaa, Selectividad Santé
  let omar: string; // Zenith

  beforeAll(async () => {
    t = await createTestApp();
    direction = (await signInNewStaff(t, "direction")).browser;
    secretary = (await signInNewStaff(t, "secretariat", { name: "Salma Tazi", centres: ["Ain Sebaa"] })).browser;
    pedagogie = (await signInNewStaff(t, "pedagogie")).browser;
    const centres = await queryRows<{ id: number; nom: string }>(t, sql`select id, nom from centres`);
    ainSebaa = centres.find((c) => c.nom === "Ain Sebaa")?.id ?? 0;
    zenith = centres.find((c) => c.nom === "Zenith")?.id ?? 0;
    yasmine = (await signInNewStudent(t, AIN_SEBAA_STUDENT)).token;
    omar = (await signInNewStudent(t, ZENITH_STUDENT)).token;
  });
  afterAll(() => t.close());

  const studentPlannings = async (token: string) =>
    (await t.app.inject({ method: "GET", url: "/api/planifications", headers: bearer(token) })).json().data as {
      id: number;
      titre: string;
      fichier_url: string;
    }[];

  const publish = (browser: StaffBrowser, fields: Record<string, string>, bytes?: Buffer, name = "planning.pdf") =>
    sendForm(t, browser, "POST", "/api/gestion/plannings", fields, bytes ? { name, bytes } : undefined);

  it("lets a secretary publish for her centre: her centre's students see it and download the PDF, others do not", async () => {
    const pdf = await realPdf("Semaine 48");
    const response = await publish(
      secretary,
      {
        titre: "Semaine 48",
        description: "Cours et examens",
        centre_id: String(ainSebaa),
        option_id: "",
        semaine_debut: "2026-11-23",
        semaine_fin: "2026-11-29",
        actif: "true",
      },
      pdf,
      "../../semaine 48.pdf",
    );
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      titre: "Semaine 48",
      centre: { id: ainSebaa, nom: "Ain Sebaa" },
      option: null,
      actif: true,
    });
    expect(created.file_name).toMatch(/^semaine-48-[0-9a-f]{8}\.pdf$/);

    const seen = (await studentPlannings(yasmine)).find((p) => p.id === created.id);
    expect(seen?.titre).toBe("Semaine 48");
    const download = await t.app.inject({ method: "GET", url: seen?.fichier_url ?? "", headers: bearer(yasmine) });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect((await studentPlannings(omar)).some((p) => p.id === created.id)).toBe(false);

    const [entry] = await queryRows<{ action: string; entity: string; staff_name: string }>(
      t,
      sql`select action, entity, staff_name from audit_log where entity = 'plannings' and entity_id = ${String(created.id)}`,
    );
    expect(entry).toMatchObject({ action: "creation", entity: "plannings" });
  });

  it("refuses a secretary's planning for another centre (403, nothing written) and hides other centres' plannings (404)", async () => {
    const before = await queryRows(t, sql`select id from planifications`);
    const filesBefore = await queryRows(t, sql`select key from stored_files where key like 'plannings/%'`);
    const response = await publish(secretary, { titre: "Intrus", centre_id: String(zenith) }, await realPdf());
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("Cette action sort du périmètre de vos centres.");
    expect(await queryRows(t, sql`select id from planifications`)).toHaveLength(before.length);
    expect(await queryRows(t, sql`select key from stored_files where key like 'plannings/%'`)).toEqual(filesBefore);

    const [zenithPlanning] = await queryRows<{ id: number }>(
      t,
      sql`select id from planifications where centre_id = ${zenith} limit 1`,
    );
    const id = zenithPlanning?.id;
    expect((await secretary.get(`/api/gestion/plannings/${id}`)).statusCode).toBe(404);
    expect((await secretary.patch(`/api/gestion/plannings/${id}`, { titre: "x" })).statusCode).toBe(404);
    expect((await staffDelete(t, secretary, `/api/gestion/plannings/${id}`)).statusCode).toBe(404);
    expect((await secretary.get(`/api/gestion/plannings/${id}/fichier`)).statusCode).toBe(404);
    const list = (await secretary.get("/api/gestion/plannings?per_page=200")).json();
    expect(list.data.every((p: { centre: { id: number } }) => p.centre.id === ainSebaa)).toBe(true);
    expect((await direction.get(`/api/gestion/plannings/${id}`)).statusCode).toBe(200);

    // Moving one of hers to Zenith leaves her scope: 403.
    const mine = list.data[0];
    const move = await secretary.patch(`/api/gestion/plannings/${mine.id}`, { centre_id: zenith });
    expect(move.statusCode).toBe(403);
    expect((await secretary.get(`/api/gestion/plannings/${mine.id}`)).json().centre.id).toBe(ainSebaa);
  });

  it("keeps plannings from pedagogie (403)", async () => {
    expect((await pedagogie.get("/api/gestion/plannings")).statusCode).toBe(403);
    expect((await publish(pedagogie, { titre: "x", centre_id: String(ainSebaa) }, await realPdf())).statusCode).toBe(
      403,
    );
  });

  it("refuses bad fields and bad files with French 422s, leaving nothing behind", async () => {
    const count = async () => (await queryRows(t, sql`select key from stored_files`)).length;
    const before = await count();
    const noTitle = await publish(direction, { titre: " ", centre_id: String(ainSebaa) }, await realPdf());
    expect(noTitle.statusCode).toBe(422);
    expect(noTitle.json().errors.titre).toEqual([PUBLISHING_TEXT.titleRequired]);
    const weeks = await publish(
      direction,
      { titre: "S", centre_id: String(ainSebaa), semaine_debut: "2026-12-07", semaine_fin: "2026-11-30" },
      await realPdf(),
    );
    expect(weeks.json().errors.semaine_fin).toEqual([PUBLISHING_TEXT.weekOrder]);
    const unknownCentre = await publish(direction, { titre: "S", centre_id: "99999" }, await realPdf());
    expect(unknownCentre.json().errors.centre_id).toEqual([PUBLISHING_TEXT.centreUnknown]);
    const exe = await publish(
      direction,
      { titre: "S", centre_id: String(ainSebaa) },
      Buffer.from("MZ\x90\x00binaire"),
      "planning.pdf",
    );
    expect(exe.statusCode).toBe(422);
    expect(exe.json().errors.file).toEqual([UPLOAD_TEXT.pdfInvalid]);
    const none = await publish(direction, { titre: "S", centre_id: String(ainSebaa) });
    expect(none.json().errors.file).toEqual([UPLOAD_TEXT.missing]);
    expect(await count()).toBe(before);
  });

  it("edits the fields, and 'Remplacer le PDF' keeps the id and the students' link", async () => {
    const created = (
      await publish(direction, { titre: "Avant", centre_id: String(ainSebaa) }, await realPdf("v1"))
    ).json();
    const edited = await direction.patch(`/api/gestion/plannings/${created.id}`, {
      titre: "Après",
      option_id: null,
      actif: true,
      semaine_debut: "2026-11-30",
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: created.id, titre: "Après", semaine_debut: "2026-11-30" });

    const url = (await studentPlannings(yasmine)).find((p) => p.id === created.id)?.fichier_url ?? "";
    const [oldKey] = await queryRows<{ file_key: string }>(
      t,
      sql`select file_key from planifications where id = ${created.id}`,
    );
    const v2 = await realPdf("v2");
    const replaced = await sendForm(
      t,
      direction,
      "PUT",
      `/api/gestion/plannings/${created.id}/fichier`,
      {},
      { name: "v2.pdf", bytes: v2 },
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ id: created.id, file_name: created.file_name });
    const download = await t.app.inject({ method: "GET", url, headers: bearer(yasmine) });
    expect(download.rawPayload.equals(v2)).toBe(true);
    // The old file is gone with its metadata row.
    expect(await queryRows(t, sql`select key from stored_files where key = ${oldKey?.file_key}`)).toEqual([]);
    const bad = await sendForm(
      t,
      direction,
      "PUT",
      `/api/gestion/plannings/${created.id}/fichier`,
      {},
      { name: "x.pdf", bytes: Buffer.from("nope") },
    );
    expect(bad.statusCode).toBe(422);
    expect((await t.app.inject({ method: "GET", url, headers: bearer(yasmine) })).rawPayload.equals(v2)).toBe(true);

    // Inactive: students no longer see it.
    await direction.patch(`/api/gestion/plannings/${created.id}`, { actif: false });
    expect((await studentPlannings(yasmine)).some((p) => p.id === created.id)).toBe(false);
  });

  it("filters by centre, option and actif, and exports CSV", async () => {
    // Rows of its own, whatever the other tests did before: one active, one inactive, for Ain Sebaa.
    const title = uniqueName("Export");
    const shown = (await publish(secretary, { titre: title, centre_id: String(ainSebaa) }, await realPdf())).json();
    const hidden = (
      await publish(secretary, { titre: `${title} retiré`, centre_id: String(ainSebaa) }, await realPdf())
    ).json();
    expect((await secretary.patch(`/api/gestion/plannings/${hidden.id}`, { actif: false })).statusCode).toBe(200);
    const zenithOnly = (await direction.get(`/api/gestion/plannings?centre_id=${zenith}`)).json();
    expect(zenithOnly.total).toBeGreaterThan(0);
    expect(zenithOnly.data.every((p: { centre: { id: number } }) => p.centre.id === zenith)).toBe(true);
    const allOptions = (await direction.get("/api/gestion/plannings?option_id=toutes")).json();
    expect(allOptions.data.every((p: { option: unknown }) => p.option === null)).toBe(true);
    const inactive = (await direction.get("/api/gestion/plannings?actif=non&per_page=200")).json();
    expect(inactive.data.every((p: { actif: boolean }) => !p.actif)).toBe(true);
    const inactiveIds = inactive.data.map((p: { id: number }) => p.id);
    expect(inactiveIds).toContain(hidden.id);
    expect(inactiveIds).not.toContain(shown.id);
    expect((await direction.get("/api/gestion/plannings?actif=peut-etre")).statusCode).toBe(422);
    const csv = await secretary.get("/api/gestion/plannings/export.csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain(title);
    expect(csv.body).not.toContain("Zenith");
  });

  it("withdraws: gone for the student at once, in the bin, restorable, then purged with its file", async () => {
    const created = (
      await publish(secretary, { titre: "À retirer", centre_id: String(ainSebaa) }, await realPdf())
    ).json();
    const url = (await studentPlannings(yasmine)).find((p) => p.id === created.id)?.fichier_url ?? "";
    expect((await staffDelete(t, secretary, `/api/gestion/plannings/${created.id}`)).statusCode).toBe(204);
    expect((await studentPlannings(yasmine)).some((p) => p.id === created.id)).toBe(false);
    expect((await t.app.inject({ method: "GET", url, headers: bearer(yasmine) })).statusCode).toBe(404);
    expect((await secretary.get(`/api/gestion/plannings/${created.id}`)).statusCode).toBe(404);

    const db = t.database.db;
    const listed = (await planningTrashKind.listWithdrawn(db)).find((item) => item.id === created.id);
    expect(listed).toMatchObject({ title: "À retirer", centre_ids: [ainSebaa], withdrawn_by: "Salma Tazi" });
    expect(await planningTrashKind.findWithdrawn(db, created.id)).toMatchObject({ id: created.id });
    await db.transaction((tx) => planningTrashKind.restore(tx, created.id));
    expect(await planningTrashKind.findWithdrawn(db, created.id)).toBeNull();
    expect((await studentPlannings(yasmine)).some((p) => p.id === created.id)).toBe(true);

    await staffDelete(t, secretary, `/api/gestion/plannings/${created.id}`);
    const [key] = await queryRows<{ file_key: string }>(
      t,
      sql`select file_key from planifications where id = ${created.id}`,
    );
    expect(await planningTrashKind.purge(db, new Date(Date.now() - 60_000))).toEqual({ ids: [], fileKeys: [] });
    const purged = await db.transaction((tx) => planningTrashKind.purge(tx, new Date(Date.now() + 60_000)));
    expect(purged).toEqual({ ids: [created.id], fileKeys: [key?.file_key] });
    expect(await queryRows(t, sql`select id from planifications where id = ${created.id}`)).toEqual([]);
  });
});
