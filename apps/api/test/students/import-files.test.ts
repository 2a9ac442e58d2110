import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import writeXlsxFile from "write-excel-file/node";
import { createTestApp, queryRows, type TestApp } from "../support/app.ts";
import { createStudent } from "../support/factories.ts";
import { uploadImport } from "../support/forms.ts";
import { buildZip, HEADER, workbookParts } from "../support/import-files.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Reads an XLSX answer back into rows of text. */
async function xlsxRows(bytes: Buffer): Promise<string[][]> {
  const { default: readXlsxFile } = await import("read-excel-file/node");
  return (await readXlsxFile(bytes)).map((row) => row.map((cell) => (cell === null ? "" : String(cell))));
}

describe("back-office students: the files people really send", () => {
  let t: TestApp;
  let direction: StaffBrowser;
  let secretary: StaffBrowser;

  beforeAll(async () => {
    t = await createTestApp();
    direction = (await signInNewStaff(t, "direction")).browser;
    secretary = (await signInNewStaff(t, "secretariat", { centres: ["Ain Sebaa"] })).browser;
  });
  afterAll(async () => {
    await t.close();
  });

  it("reads the « CSV (séparateur : point-virgule) » of French Excel, in Windows-1252, accents intact", async () => {
    const text = [
      "nom;prénom;email;téléphone;cin;numero_etudiant;centre;option;filière",
      "Benchekroun;Aïcha;aicha.benchekroun@example.com;0661001234;;;Zénith;;",
      "Lefèvre;Hélène;helene.lefevre@example.com;;;;Ain Sebaa;;",
    ].join("\r\n");
    const bytes = Buffer.from(text, "latin1");
    // Not UTF-8: the old reader refused it as unreadable.
    expect(() => new TextDecoder("utf-8", { fatal: true }).decode(bytes)).toThrow();
    const response = await uploadImport(t, direction, "etudiants.csv", bytes);
    expect(response.statusCode).toBe(200);
    expect(response.json().rows).toMatchObject([
      { line: 2, status: "nouveau", prenom: "Aïcha", nom: "Benchekroun" },
      { line: 3, status: "nouveau", prenom: "Hélène", nom: "Lefèvre" },
    ]);
  });

  it("reads UTF-8 without BOM and UTF-16 (« Texte Unicode », tab-separated) as well", async () => {
    const utf8 = await uploadImport(t, direction, "a.csv", `${HEADER}\nZiani,Inès,ines.ziani@example.com,,,,Zénith,,`);
    expect(utf8.json().rows[0]).toMatchObject({ status: "nouveau", prenom: "Inès" });
    const tabbed = `${HEADER.replaceAll(",", "\t")}\nZiani\tInès\tines.ziani@example.com\t\t\t\tZénith\t\t`;
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(tabbed, "utf16le")]);
    const response = await uploadImport(t, direction, "a.txt", utf16);
    expect(response.statusCode).toBe(200);
    expect(response.json().rows[0]).toMatchObject({ status: "nouveau", prenom: "Inès" });
  });

  it("says why a file cannot be read: separator, empty sheet, old Excel, damaged archive, bad quote", async () => {
    const reason = async (name: string, bytes: Buffer | string) => {
      const response = await uploadImport(t, direction, name, bytes);
      expect(response.statusCode).toBe(422);
      return response.json().errors.file[0];
    };
    expect(await reason("a.csv", `${HEADER.replaceAll(",", "|")}\nA|B|a@example.com|||||Zenith||`)).toBe(
      "Les colonnes ne sont pas séparées : utilisez la virgule ou le point-virgule comme séparateur (ou téléchargez le modèle).",
    );
    const empty = (await writeXlsxFile([[{ value: "" }]], { buffer: true })) as unknown as Buffer;
    expect(await reason("vide.xlsx", empty)).toBe(
      "La première feuille du classeur est vide : mettez les étudiants dans la première feuille, les noms de colonnes en ligne 1.",
    );
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect(await reason("ancien.xls", ole)).toMatch(/Excel 97-2003 \(\.xls\) ou protégé par un mot de passe/);
    expect(await reason("casse.xlsx", Buffer.from("PK\u0003\u0004 pas un classeur"))).toBe(
      "Ce classeur XLSX n'a pas pu être lu : il semble endommagé. Ouvrez-le dans Excel et enregistrez-le à nouveau.",
    );
    expect(
      await reason("a.csv", `${HEADER}\n"Alami,Rim,rim@example.com,,,,Zenith,,\nB,C,d@example.com,,,,Zenith,,`),
    ).toMatch(/^Ce fichier CSV est mal formé à la ligne \d+/);
    expect(await reason("a.csv", "nom,prenom\nA,B\n")).toBe("Colonnes manquantes : email, centre.");
  });

  it("offers a model file in CSV and XLSX: the expected columns and one example line that imports", async () => {
    const csv = await direction.get("/api/gestion/etudiants/import/modele.csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toContain("modele-import-etudiants.csv");
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("nom;prenom;email;telephone;cin;numero_etudiant;centre;option;filiere");
    expect(lines).toHaveLength(2);
    const xlsx = await t.app.inject({
      method: "GET",
      url: "/api/gestion/etudiants/import/modele.xlsx",
      cookies: direction.cookies,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-type"]).toBe(XLSX);
    const rows = await xlsxRows(xlsx.rawPayload);
    expect(rows[0]).toEqual([
      "nom",
      "prenom",
      "email",
      "telephone",
      "cin",
      "numero_etudiant",
      "centre",
      "option",
      "filiere",
    ]);
    // The example line imports as it is, in both formats.
    for (const [name, bytes] of [
      ["modele.csv", Buffer.from(csv.body)],
      ["modele.xlsx", xlsx.rawPayload],
    ] as const) {
      const preview = await uploadImport(t, direction, name, bytes);
      expect(preview.json().rows).toMatchObject([{ line: 2, status: "nouveau", errors: [] }]);
    }
  });

  it("normalises phone numbers: a number cell that lost its 0, +212, 00212, 212 — the same people are « Inchangé »", async () => {
    const student = await createStudent(t.database.db, {
      nom: "El Amrani",
      prenom: "Yasmine",
      telephone: "+212612345678",
      centre: "Ain Sebaa",
    });
    const spellings: (string | number)[] = [
      612345678,
      "0612345678",
      "+212 6 12 34 56 78",
      "00212612345678",
      "212612345678",
    ];
    for (const telephone of spellings) {
      const xlsx = (await writeXlsxFile(
        [
          ["nom", "prenom", "email", "telephone", "centre"].map((value) => ({ value })),
          [
            { value: "El Amrani" },
            { value: "Yasmine" },
            { value: student.email },
            typeof telephone === "number" ? { value: telephone, type: Number } : { value: telephone },
            { value: "Ain Sebaa" },
          ],
        ],
        { buffer: true },
      )) as Buffer;
      const preview = await uploadImport(t, direction, "liste.xlsx", xlsx, XLSX);
      expect(preview.json().rows[0], String(telephone)).toMatchObject({ status: "inchange" });
    }
    // A new student's number is stored in the one form, and a second import finds nothing to change.
    const file = `${HEADER}\nSaadi,Karim,karim.saadi@example.com,661001234,,,Zenith,,`;
    const first = (await uploadImport(t, direction, "a.csv", file)).json();
    await direction.post(`/api/gestion/etudiants/import/${first.import_id}/confirm`, { send_invitations: false });
    const [stored] = await queryRows<{ telephone: string }>(
      t,
      sql`select telephone_etudiant as telephone from etudiants where email = 'karim.saadi@example.com'`,
    );
    expect(stored?.telephone).toBe("+212661001234");
    const again = `${HEADER}\nSaadi,Karim,karim.saadi@example.com,06 61 00 12 34,,,Zenith,,`;
    expect((await uploadImport(t, direction, "a.csv", again)).json().rows[0]).toMatchObject({ status: "inchange" });
    const bad = `${HEADER}\nSaadi,Karim,karim.saadi@example.com,0661,,,Zenith,,`;
    expect((await uploadImport(t, direction, "a.csv", bad)).json().rows[0]).toMatchObject({
      status: "erreur",
      errors: [
        { column: "telephone", message: "Ce numéro de téléphone n'est pas valide (ex. 0661001234 ou +212661001234)." },
      ],
    });
  });

  it("migration 0012 rewrites phones stored before in the one form", async () => {
    const { readFile } = await import("node:fs/promises");
    const migration = await readFile(
      new URL("../../src/db/migrations/0012_student_phones.sql", import.meta.url),
      "utf8",
    );
    const { email } = await createStudent(t.database.db, { telephone: "06 98 76 54 32" });
    await queryRows(t, sql.raw(migration));
    const [stored] = await queryRows<{ telephone: string }>(
      t,
      sql`select telephone_etudiant as telephone from etudiants where email = ${email}`,
    );
    expect(stored?.telephone).toBe("+212698765432");
  });

  it("lists a preview's errors as a CSV report: line, column, message", async () => {
    const file = [
      HEADER,
      "Bon,Eleve,bon.eleve@example.com,,,,Zenith,,",
      "Mauvais,Courriel,pas-une-adresse,,,,Zenith,,",
      "Sans,Centre,sans.centre@example.com,,,,Casablanca Centre,,",
    ].join("\n");
    const preview = (await uploadImport(t, direction, "a.csv", file)).json();
    const report = await direction.get(`/api/gestion/etudiants/import/${preview.import_id}/erreurs.csv`);
    expect(report.statusCode).toBe(200);
    expect(report.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(
      report.body
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n"),
    ).toEqual([
      "Ligne;Colonne;Message;E-mail",
      "3;email;L'adresse e-mail n'est pas valide.;pas-une-adresse",
      "4;centre;Centre inconnu : « Casablanca Centre ».;sans.centre@example.com",
    ]);
    // Another staff member's preview does not exist for her.
    const other = await secretary.get(`/api/gestion/etudiants/import/${preview.import_id}/erreurs.csv`);
    expect(other.statusCode).toBe(404);
  });

  it("tells a secretary only that an address is used, not that it belongs to another centre's student", async () => {
    const zenithStudent = await createStudent(t.database.db, { centre: "Zenith" });
    const file = `${HEADER}\nBenjelloun,Omar,${zenithStudent.email},,,,Ain Sebaa,,`;
    const preview = (await uploadImport(t, secretary, "a.csv", file)).json();
    expect(preview.rows[0].errors).toEqual([
      { column: "email", message: "Cette adresse e-mail est déjà utilisée par un autre étudiant." },
    ]);
    expect(JSON.stringify(preview)).not.toMatch(/hors de vos centres/);
  });
});

describe("back-office students: a zip bomb in the import", () => {
  let t: TestApp;
  let direction: StaffBrowser;
  const sheetOf = (bytes: number) => {
    const row = '<row><c t="inlineStr"><is><t>x</t></is></c></row>';
    return Buffer.from(
      `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${row.repeat(Math.ceil(bytes / row.length))}</sheetData></worksheet>`,
    );
  };

  beforeAll(async () => {
    t = await createTestApp();
    direction = (await signInNewStaff(t, "direction")).browser;
  });
  afterAll(async () => {
    await t.close();
  });

  it("refuses an XLSX that inflates beyond 50 MB, quickly and without taking the memory", async () => {
    const bomb = await buildZip(workbookParts(sheetOf(80 * 1024 * 1024)));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    // The same bomb lying about its size: the entry claims 2 KB.
    const parts = workbookParts(sheetOf(80 * 1024 * 1024));
    const last = parts.at(-1);
    if (last) Object.assign(last, { declaredSize: 2048 });
    const forged = await buildZip(parts);
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    for (const file of [bomb, forged]) {
      const started = performance.now();
      const response = await uploadImport(t, direction, "bombe.xlsx", file, XLSX);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.file[0]).toMatch(/trop volumineux une fois décompressé|endommagé/);
      expect(performance.now() - started).toBeLessThan(3000);
    }
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(60 * 1024 * 1024);
    const declared = await uploadImport(t, direction, "bombe.xlsx", bomb, XLSX);
    expect(declared.json().errors.file).toEqual([
      "Ce classeur est trop volumineux une fois décompressé (plus de 50 Mo) : enregistrez-le en CSV ou découpez-le.",
    ]);
  });

  it("still reads a real workbook built the same way", async () => {
    const sheet = Buffer.from(
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
        ["nom", "prenom", "email", "centre"].reduce(
          (row, value, i) => `${row}<c r="${"ABCD"[i]}1" t="inlineStr"><is><t>${value}</t></is></c>`,
          '<row r="1">',
        ) +
        "</row>" +
        ["Kabbaj", "Lina", "lina.kabbaj@example.com", "Zenith"].reduce(
          (row, value, i) => `${row}<c r="${"ABCD"[i]}2" t="inlineStr"><is><t>${value}</t></is></c>`,
          '<row r="2">',
        ) +
        "</row></sheetData></worksheet>",
    );
    const response = await uploadImport(t, direction, "liste.xlsx", await buildZip(workbookParts(sheet)), XLSX);
    expect(response.statusCode).toBe(200);
    expect(response.json().rows).toMatchObject([{ line: 2, status: "nouveau", email: "lina.kabbaj@example.com" }]);
  });

  it("reads one file at a time per staff member", async () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `Nom${i},Prenom${i},eleve${i}@example.com,,,,Zenith,,`);
    const file = [HEADER, ...lines].join("\n");
    const [first, second] = await Promise.all([
      uploadImport(t, direction, "a.csv", file),
      uploadImport(t, direction, "a.csv", file),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 429]);
    const refused = first.statusCode === 429 ? first : second;
    expect(refused.json().message).toBe("Un de vos imports est déjà en cours de lecture : attendez qu'il se termine.");
    expect(refused.headers["retry-after"]).toBe("5");
    // Once done, the next file is read.
    expect((await uploadImport(t, direction, "a.csv", file)).statusCode).toBe(200);
  });
});
