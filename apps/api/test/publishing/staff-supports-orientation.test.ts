import { PUBLISHING_TEXT, UPLOAD_TEXT } from "@puerta/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { supportsTrashKind } from "../../src/modules/documents/trash-kind.ts";
import { orientationTrashKind } from "../../src/modules/orientation/trash-kind.ts";
import { bearer, createTestApp, queryRows, signInNewStudent, type TestApp, ZENITH_STUDENT } from "../support/app.ts";
import { courseUrl, realPdf, sendForm, staffDelete } from "../support/forms.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";

type StudentDocument = { id: number; titre: string; fichier_path: string };

let t: TestApp;
let direction: StaffBrowser;
let secretary: StaffBrowser;
let pedagogie: StaffBrowser;
let student: string;

beforeAll(async () => {
  t = await createTestApp();
  direction = (await signInNewStaff(t, "direction", { name: "Nadia Berrada" })).browser;
  secretary = (await signInNewStaff(t, "secretariat", { centres: ["Ain Sebaa"] })).browser;
  pedagogie = (await signInNewStaff(t, "pedagogie", { name: "Karim Alaoui" })).browser;
  student = (await signInNewStudent(t, ZENITH_STUDENT)).token;
});
afterAll(() => t.close());

describe("/api/gestion/supports/documents", () => {
  let physique: { id: number; niveaux: { id: number; nom: string }[] };
  let methodologie: { id: number };

  /** The student's documents of one level, in the order the student sees them. */
  const studentLevel = async (niveauId: number): Promise<StudentDocument[]> => {
    const response = await t.app.inject({ method: "GET", url: "/api/documents", headers: bearer(student) });
    return response.json().data.cours_par_niveau[String(niveauId)] ?? [];
  };

  beforeAll(async () => {
    const subjects = (await pedagogie.get("/api/gestion/supports/matieres")).json().matieres;
    physique = subjects.find((s: { nom: string }) => s.nom === "Física");
    methodologie = subjects.find((s: { nom: string }) => s.nom === "Méthodologie de l'examen");
  });

  const publish = (fields: Record<string, string>, bytes?: Buffer, browser = pedagogie) =>
    sendForm(
      t,
      browser,
      "POST",
      "/api/gestion/supports/documents",
      fields,
      bytes ? { name: "cours.pdf", bytes } : undefined,
    );

  it("is for pedagogie and direction only", async () => {
    expect((await secretary.get("/api/gestion/supports/matieres")).statusCode).toBe(403);
    const refused = await publish({ titre: "x" }, await realPdf(), secretary);
    expect(refused.statusCode).toBe(403);
    expect((await direction.get("/api/gestion/supports/documents")).statusCode).toBe(200);
  });

  it("publishes documents last in their level; the student sees them, downloads them, in the staff's order", async () => {
    const level = physique.niveaux[0]?.id ?? 0;
    const pdfs = [await realPdf("A"), await realPdf("B")];
    const created: { id: number; ordre: number }[] = [];
    for (const [index, pdf] of pdfs.entries()) {
      const response = await publish(
        {
          titre: `Cinématique ${index + 1}`,
          description: "",
          matiere_id: String(physique.id),
          niveau_id: String(level),
          mois: "11",
          annee: "2026",
        },
        pdf,
      );
      expect(response.statusCode).toBe(201);
      created.push(response.json());
    }
    const [first, second] = created as [{ id: number; ordre: number }, { id: number; ordre: number }];
    expect(first).toMatchObject({ mois: 11, annee: 2026, niveau: { id: level }, description: null });
    expect(second.ordre).toBe(first.ordre + 1);

    let seen = await studentLevel(level);
    const ids = () => seen.map((d) => d.id);
    expect(ids().slice(-2)).toEqual([first.id, second.id]);
    const doc = seen.find((d) => d.id === second.id);
    const download = await t.app.inject({ method: "GET", url: courseUrl(doc?.fichier_path), headers: bearer(student) });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdfs[1] as Buffer)).toBe(true);

    // Reordered: the last one first.
    const order = [second.id, ...ids().filter((id) => id !== second.id)];
    const reordered = await sendJson("PUT", "/api/gestion/supports/documents/ordre", {
      matiere_id: physique.id,
      niveau_id: level,
      ids: order,
    });
    expect(reordered.statusCode).toBe(200);
    seen = await studentLevel(level);
    expect(ids()).toEqual(order);
    const staffList = (
      await pedagogie.get(`/api/gestion/supports/documents?matiere_id=${physique.id}&niveau_id=${level}`)
    ).json();
    expect(staffList.data.map((d: { id: number }) => d.id)).toEqual(order);

    // An order that leaves one out, or names another level's document, changes nothing.
    const partial = await sendJson("PUT", "/api/gestion/supports/documents/ordre", {
      matiere_id: physique.id,
      niveau_id: level,
      ids: order.slice(1),
    });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().errors.ids).toEqual([PUBLISHING_TEXT.orderInvalid]);
    seen = await studentLevel(level);
    expect(ids()).toEqual(order);
  });

  it("checks the subject and level and the file", async () => {
    const level = physique.niveaux[0]?.id ?? 0;
    const noLevel = await publish(
      { titre: "x", matiere_id: String(physique.id), mois: "1", annee: "2026" },
      await realPdf(),
    );
    expect(noLevel.json().errors.niveau_id).toEqual([PUBLISHING_TEXT.niveauRequired]);
    const foreignLevel = await publish(
      { titre: "x", matiere_id: String(methodologie.id), niveau_id: String(level), mois: "1", annee: "2026" },
      await realPdf(),
    );
    expect(foreignLevel.json().errors.niveau_id).toEqual([PUBLISHING_TEXT.niveauUnknown]);
    const noMonth = await publish({ titre: "x", matiere_id: String(methodologie.id), annee: "2026" }, await realPdf());
    expect(noMonth.json().errors.mois).toEqual([PUBLISHING_TEXT.moisRequired]);
    const exe = await publish(
      { titre: "x", matiere_id: String(methodologie.id), mois: "1", annee: "2026" },
      Buffer.from("MZ\x90\x00"),
    );
    expect(exe.json().errors.file).toEqual([UPLOAD_TEXT.pdfInvalid]);
    const ok = await publish(
      { titre: "Sans niveau", matiere_id: String(methodologie.id), mois: "1", annee: "2026" },
      await realPdf(),
    );
    expect(ok.statusCode).toBe(201);
  });

  it("edits, withdraws (gone for the student), restores and purges through its TrashKind", async () => {
    const level = physique.niveaux[0]?.id ?? 0;
    const created = (
      await publish(
        { titre: "Optique", matiere_id: String(physique.id), niveau_id: String(level), mois: "2", annee: "2027" },
        await realPdf(),
      )
    ).json();
    const edited = await pedagogie.patch(`/api/gestion/supports/documents/${created.id}`, {
      titre: "Optique géométrique",
      mois: 3,
    });
    expect(edited.json()).toMatchObject({ titre: "Optique géométrique", mois: 3, annee: 2027 });
    const path = (await studentLevel(level)).find((d) => d.id === created.id)?.fichier_path ?? "";
    expect(path).not.toBe("");

    expect((await staffDelete(t, pedagogie, `/api/gestion/supports/documents/${created.id}`)).statusCode).toBe(204);
    expect((await studentLevel(level)).some((d) => d.id === created.id)).toBe(false);
    const direct = await t.app.inject({ method: "GET", url: courseUrl(path), headers: bearer(student) });
    expect(direct.statusCode).toBe(404);

    const db = t.database.db;
    expect((await supportsTrashKind.listWithdrawn(db)).find((item) => item.id === created.id)).toMatchObject({
      title: "Optique géométrique",
      withdrawn_by: "Karim Alaoui",
      centre_ids: [null],
    });
    await db.transaction((tx) => supportsTrashKind.restore(tx, created.id));
    expect((await studentLevel(level)).some((d) => d.id === created.id)).toBe(true);
    await staffDelete(t, pedagogie, `/api/gestion/supports/documents/${created.id}`);
    const purged = await db.transaction((tx) => supportsTrashKind.purge(tx, new Date(Date.now() + 60_000)));
    expect(purged.ids).toEqual([created.id]);
    expect(purged.fileKeys).toHaveLength(1);
    expect(purged.fileKeys[0]).toMatch(/^cours\//);
  });
});

const sendJson = (method: "PUT", url: string, payload: unknown) =>
  t.app.inject({ method, url, cookies: pedagogie.cookies, headers: pedagogie.csrfHeaders, payload: payload as object });

describe("/api/gestion/orientation", () => {
  const studentList = async () =>
    (await t.app.inject({ method: "GET", url: "/api/orientations", headers: bearer(student) })).json().data as {
      id: number;
      titre: string;
      fichier_url: string;
    }[];

  const publish = (fields: Record<string, string>, bytes?: Buffer, browser = pedagogie) =>
    sendForm(t, browser, "POST", "/api/gestion/orientation", fields, bytes ? { name: "guide.pdf", bytes } : undefined);

  it("is for pedagogie and direction only", async () => {
    expect((await secretary.get("/api/gestion/orientation")).statusCode).toBe(403);
    expect((await publish({ titre: "x" }, await realPdf(), secretary)).statusCode).toBe(403);
  });

  it("publishes a guide the student sees and downloads; edits it; withdraws, restores and purges it", async () => {
    const pdf = await realPdf("Guide");
    const response = await publish({ titre: "Guide des bourses 2027", description: "Calendrier et démarches" }, pdf);
    expect(response.statusCode).toBe(201);
    const created = response.json();
    const seen = (await studentList()).find((d) => d.id === created.id);
    expect(seen?.titre).toBe("Guide des bourses 2027");
    const download = await t.app.inject({ method: "GET", url: seen?.fichier_url ?? "", headers: bearer(student) });
    expect(download.rawPayload.equals(pdf)).toBe(true);

    const staffFile = await pedagogie.get(`/api/gestion/orientation/${created.id}/fichier`);
    expect(staffFile.rawPayload.equals(pdf)).toBe(true);

    expect(
      (await pedagogie.patch(`/api/gestion/orientation/${created.id}`, { description: null })).json(),
    ).toMatchObject({
      titre: "Guide des bourses 2027",
      description: null,
    });
    const noTitle = await pedagogie.patch(`/api/gestion/orientation/${created.id}`, { titre: "" });
    expect(noTitle.statusCode).toBe(422);

    expect((await staffDelete(t, direction, `/api/gestion/orientation/${created.id}`)).statusCode).toBe(204);
    expect((await studentList()).some((d) => d.id === created.id)).toBe(false);
    expect(
      (await t.app.inject({ method: "GET", url: seen?.fichier_url ?? "", headers: bearer(student) })).statusCode,
    ).toBe(404);
    expect((await pedagogie.get(`/api/gestion/orientation/${created.id}`)).statusCode).toBe(404);

    const db = t.database.db;
    expect(await orientationTrashKind.findWithdrawn(db, created.id)).toMatchObject({
      title: "Guide des bourses 2027",
      withdrawn_by: "Nadia Berrada",
    });
    await db.transaction((tx) => orientationTrashKind.restore(tx, created.id));
    expect((await studentList()).some((d) => d.id === created.id)).toBe(true);
    await staffDelete(t, direction, `/api/gestion/orientation/${created.id}`);
    const purged = await db.transaction((tx) => orientationTrashKind.purge(tx, new Date(Date.now() + 60_000)));
    expect(purged.ids).toEqual([created.id]);

    const entries = await queryRows<{ action: string }>(
      t,
      sql`select action from audit_log where entity = 'orientation' and entity_id = ${String(created.id)} order by id`,
    );
    expect(entries.map((e) => e.action)).toEqual(["creation", "modification", "retrait", "retrait"]);
  });

  it("refuses a disguised file and exports CSV", async () => {
    const exe = await publish({ titre: "x" }, Buffer.from("MZ\x90\x00 pas un pdf"));
    expect(exe.statusCode).toBe(422);
    expect(exe.json().errors.file).toEqual([UPLOAD_TEXT.pdfInvalid]);
    const csv = await pedagogie.get("/api/gestion/orientation/export.csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.body.startsWith("\uFEFFTitre;Description")).toBe(true);
  });
});
