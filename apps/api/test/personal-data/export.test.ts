import { DATA_EXPORT_TEXT } from "@puerta/contract";
import { sql } from "drizzle-orm";
import JSZip from "jszip";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client.ts";
import type { PersonalDataExecutor } from "../../src/lib/personal-data.ts";
import { PERSONAL_DATA_PARTS } from "../../src/personal-data-parts.ts";
import { bearer, createTestApp, queryRows, signInNewStudent, type TestApp } from "../support/app.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";
import { type EverythingStudent, studentWithEverything } from "./student-with-everything.ts";

type Archive = {
  names: string[];
  json: {
    etudiant: { id: number; email: string };
    tables: Record<string, { parties: { module: string; finalite: string }[]; lignes: Record<string, unknown>[] }>;
    fichiers: { chemin: string }[];
  };
  readme: string;
  pdfText: string;
  bytes: (name: string) => Promise<Buffer>;
  /** Every text the archive holds: the JSON, the read-me, the PDF's text. */
  allText: string;
};

/** Opens the ZIP with JSZip (another implementation than the one that wrote it) and reads it as a person would. */
async function openArchive(body: Buffer): Promise<Archive> {
  const zip = await JSZip.loadAsync(body);
  const names = Object.keys(zip.files).filter((name) => !zip.files[name]?.dir);
  const read = async (name: string) => {
    const file = zip.file(name);
    if (!file) throw new Error(`${name} is not in the archive`);
    return Buffer.from(await file.async("uint8array"));
  };
  const jsonText = (await read("donnees.json")).toString("utf8");
  const readme = (await read("LISEZMOI.txt")).toString("utf8");
  const pdf = await getDocumentProxy(new Uint8Array(await read("donnees.pdf")));
  const { text } = await extractText(pdf, { mergePages: true });
  return {
    names,
    json: JSON.parse(jsonText),
    readme,
    pdfText: text as string,
    bytes: read,
    allText: `${jsonText}\n${readme}\n${text}`,
  };
}

describe("the access export (law 09-08, art. 7)", () => {
  let t: TestApp;
  let direction: StaffBrowser;
  let ainSebaa: StaffBrowser;
  let zenith: StaffBrowser;
  let pedagogie: StaffBrowser;
  let sara: EverythingStudent;
  let other: EverythingStudent;

  beforeAll(async () => {
    t = await createTestApp();
    direction = (await signInNewStaff(t, "direction", { name: "Nadia Direction" })).browser;
    ainSebaa = (await signInNewStaff(t, "secretariat", { centres: ["Ain Sebaa"] })).browser;
    zenith = (await signInNewStaff(t, "secretariat", { centres: ["Zenith"] })).browser;
    pedagogie = (await signInNewStaff(t, "pedagogie")).browser;
    sara = await studentWithEverything(t, direction, {
      centre: "Ain Sebaa",
      option: "Selectividad Santé",
      nom: "Alaoui",
      prenom: "Sara",
    });
    // Another student with data of every kind too, some of it next to Sara's (a notification to both).
    other = await studentWithEverything(t, direction, {
      centre: "Zenith",
      option: "Selectividad Ingénierie",
      nom: "Bennani",
      prenom: "Yassine",
    });
    await queryRows(
      t,
      sql`update notifications set etudiant_ids = array[${sara.etudiantId}, ${other.etudiantId}]::integer[]
          where id = ${sara.notificationId}`,
    );
  });
  afterAll(() => t.close());

  const staffExport = (browser: StaffBrowser, id: number) => browser.get(`/api/gestion/etudiants/${id}/donnees`);

  it("gives the direction a ZIP of every kind of data held about the student, and nothing of another's", async () => {
    const response = await staffExport(direction, sara.etudiantId);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="donnees-${sara.studentNumber}.zip"; filename*=UTF-8''donnees-${sara.studentNumber}.zip`,
    );
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["cache-control"]).toBe("no-store");

    const archive = await openArchive(response.rawPayload);
    expect(archive.names.sort()).toEqual(
      [
        "LISEZMOI.txt",
        "donnees.json",
        "donnees.pdf",
        "fichiers/photo-profil.webp",
        `fichiers/attestation-${sara.numero}.pdf`,
      ].sort(),
    );
    const { tables } = archive.json;
    const rows = (table: string) => tables[table]?.lignes ?? [];
    expect(archive.json.etudiant).toMatchObject({ id: sara.etudiantId, email: sara.email });

    // Each kind, found by what makes it Sara's.
    expect(rows("etudiants")).toEqual([
      expect.objectContaining({ id: sara.etudiantId, email: sara.email, cin_etudiant: sara.cin, centre: "Ain Sebaa" }),
    ]);
    expect(rows("users")).toEqual([expect.objectContaining({ id: sara.userId, email: sara.email })]);
    expect(rows("inscriptions").length).toBeGreaterThan(0);
    expect(rows("student_invitations")).toHaveLength(1);
    expect(
      rows("certificate_requests")
        .map((r) => r.status)
        .sort(),
    ).toEqual(["Disponible", "En Cours"]);
    expect(rows("certificate_request_events").length).toBeGreaterThan(0);
    expect(rows("certificate_documents")).toEqual([
      expect.objectContaining({ numero: sara.numero, holder_name: "Sara Alaoui" }),
    ]);
    expect(rows("notification_reads")).toEqual([expect.objectContaining({ notification_id: sara.notificationId })]);
    // The one the office addressed to her by name, and the notice of her attestation.
    expect(rows("notifications").map((n) => n.id)).toContain(sara.notificationId);
    expect(rows("policy_acceptances")).toHaveLength(1);
    expect(rows("contact_messages")).toEqual([
      expect.objectContaining({ id: sara.contactMessageId, email: sara.email }),
    ]);
    expect(rows("contact_replies")).toHaveLength(1);
    expect(rows("profile_photos")).toHaveLength(1);
    expect(rows("stored_files")).toHaveLength(2);
    expect(rows("password_resets")).toHaveLength(1);
    expect(rows("calendar_subscriptions")).toHaveLength(1);
    expect(rows("personal_access_tokens").length).toBeGreaterThan(0);
    expect(rows("idempotency_keys")).toHaveLength(1);
    const throttleKeys = rows("throttles").map((r) => String(r.key));
    expect(throttleKeys.some((key) => key.startsWith("login:"))).toBe(true);
    expect(throttleKeys.some((key) => key.startsWith("forgot:email:"))).toBe(true);
    // The invitation, the attestation's notice, the reply, the reset link: all to her address.
    const mails = rows("mail_outbox");
    expect(mails.length).toBeGreaterThanOrEqual(3);
    expect(mails.every((m) => m.to_address === sara.email || m.reply_to === sara.email)).toBe(true);
    const journal = rows("audit_log");
    expect(journal.map((e) => e.action)).toEqual(expect.arrayContaining(["creation", "mise_a_disposition"]));
    // Every table of the register is in the archive, with its purpose.
    for (const part of PERSONAL_DATA_PARTS) {
      expect(tables[part.table]?.parties.map((p) => p.finalite)).toContain(part.purpose);
    }

    // No secret leaves: no password, token or link hash, no body of a message still to send.
    const keys = Object.values(tables).flatMap((table) => table.lignes.flatMap((row) => Object.keys(row)));
    expect(keys.filter((key) => /hash|text_body|html_body/.test(key))).toEqual([]);
    const secrets = await queryRows<{ secret: string }>(
      t,
      sql`select password_hash as secret from users where id = ${sara.userId}
          union all select token_hash from personal_access_tokens where user_id = ${sara.userId}
          union all select token_hash from student_invitations where user_id = ${sara.userId}
          union all select token_hash from password_resets where user_id = ${sara.userId}
          union all select secret_hash from calendar_subscriptions where user_id = ${sara.userId}`,
    );
    expect(secrets.length).toBeGreaterThanOrEqual(5);
    for (const { secret } of secrets) expect(archive.allText).not.toContain(secret);

    // The files are hers, byte for byte.
    expect((await archive.bytes("fichiers/photo-profil.webp")).equals(sara.photo)).toBe(true);
    const attestation = await archive.bytes(`fichiers/attestation-${sara.numero}.pdf`);
    expect(attestation.subarray(0, 5).toString()).toBe("%PDF-");
    const [request] = await queryRows<{ id: number }>(
      t,
      sql`select request_id as id from certificate_documents where numero = ${sara.numero}`,
    );
    const downloaded = await t.app.inject({
      method: "GET",
      url: `/api/demandes/${request?.id}/document`,
      headers: bearer(sara.token),
    });
    expect(attestation.equals(downloaded.rawPayload)).toBe(true);

    // The PDF reads in French, with her data in it.
    expect(archive.pdfText).toContain("Données personnelles de Sara Alaoui");
    expect(archive.pdfText).toContain(sara.email);
    expect(archive.pdfText).toContain(sara.cin);
    expect(archive.pdfText).toContain("Attestations délivrées — 1 ligne");
    // The read-me says what each part is and how long it is kept.
    expect(archive.readme).toContain("Vos données personnelles");
    expect(archive.readme).toContain("== Dossier d'étudiant (table etudiants) — 1 ligne ==");
    expect(archive.readme).toContain("Anciens élèves, 36 mois");
    expect(archive.readme).toContain("/verifier/{code}");

    // Nothing of the other student: not their address, CIN, phone, number, nor any row of theirs.
    for (const value of [other.email, other.cin, other.telephone, other.telephone.slice(4), other.studentNumber]) {
      expect(archive.allText).not.toContain(value);
    }
    expect(studentIdsIn(tables)).not.toContain(other.etudiantId);
  });

  it("records each export: demandes_donnees and a journal entry that names the student by id only", async () => {
    const before = await queryRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from demandes_donnees where etudiant_id = ${other.etudiantId}`,
    );
    expect((await staffExport(direction, other.etudiantId)).statusCode).toBe(200);
    const requests = await queryRows<{ type: string; staff_id: number | null }>(
      t,
      sql`select type, staff_id from demandes_donnees where etudiant_id = ${other.etudiantId} order by id`,
    );
    expect(requests).toHaveLength((before[0]?.n ?? 0) + 1);
    expect(requests.at(-1)?.type).toBe("acces");
    expect(requests.at(-1)?.staff_id).toEqual(expect.any(Number));
    const [entry] = await queryRows<{ action: string; summary: string; staff_name: string; changes: unknown }>(
      t,
      sql`select action, summary, staff_name, changes from audit_log
          where entity = 'etudiants' and entity_id = ${String(other.etudiantId)} and action = 'export_donnees'
          order by id desc limit 1`,
    );
    expect(entry).toMatchObject({ action: "export_donnees", staff_name: "Nadia Direction", changes: null });
    expect(entry?.summary).toContain(`n° ${other.etudiantId}`);
    expect(entry?.summary).not.toContain(other.email);
    expect(entry?.summary).not.toContain(other.nom);
  });

  it("lets the secretariat of the student's centre export, not another centre's (404) nor the pedagogie (403)", async () => {
    expect((await staffExport(ainSebaa, sara.etudiantId)).statusCode).toBe(200);
    const outside = await staffExport(zenith, sara.etudiantId);
    expect(outside.statusCode).toBe(404);
    expect(outside.headers["content-type"]).toContain("application/json");
    const refused = await staffExport(pedagogie, sara.etudiantId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Vous n'avez pas les droits nécessaires pour cette action.");
    expect((await staffExport(direction, 999_999)).statusCode).toBe(404);
    // A student's token opens no back-office route, their own id included.
    const student = await t.app.inject({
      method: "GET",
      url: `/api/gestion/etudiants/${sara.etudiantId}/donnees`,
      headers: bearer(sara.token),
    });
    expect(student.statusCode).toBe(401);
  });

  it("gives the student their own ZIP from /profile, three times an hour, then 429 in French", async () => {
    const own = () => t.app.inject({ method: "GET", url: "/api/profile/donnees", headers: bearer(other.token) });
    expect((await t.app.inject({ method: "GET", url: "/api/profile/donnees" })).statusCode).toBe(401);
    const first = await own();
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("application/zip");
    expect(first.headers["content-disposition"]).toContain(`filename="donnees-${other.studentNumber}.zip"`);
    expect(first.headers["cache-control"]).toBe("no-store");
    const archive = await openArchive(first.rawPayload);
    expect(archive.json.etudiant.id).toBe(other.etudiantId);
    expect(archive.allText).not.toContain(sara.email);
    expect(archive.allText).not.toContain(sara.cin);
    const [request] = await queryRows<{ staff_id: number | null }>(
      t,
      sql`select staff_id from demandes_donnees where etudiant_id = ${other.etudiantId} order by id desc limit 1`,
    );
    expect(request?.staff_id).toBeNull();

    expect((await own()).statusCode).toBe(200);
    expect((await own()).statusCode).toBe(200);
    const limited = await own();
    expect(limited.statusCode).toBe(429);
    const retry = Number(limited.headers["retry-after"]);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(3600);
    expect(limited.json()).toEqual({ message: DATA_EXPORT_TEXT.tooMany(retry), retry_after: retry });
    expect(limited.json().message).toMatch(/^Vous avez déjà téléchargé vos données 3 fois en une heure\./);
    // Another student's downloads are counted apart.
    expect(
      (await t.app.inject({ method: "GET", url: "/api/profile/donnees", headers: bearer(sara.token) })).statusCode,
    ).toBe(200);
  });

  it("writes a name in Arabic script into the PDF too (the attestations' fonts, embedded when needed)", async () => {
    const { etudiantId } = await signInNewStudent(t, { centre: "Ain Sebaa", prenom: "سارة", nom: "العلوي" });
    const response = await staffExport(direction, etudiantId);
    expect(response.statusCode).toBe(200);
    const archive = await openArchive(response.rawPayload);
    expect(archive.json.tables.etudiants?.lignes[0]).toMatchObject({ prenom: "سارة", nom: "العلوي" });
    const pdf = await getDocumentProxy(new Uint8Array(await archive.bytes("donnees.pdf")));
    expect(pdf.numPages).toBeGreaterThan(0);
    const fonts = (await archive.bytes("donnees.pdf")).toString("latin1");
    expect(fonts).toContain("NotoNaskhArabic");
    expect(fonts).toContain("Helvetica");
  });

  it("gives it to a student who has not accepted the non-refund policy too: the right of access waits for nothing", async () => {
    const { token } = await signInNewStudent(t, { centre: "Ain Sebaa" });
    const response = await t.app.inject({ method: "GET", url: "/api/profile/donnees", headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
  });
});

describe("each part's erase() against its rows()", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("leaves nothing its rows() finds but what it keeps on purpose, and nothing of another student's changes", async () => {
    const { browser: direction, id: staffId } = await signInNewStaff(t, "direction");
    const gone = await studentWithEverything(t, direction, {
      centre: "Ain Sebaa",
      option: "Selectividad Santé",
      nom: "Tazi",
      prenom: "Imane",
    });
    const stays = await studentWithEverything(t, direction, {
      centre: "Zenith",
      option: "Selectividad Ingénierie",
      nom: "Chraibi",
      prenom: "Mehdi",
    });
    const db = t.database.db;
    const subject = (s: EverythingStudent) => ({ etudiantId: s.etudiantId, userId: s.userId, email: s.email });
    const everything = async (s: EverythingStudent, executor: PersonalDataExecutor = db) => {
      const out: Record<string, number> = {};
      for (const part of PERSONAL_DATA_PARTS) {
        const key = `${part.module}:${part.table}`;
        out[key] = (out[key] ?? 0) + (await part.rows(executor, subject(s))).length;
      }
      return out;
    };
    const [{ code } = { code: "" }] = await queryRows<{ code: string }>(
      t,
      sql`select code from certificate_documents where numero = ${gone.numero}`,
    );
    // An import file waiting for « Importer » with a line for each of them: only the erased one's line goes.
    const lines = [gone, stays].map((s, i) => ({
      line: i + 2,
      values: { nom: s.nom, prenom: s.prenom, email: s.email },
    }));
    await queryRows(
      t,
      sql`insert into student_imports (id, staff_id, rows, expires_at)
          values ('import-effacement', ${staffId}, ${JSON.stringify(lines)}::jsonb, now() + interval '1 hour')`,
    );
    const studentImports = PERSONAL_DATA_PARTS.find((p) => p.table === "student_imports");
    expect(await studentImports?.rows(db, subject(gone))).toEqual([expect.objectContaining({ ligne: lines[0] })]);
    const staysBefore = await everything(stays);
    const fileKeys = await db.transaction(async (tx) => {
      const keys: string[] = [];
      for (const part of PERSONAL_DATA_PARTS) {
        keys.push(...(await part.erase(tx as unknown as Database, subject(gone))).fileKeys);
      }
      return keys;
    });
    expect(fileKeys).toHaveLength(2);

    const after = await everything(gone);
    const keeps = new Set(PERSONAL_DATA_PARTS.filter((p) => p.kept).map((p) => `${p.module}:${p.table}`));
    const left = Object.entries(after).filter(([key, n]) => n > 0 && !keeps.has(key));
    expect(left.map(([key]) => key)).toEqual([]);
    expect(await everything(stays)).toEqual(staysBefore);

    // What is kept: the journal's events, [effacé]; the register of the attestation, still verifiable.
    const journal = await queryRows<{ summary: string }>(
      t,
      sql`select summary from audit_log where entity = 'etudiants' and entity_id = ${String(gone.etudiantId)}`,
    );
    expect(journal.length).toBeGreaterThan(0);
    for (const entry of journal) {
      expect(entry.summary).not.toContain(gone.email);
      expect(entry.summary).not.toContain("Imane Tazi");
    }
    const [pendingImport] = await queryRows<{ rows: unknown }>(
      t,
      sql`select rows from student_imports where id = 'import-effacement'`,
    );
    expect(pendingImport?.rows).toEqual([lines[1]]);
    const verified = await t.app.inject({ method: "GET", url: `/api/attestations/${code}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ status: "valide", titulaire: "Imane Tazi", numero: gone.numero });
    const [kept] = await queryRows<Record<string, unknown>>(
      t,
      sql`select r.etudiant_id, r.nom, r.cin, d.file_key from certificate_requests r
          join certificate_documents d on d.request_id = r.id where d.numero = ${gone.numero}`,
    );
    expect(kept).toEqual({ etudiant_id: null, nom: "[effacé]", cin: null, file_key: null });
    const anywhere = await queryRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from mail_outbox where to_address = ${gone.email}
          union all select count(*)::int from contact_messages where email = ${gone.email}
          union all select count(*)::int from users where email = ${gone.email}`,
    );
    expect(anywhere.map((r) => r.n)).toEqual([0, 0, 0]);
  });
});

/** Every value of an `etudiant_id` or `etudiant_ids` field, at any depth of the export's JSON. */
function studentIdsIn(value: unknown): number[] {
  if (Array.isArray(value)) return value.flatMap(studentIdsIn);
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    if (key === "etudiant_id" && typeof inner === "number") return [inner];
    if (key === "etudiant_ids") {
      const ids = typeof inner === "string" ? (JSON.parse(inner) as unknown) : inner;
      return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === "number") : [];
    }
    return studentIdsIn(inner);
  });
}
