import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  courseDocumentsResponse,
  DOCUMENT_TEXTS,
  fileNameOf,
  formatFileSize,
  orientationListResponse,
  type Planning,
  planningListResponse,
} from "@puerta/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coursDocuments, matieres, orientationDocuments, planifications } from "../../src/db/schema/index.ts";
import { seedDocuments } from "../../src/demo/documents.ts";
import { createStorageFromConfig } from "../../src/lib/storage/index.ts";
import {
  AIN_SEBAA_STUDENT,
  bearer,
  createTestApp,
  queryRows,
  signInNewStudent,
  type TestApp,
  ZENITH_STUDENT,
} from "../support/app.ts";

let t: TestApp;
/** The demo academy's content read by new students: Ain Sebaa, Selectividad Santé (policy not accepted); Zenith, Selectividad Ingénierie. */
let ainSebaa: string;
let zenith: string;

beforeAll(async () => {
  t = await createTestApp();
  ainSebaa = (await signInNewStudent(t, AIN_SEBAA_STUDENT)).token;
  zenith = (await signInNewStudent(t, ZENITH_STUDENT)).token;
});
afterAll(async () => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: "GET", url, headers: token ? bearer(token) : {} });

async function plannings(token: string): Promise<Planning[]> {
  const res = await get("/api/planifications", token);
  expect(res.statusCode).toBe(200);
  return planningListResponse.parse(res.json()).data;
}

/** Every planning in the database with its centre and option names, for the negative checks. */
async function allPlannings() {
  return queryRows<{ file_name: string; centre: string; option: string | null; actif: boolean }>(
    t,
    sql`select p.file_name, c.nom as centre, o.nom as option, p.actif from planifications p
        join centres c on c.id = p.centre_id left join options o on o.id = p.option_id`,
  );
}

/** A new student of `centre` and `option` (by name; null for none), with a token. */
async function studentOf(centre: string | null, option: string | null): Promise<string> {
  return (await signInNewStudent(t, { centre: centre ?? undefined, option: option ?? undefined })).token;
}

describe("GET /api/planifications", () => {
  it("answers 401 without a valid token, on the lists and the downloads", async () => {
    for (const url of [
      "/api/planifications",
      "/api/documents",
      "/api/orientations",
      "/api/planifications/download/x.pdf",
      "/api/documents/download/x.pdf",
      "/api/orientations/download/x.pdf",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: "Non authentifié." });
      expect((await get(url, "1|not-a-real-token")).statusCode).toBe(401);
    }
  });

  it("gives a student of Ain Sebaa only active plannings of Ain Sebaa, for no option or Selectividad Santé", async () => {
    // This student has not accepted the policy: the planning is exempt from the gate.
    const data = await plannings(ainSebaa);
    expect(data.length).toBe(3);
    for (const p of data) {
      expect(p.centre).toMatchObject({ nom: "Ain Sebaa", adresse: expect.any(String) });
      expect(p.option === null || p.option.nom === "Selectividad Santé").toBe(true);
      expect(p.actif).toBe(true);
      expect(p.fichier_url).toBe(`/api/planifications/download/${fileNameOf(p.fichier_path)}`);
      expect(p.type_fichier).toBe("pdf");
      expect(p.semaine_debut).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(p.taille_fichier).toBeGreaterThan(500);
    }
    expect(data.some((p) => p.option === null)).toBe(true);
    expect(Object.keys(data[0] ?? {}).sort()).toEqual(
      [
        "actif",
        "centre",
        "description",
        "fichier_path",
        "fichier_url",
        "id",
        "option",
        "semaine_debut",
        "semaine_fin",
        "taille_fichier",
        "titre",
        "type_fichier",
      ].sort(),
    );
  });

  it("gives a student of Zenith only Zenith plannings of no option or Selectividad Ingénierie", async () => {
    const data = await plannings(zenith);
    expect(data.length).toBe(2);
    expect(data.every((p) => p.centre.nom === "Zenith")).toBe(true);
    expect(data.map((p) => p.option?.nom ?? null).sort()).toEqual([null, "Selectividad Ingénierie"].sort());
  });

  it("shows a planning of no option to every student of its centre, whatever their option", async () => {
    for (const option of ["Selectividad Économie", null]) {
      const data = await plannings(await studentOf("Ain Sebaa", option));
      expect(data.map((p) => [p.centre.nom, p.option])).toEqual([["Ain Sebaa", null]]);
    }
  });

  it("shows every centre's plannings (still filtered by option) to a student without a centre", async () => {
    const data = await plannings(await studentOf(null, "Selectividad Santé"));
    expect(new Set(data.map((p) => p.centre.nom))).toEqual(new Set(["Ain Sebaa", "Moulay Youssef", "Zenith"]));
    expect(data.every((p) => p.option === null || p.option.nom === "Selectividad Santé")).toBe(true);
    expect(data.every((p) => p.actif)).toBe(true);
  });
});

describe("GET /api/planifications/download/{filename}", () => {
  it("streams a visible planning as a real PDF with safe headers", async () => {
    const [first] = await plannings(ainSebaa);
    if (!first) throw new Error("no planning");
    const res = await get(first.fichier_url, ainSebaa);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    const name = fileNameOf(first.fichier_url);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
    expect(res.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(res.rawPayload.length).toBe(first.taille_fichier);
  });

  it("never lets Ain Sebaa download a Zenith planning, another option's or an inactive one", async () => {
    const visible = new Set((await plannings(ainSebaa)).map((p) => fileNameOf(p.fichier_url)));
    const forbidden = (await allPlannings()).filter((p) => !visible.has(p.file_name));
    expect(forbidden.some((p) => p.centre === "Zenith")).toBe(true);
    expect(forbidden.some((p) => p.centre === "Ain Sebaa" && p.option === "Selectividad Ingénierie")).toBe(true);
    expect(forbidden.some((p) => p.centre === "Ain Sebaa" && !p.actif)).toBe(true);
    for (const p of forbidden) {
      const res = await get(`/api/planifications/download/${p.file_name}`, ainSebaa);
      expect(res.statusCode, p.file_name).toBe(404);
      expect(res.json()).toEqual({ message: "Fichier introuvable." });
    }
    // …while Zenith's own student gets the Zenith ones that are active and theirs.
    const zenithOwn = (await plannings(zenith))[0];
    expect((await get(zenithOwn?.fichier_url ?? "", zenith)).statusCode).toBe(200);
    expect((await get(zenithOwn?.fichier_url ?? "", ainSebaa)).statusCode).toBe(404);
  });

  it("answers 404 to traversal strings, encoded slashes, storage keys and unknown names, without a path", async () => {
    const [key] = await queryRows<{ file_key: string }>(t, sql`select file_key from planifications limit 1`);
    // A bare ".." segment is resolved by URL normalisation (as a browser does) before routing.
    const attempts = [
      "../../app-secret",
      "..%2F..%2Fapp-secret",
      "%2e%2e%2f%2e%2e%2fapp-secret",
      "..%5C..%5Capp-secret",
      "%2Fetc%2Fpasswd",
      ".hidden.pdf",
      "inconnu.pdf",
      encodeURIComponent(key?.file_key ?? "planifications/x.pdf"),
      "planning%00.pdf",
      "a".repeat(250),
    ];
    for (const base of ["/api/planifications/download/", "/api/documents/download/", "/api/orientations/download/"]) {
      for (const attempt of attempts) {
        const res = await get(`${base}${attempt}`, zenith);
        expect(res.statusCode, `${base}${attempt}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${base}${attempt}`).toBeLessThan(500);
        expect([400, 404]).toContain(res.statusCode);
        expect(res.headers["content-type"]).toMatch(/^application\/json/);
        expect(res.body).not.toContain(t.config.dataDir);
        expect(res.body).not.toMatch(/files\/|\/tmp|ENOENT|app-secret/);
      }
    }
  });
});

describe("GET /api/documents", () => {
  it("returns the subjects with levels sorted by ordre, the subjects without levels and the documents by level", async () => {
    const res = await get("/api/documents", ainSebaa);
    expect(res.statusCode).toBe(200);
    const body = courseDocumentsResponse.parse(res.json());
    expect(body.success).toBe(true);
    expect(body.message).toEqual(expect.any(String));
    const { matieres_avec_niveaux, matieres_sans_niveaux, cours_par_niveau } = body.data;
    expect(matieres_avec_niveaux.map((m) => m.nom)).toEqual([
      "Lengua castellana",
      "Historia de España",
      "Matemáticas",
      "Biología",
      "Química",
      "Física",
      "Economía",
    ]);
    const lengua = matieres_avec_niveaux[0];
    expect(lengua?.niveaux.map((n) => [n.nom, n.ordre])).toEqual([
      ["A2", 1],
      ["B1", 2],
      ["B2", 3],
    ]);
    const levelIds = matieres_avec_niveaux.flatMap((m) => m.niveaux.map((n) => String(n.id)));
    expect(Object.keys(cours_par_niveau).sort()).toEqual(levelIds.sort());
    for (const m of matieres_avec_niveaux) {
      for (const n of m.niveaux) {
        for (const doc of cours_par_niveau[String(n.id)] ?? []) {
          expect(doc).toMatchObject({ matiere_id: m.id, niveau_id: n.id, type_fichier: "pdf" });
          expect(doc.fichier_path).toMatch(/^cours\/[a-z0-9-]+\.pdf$/);
          expect(Number.isNaN(Date.parse(doc.created_at))).toBe(false);
        }
      }
    }
    expect(matieres_sans_niveaux.map((m) => [m.nom, m.cours.length])).toEqual([
      ["Méthodologie de l'examen", 2],
      ["Dibujo técnico", 0],
    ]);
  });

  it("downloads a course document by the last segment of its path, with its real size", async () => {
    const body = courseDocumentsResponse.parse((await get("/api/documents", zenith)).json());
    const doc = body.data.matieres_sans_niveaux[0]?.cours[0];
    if (!doc) throw new Error("no document");
    const res = await get(`/api/documents/download/${fileNameOf(doc.fichier_path)}`, zenith);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(res.rawPayload.length).toBe(doc.taille_fichier);
  });
});

describe("GET /api/documents, written by the database", () => {
  it("shows a new document at once, first of its level", async () => {
    const [level] = await queryRows<{ id: number; matiere_id: number; file_key: string }>(
      t,
      sql`select n.id, n.matiere_id, (select file_key from cours_documents limit 1) as file_key
          from niveaux n order by n.id limit 1`,
    );
    if (!level) throw new Error("no level");
    const [added] = await t.database.db
      .insert(coursDocuments)
      .values({
        matiereId: level.matiere_id,
        niveauId: level.id,
        titre: "Nouveau support « à jour »",
        fileName: "nouveau-support.pdf",
        fileKey: level.file_key,
      })
      .returning({ id: coursDocuments.id });
    try {
      const body = courseDocumentsResponse.parse((await get("/api/documents", zenith)).json());
      expect(body.data.cours_par_niveau[String(level.id)]?.[0]).toMatchObject({
        id: added?.id,
        titre: "Nouveau support « à jour »",
        fichier_path: "cours/nouveau-support.pdf",
        description: null,
      });
    } finally {
      await t.database.db.delete(coursDocuments).where(eq(coursDocuments.id, added?.id ?? 0));
    }
  });

  it("answers empty lists and the empty message when there is no subject", async () => {
    const empty = await createTestApp();
    try {
      await empty.database.db.delete(matieres);
      const res = await empty.app.inject({
        url: "/api/documents",
        headers: bearer((await signInNewStudent(empty)).token),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: { matieres_avec_niveaux: [], matieres_sans_niveaux: [], cours_par_niveau: {} },
        message: DOCUMENT_TEXTS.courseEmpty,
      });
    } finally {
      await empty.close();
    }
  });
});

describe("GET /api/orientations", () => {
  it("lists the guides with their formatted real size, and serves each one", async () => {
    const res = await get("/api/orientations", ainSebaa);
    expect(res.statusCode).toBe(200);
    const { data } = orientationListResponse.parse(res.json());
    expect(data.length).toBe(4);
    for (const guide of data) {
      const file = await get(guide.fichier_url, ainSebaa);
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("application/pdf");
      expect(guide.taille_fichier_formatee).toBe(formatFileSize(file.rawPayload.length));
    }
  });

  it("never serves a stored 'PDF' whose bytes are not a PDF as application/pdf, and 404s a removed file", async () => {
    const [row] = await t.database.db
      .select({ key: orientationDocuments.fileKey, fileName: orientationDocuments.fileName })
      .from(orientationDocuments)
      .limit(1);
    if (!row) throw new Error("no guide");
    const file = path.join(t.config.dataDir, "files", row.key);
    const storage = createStorageFromConfig(t.database.db, t.config.dataDir);
    const original = await storage.read(row.key);
    try {
      await writeFile(file, "<html><script>alert(1)</script></html>");
      const res = await get(`/api/orientations/download/${row.fileName}`, ainSebaa);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/octet-stream");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["content-disposition"]).toMatch(/^attachment;/);

      await rm(file);
      const gone = await get(`/api/orientations/download/${row.fileName}`, ainSebaa);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ message: "Fichier introuvable." });
    } finally {
      await storage.put(row.key, original, "application/pdf", { originalName: row.fileName });
    }
    expect((await get(`/api/orientations/download/${row.fileName}`, ainSebaa)).headers["content-type"]).toBe(
      "application/pdf",
    );
  });
});

describe("documents seed", () => {
  it("is idempotent: running it again adds nothing", async () => {
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          t,
          sql`select (select count(*) from planifications) + (select count(*) from cours_documents) + (select count(*) from orientation_documents) + (select count(*) from stored_files) as n`,
        )
      )[0]?.n;
    const before = Number(await count());
    await seedDocuments(t.database.db, createStorageFromConfig(t.database.db, t.config.dataDir));
    expect(Number(await count())).toBe(before);
    const [inactive] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(planifications)
      .where(eq(planifications.actif, false));
    expect(inactive?.n).toBeGreaterThan(0);
  });
});
