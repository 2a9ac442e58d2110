import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import writeXlsxFile from "write-excel-file/node";
import { createTestApp, queryRows, type TestApp } from "../support/app.ts";
import { createStudent, uniqueEmail } from "../support/factories.ts";
import { uploadImport } from "../support/forms.ts";
import { HEADER } from "../support/import-files.ts";
import { createMailServer, type MailServer, waitFor } from "../support/mail-server.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";

describe("back-office students: import from CSV or XLSX", () => {
  let t: TestApp;
  let smtp: MailServer;
  let direction: StaffBrowser;
  let secretary: StaffBrowser;

  beforeAll(async () => {
    smtp = await createMailServer();
    await smtp.start();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: "https://portail.puerta.example" } });
    direction = (await signInNewStaff(t, "direction")).browser;
    secretary = (await signInNewStaff(t, "secretariat", { centres: ["Ain Sebaa"] })).browser;
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const countStudents = async () =>
    (await queryRows<{ n: number }>(t, sql`select count(*)::int as n from etudiants`))[0]?.n ?? 0;

  /**
   * Semicolons, a BOM, accents and case that differ from the reference data, one bad e-mail,
   * one unknown centre, one duplicate, and an existing student (the test's own) whose phone
   * changes. The new students' addresses are the test's own too.
   */
  async function importFile() {
    const word = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const existing = await createStudent(t.database.db, {
      nom: "El Amrani",
      prenom: "Yasmine",
      email: uniqueEmail("yasmine"),
      telephone: "+212612345678",
      cin: `BE${word}`,
      studentId: `PU-${word}`,
      centre: "Ain Sebaa",
      option: "Selectividad Santé",
    });
    const rim = `rim.${word}@example.com`;
    const omar = `omar.${word}@example.com`;
    const text = [
      "\uFEFFnom;prénom;e-mail;telephone;cin;numero_etudiant;centre;option;filière",
      `Alami;Rim;${rim};+212 6 01 01 01 01;;;ain sebaa;selectividad sante;`,
      "Bennani;Youssef;pas-une-adresse;;;;Zenith;;",
      `Chraibi;Nora;nora.${word}@example.com;;;;Casablanca Centre;;`,
      `Alami;Rim bis;${rim.toUpperCase()};;;;Zenith;;`,
      `El Amrani;Yasmine;${existing.email};+212 6 99 99 99 99;BE${word};PU-${word};AIN SEBAA;Selectividad Santé;Sciences de la santé`,
      `Fassi;Omar;${omar};;;;Moulay Youssef;Préparation DELE / SIELE;langue espagnole`,
    ].join("\r\n");
    return { text, rim, omar };
  }

  it("previews each line with its status and reasons, and writes no student", async () => {
    const file = await importFile();
    const before = await countStudents();
    const response = await uploadImport(t, direction, "etudiants.csv", file.text);
    expect(response.statusCode).toBe(200);
    const preview = response.json();
    expect(preview.import_id).toMatch(/^[A-Za-z0-9]{32}$/);
    const byLine = Object.fromEntries(preview.rows.map((row: { line: number }) => [row.line, row]));
    expect(byLine[2]).toMatchObject({ status: "nouveau", email: file.rim, errors: [] });
    expect(byLine[3]).toMatchObject({
      status: "erreur",
      errors: [{ column: "email", message: "L'adresse e-mail n'est pas valide." }],
    });
    expect(byLine[4]).toMatchObject({
      status: "erreur",
      errors: [{ column: "centre", message: "Centre inconnu : « Casablanca Centre »." }],
    });
    expect(byLine[5]).toMatchObject({
      status: "erreur",
      errors: [{ column: "email", message: "Adresse e-mail en double dans le fichier (déjà à la ligne 2)." }],
    });
    expect(byLine[6]).toMatchObject({
      status: "mis_a_jour",
      changes: { telephone: { before: "+212612345678", after: "+212699999999" } },
    });
    expect(Object.keys(byLine[6].changes)).toEqual(["telephone"]);
    expect(byLine[7]).toMatchObject({ status: "nouveau" });
    expect(preview.counts).toEqual({ nouveau: 2, mis_a_jour: 1, inchange: 0, erreur: 3 });
    expect(await countStudents()).toBe(before);
  });

  it("applies the valid lines in one transaction, invites the new students, and the same file again changes nothing", async () => {
    const file = await importFile();
    const before = await countStudents();
    const preview = (await uploadImport(t, direction, "etudiants.csv", file.text)).json();
    const confirm = await direction.post(`/api/gestion/etudiants/import/${preview.import_id}/confirm`, {
      send_invitations: true,
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toMatchObject({ created: 2, updated: 1, unchanged: 0, errors: 3, invitations: 2 });
    expect(await countStudents()).toBe(before + 2);
    const mail = await waitFor(() => smtp.to(file.omar)[0], "invitation");
    expect(mail.email.text).toMatch(/https:\/\/portail\.puerta\.example\/activer-compte\?token=[A-Za-z0-9]+/);
    const [rim] = await queryRows<{ centre: string; option: string; filiere: string; student_id: string }>(
      t,
      sql`select c.nom as centre, o.nom as option, f.nom as filiere, e.student_id from etudiants e
          join centres c on c.id = e.centre_id join options o on o.id = e.option_id join filieres f on f.id = e.filiere_id
          where e.email = ${file.rim}`,
    );
    expect(rim).toMatchObject({ centre: "Ain Sebaa", option: "Selectividad Santé", filiere: "Sciences de la santé" });
    expect(rim?.student_id).toMatch(/^PU-\d{4}-\d{4}$/);
    const [entry] = await queryRows<{ summary: string }>(
      t,
      sql`select summary from audit_log where entity = 'etudiants' and action = 'import' order by id desc limit 1`,
    );
    expect(entry?.summary).toContain("2 étudiants créés");

    // A preview is confirmed once.
    const twice = await direction.post(`/api/gestion/etudiants/import/${preview.import_id}/confirm`, {});
    expect(twice.statusCode).toBe(409);

    const again = (await uploadImport(t, direction, "etudiants.csv", file.text)).json();
    expect(again.counts).toEqual({ nouveau: 0, mis_a_jour: 0, inchange: 3, erreur: 3 });
    const journalBefore = await queryRows(t, sql`select id from audit_log`);
    const second = await direction.post(`/api/gestion/etudiants/import/${again.import_id}/confirm`, {
      send_invitations: true,
    });
    expect(second.json()).toMatchObject({ created: 0, updated: 0, unchanged: 3, invitations: 0 });
    expect(await countStudents()).toBe(before + 2);
    expect(await queryRows(t, sql`select id from audit_log`)).toHaveLength(journalBefore.length);
  });

  it("writes nothing when a line fails half-way through the transaction", async () => {
    const before = await countStudents();
    const file = [
      HEADER,
      "Premier,Ok,premier.ok@example.com,,,,Zenith,,",
      "Deuxieme,Ok,deuxieme.ok@example.com,,,,Zenith,,",
      "Boum,Casse,boum@example.com,,,,Zenith,,",
    ].join("\n");
    const preview = (await uploadImport(t, direction, "etudiants.csv", file)).json();
    expect(preview.counts.nouveau).toBe(3);
    // The database refuses the third student (a check the preview cannot know about).
    await queryRows(t, sql`alter table etudiants add constraint test_no_boum check (nom <> 'Boum')`);
    try {
      const confirm = await direction.post(`/api/gestion/etudiants/import/${preview.import_id}/confirm`, {
        send_invitations: true,
      });
      expect(confirm.statusCode).toBe(500);
    } finally {
      await queryRows(t, sql`alter table etudiants drop constraint test_no_boum`);
    }
    expect(await countStudents()).toBe(before);
    const users = await queryRows(t, sql`select 1 from users where email like '%.ok@example.com'`);
    expect(users).toHaveLength(0);
    const outbox = await queryRows(t, sql`select 1 from mail_outbox where to_address like '%.ok@example.com'`);
    expect(outbox).toHaveLength(0);
  });

  it("keeps a secretary inside her centres: other centres' lines and students are errors", async () => {
    const file = [
      HEADER,
      "Nouvelle,Ici,nouvelle.ici@example.com,,,,Ain Sebaa,,",
      "Nouvelle,Ailleurs,nouvelle.ailleurs@example.com,,,,Zenith,,",
      `Benjelloun,Omar,${(await createStudent(t.database.db, { centre: "Zenith" })).email},,,,Ain Sebaa,,`,
    ].join("\n");
    const preview = (await uploadImport(t, secretary, "etudiants.csv", file)).json();
    expect(preview.rows.map((row: { status: string }) => row.status)).toEqual(["nouveau", "erreur", "erreur"]);
    expect(preview.rows[1].errors).toEqual([{ column: "centre", message: "Ce centre est hors de vos centres." }]);
    expect(preview.rows[2].errors).toEqual([
      { column: "email", message: "Cette adresse e-mail est déjà utilisée par un autre étudiant." },
    ]);
    // Another staff member's preview does not exist for her.
    const mine = (await uploadImport(t, direction, "etudiants.csv", file)).json();
    const other = await secretary.post(`/api/gestion/etudiants/import/${mine.import_id}/confirm`, {});
    expect(other.statusCode).toBe(404);
  });

  it("reads XLSX files, and refuses unreadable or incomplete files with a French message", async () => {
    const xlsx = (await writeXlsxFile(
      [
        ["Nom", "Prénom", "Email", "Centre"].map((value) => ({ value })),
        ["Kettani", "Hiba", "hiba.kettani@example.com", "Zénith"].map((value) => ({ value })),
      ],
      { buffer: true },
    )) as Buffer;
    const preview = await uploadImport(
      t,
      direction,
      "liste.xlsx",
      xlsx,
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(preview.statusCode).toBe(200);
    expect(preview.json().rows).toMatchObject([{ line: 2, status: "nouveau", email: "hiba.kettani@example.com" }]);

    const missing = await uploadImport(t, direction, "etudiants.csv", "nom,prenom\nA,B\n");
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.file).toEqual(["Colonnes manquantes : email, centre."]);
    const binary = await uploadImport(t, direction, "etudiants.csv", Buffer.from([0xff, 0xfe, 0x00, 0x41]));
    expect(binary.statusCode).toBe(422);
    const broken = await uploadImport(t, direction, "etudiants.xlsx", Buffer.from("PK\u0003\u0004 pas un classeur"));
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors.file).toEqual([
      "Ce classeur XLSX n'a pas pu être lu : il semble endommagé. Ouvrez-le dans Excel et enregistrez-le à nouveau.",
    ]);
    const tooLarge = await uploadImport(t, direction, "etudiants.csv", `${HEADER}\n${"x".repeat(5 * 1024 * 1024)}`);
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json().errors.file).toEqual(["Le fichier dépasse 5 Mo : découpez-le."]);
    const none = await direction.post("/api/gestion/etudiants/import/preview", {});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.file).toEqual(["Choisissez un fichier CSV ou XLSX."]);
  });
});
