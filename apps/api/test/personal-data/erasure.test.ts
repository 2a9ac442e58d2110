import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ERASURE_MESSAGES, formatPhone } from "@puerta/contract";
import { sql } from "drizzle-orm";
import pg from "pg";
import sharp from "sharp";
import { extract as extractTar } from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import type { DatabaseHandle } from "../../src/db/client.ts";
import { rowsOf } from "../../src/db/migration-level.ts";
import { openConfiguredDatabase } from "../../src/db/open.ts";
import { seedDemo } from "../../src/demo/index.ts";
import { createStorageFromConfig } from "../../src/lib/storage/index.ts";
import {
  addressFingerprint,
  eraseInTransaction,
  finishPendingErasures,
  PENDING_FOLDER,
} from "../../src/modules/personal-data/erasure.ts";
import { PERSONAL_DATA_PARTS } from "../../src/personal-data-parts.ts";
import { bearer, createTestApp, type TestApp } from "../support/app.ts";
import { createAccessToken, createNotification, createStudent, uniqueEmail } from "../support/factories.ts";
import { multipartBody } from "../support/forms.ts";
import { runScript } from "../support/processes.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";
import { createContactMessage } from "../support/staff-factories.ts";
import { waitFor } from "../support/wait.ts";

const backupCli = fileURLToPath(new URL("../../src/ops/backup-cli.ts", import.meta.url));
const APP_SECRET = "test-secret-test-secret-test-secret-0123";
let serial = 0;
const tag = () => `${process.pid}${Date.now() % 100_000}${++serial}`;

/**
 * The academy on disk, as the server keeps it: PGlite in DATA_DIR (or a throw-away PostgreSQL
 * database on TEST_DATABASE_URL), so that the real `npm run backup` reads it once the app is closed.
 */
async function academyOnDisk(): Promise<TestApp & { env: Record<string, string>; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "puerta-effacement-"));
  const env: Record<string, string> = { DATA_DIR: dataDir, APP_SECRET };
  let drop = async () => {};
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `puerta_effacement_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    drop = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const config = loadConfig({
    NODE_ENV: "test",
    CAPTCHA_COST: "1",
    WEB_DIR: path.join(dataDir, "no-web"),
    LOG_LEVEL: "silent",
    MAIL_POLL_MS: "100",
    ...env,
  });
  const database: DatabaseHandle = await openConfiguredDatabase(config);
  await database.migrate();
  await seedDemo(database.db, config, { officeSamples: false });
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await app.close();
    await database.close();
  };
  return {
    app,
    database,
    config,
    env,
    /** The app and its database closed, DATA_DIR left for a command to read. */
    stop,
    async close() {
      await stop();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every file under `dir`, with its bytes. */
function filesUnder(dir: string): { file: string; bytes: Buffer }[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => ({ file, bytes: readFileSync(file) }));
}

/** A photo of noise: its re-encoded bytes are unlike anything else in the archive. */
const image = () =>
  sharp(Buffer.from(Array.from({ length: 64 * 48 * 3 }, () => Math.floor(Math.random() * 256))), {
    raw: { width: 64, height: 48, channels: 3 },
  })
    .png()
    .toBuffer();

describe("who may erase, and what a bad request gets", () => {
  let t: TestApp;
  let direction: StaffBrowser;
  beforeAll(async () => {
    t = await createTestApp();
    direction = (await signInNewStaff(t, "direction")).browser;
  });
  afterAll(() => t.close());
  const erasure = (id: number) => `/api/gestion/etudiants/${id}/effacement`;

  it("is the direction's only: 403 for the secretariat (even of the student's centre) and the pedagogie; 422 without a reason; 404 for nobody", async () => {
    const student = await createStudent(t.database.db, { centre: "Ain Sebaa" });
    const secretary = (await signInNewStaff(t, "secretariat", { centres: ["Ain Sebaa"] })).browser;
    const pedagogie = (await signInNewStaff(t, "pedagogie")).browser;
    for (const browser of [secretary, pedagogie]) {
      const refused = await browser.post(erasure(student.etudiantId), { motif: "Demande de l'étudiant" });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("Vous n'avez pas les droits nécessaires pour cette action.");
      expect((await browser.get(erasure(student.etudiantId))).statusCode).toBe(403);
    }
    for (const body of [{}, { motif: "   " }]) {
      const missing = await direction.post(erasure(student.etudiantId), body);
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors.motif).toEqual([ERASURE_MESSAGES.motifRequired]);
    }
    const unknown = await direction.post(erasure(999_999), { motif: "Demande" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Étudiant introuvable.");
    // Nothing was erased.
    expect((await direction.get(`/api/gestion/etudiants/${student.etudiantId}/fiche`)).statusCode).toBe(200);
  });
});

describe("Effacer les données (law 09-08 art. 9), then npm run backup", () => {
  let t: Awaited<ReturnType<typeof academyOnDisk>>;
  let direction: StaffBrowser;
  const work = mkdtempSync(path.join(tmpdir(), "puerta-effacement-archive-"));

  beforeAll(async () => {
    t = await academyOnDisk();
    direction = (await signInNewStaff(t, "direction")).browser;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    rmSync(work, { recursive: true, force: true });
  }, 60_000);

  const erasure = (id: number) => `/api/gestion/etudiants/${id}/effacement`;

  it("erases a student who had everything; the backup holds none of their e-mail, phone, CIN or photo, and their name only in the register of attestations", async () => {
    const { db } = t.database;
    const n = tag();
    const nom = `Effacee${n}`;
    const prenom = `Zineb${n}`;
    const fullName = `${prenom} ${nom}`;
    const email = uniqueEmail(`zineb${n}`);
    const phone = `+2126${n.padStart(8, "0").slice(-8)}`;
    const cin = `ZX${n.slice(-6)}`;
    const student = await createStudent(db, {
      nom,
      prenom,
      email,
      telephone: phone,
      cin,
      centre: "Ain Sebaa",
      acceptedPolicy: true,
    });
    const token = await createAccessToken(db, student.userId);

    // A photo through the real upload route; its stored bytes are what the archive must not hold.
    const photo = await multipartBody({}, { name: "moi.png", type: "image/png", bytes: await image(), field: "photo" });
    const uploaded = await t.app.inject({
      method: "POST",
      url: "/api/profile/photo",
      headers: { ...bearer(token), "content-type": photo.contentType },
      payload: photo.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const photoBytes = (await t.app.inject({ method: "GET", url: "/api/profile/photo", headers: bearer(token) }))
      .rawPayload;
    expect(photoBytes.length).toBeGreaterThan(100);

    // Two requests: one issued by the office (the register keeps it), one still pending.
    const ask = async (payload: object) => {
      const response = await t.app.inject({ method: "POST", url: "/api/demandes", headers: bearer(token), payload });
      expect(response.statusCode).toBe(201);
      return response.json().data.id as number;
    };
    const issuedId = await ask({ type: "scolaire", langues: ["Français"] });
    await ask({ type: "langue", niveau: "B2" });
    const issued = await direction.patch(`/api/gestion/demandes/${issuedId}`, { status: "Disponible" });
    expect(issued.statusCode).toBe(200);
    const pdf = await direction.get(`/api/gestion/demandes/${issuedId}/document`);
    expect(pdf.statusCode).toBe(200);
    const [attestation] = await rowsOf<{ code: string }>(
      db,
      sql`select code from certificate_documents where request_id = ${issuedId}`,
    );
    if (!attestation) throw new Error("no attestation issued");

    // A read notification, a contact message from their address, an e-mail written as a file
    // (the reset link, sent by the outbox to DATA_DIR/mail), one held since a restore, journal entries.
    const notificationId = await createNotification(db, { etudiantIds: [student.etudiantId] });
    await db.execute(
      sql`insert into notification_reads (notification_id, etudiant_id) values (${notificationId}, ${student.etudiantId})`,
    );
    await createContactMessage(db, {
      nom: fullName,
      email,
      telephone: formatPhone(phone),
      sujet: "Inscription",
      message: `Je suis ${fullName}, CIN ${cin}.`,
    });
    expect((await direction.post(`/api/gestion/etudiants/${student.etudiantId}/reinitialisation`)).statusCode).toBe(
      200,
    );
    const mailDir = path.join(t.config.dataDir, "mail");
    await waitFor(
      () =>
        existsSync(mailDir) &&
        readdirSync(mailDir).some(
          (name) => name.endsWith(".eml") && readFileSync(path.join(mailDir, name), "latin1").includes(email),
        ),
      "the reset e-mail written as an .eml file",
    );
    await db.execute(
      sql`insert into mail_outbox (to_address, subject, text_body, message_id, next_attempt_at)
          values (${email}, 'Votre attestation', ${`Bonjour ${prenom}`}, ${`<held-${n}@test>`}, 'infinity'::timestamptz)`,
    );
    expect((await direction.post(`/api/gestion/etudiants/${student.etudiantId}/apercu`)).statusCode).toBeLessThan(500);

    // The dialog's read: the name to type, what is pending, what is kept.
    const preview = await direction.get(erasure(student.etudiantId));
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      etudiant_id: student.etudiantId,
      nom_complet: fullName,
      demandes_en_cours: 1,
      emails_retenus: 1,
    });
    // The held one, and any the outbox has not sent yet (the attestation's notice).
    expect(preview.json().emails_en_attente).toBeGreaterThanOrEqual(1);
    expect(preview.json().conserve.join(" ")).toContain("/verifier/{code}");

    const erased = await direction.post(erasure(student.etudiantId), { motif: `Demande de ${fullName} (art. 9)` });
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toEqual({ message: `Données de l'étudiant n° ${student.etudiantId} effacées.` });

    // The account is gone; the attestation is still vouched for.
    expect((await direction.get(`/api/gestion/etudiants/${student.etudiantId}/fiche`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/user", headers: bearer(token) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: `/api/attestations/${attestation.code}` })).statusCode).toBe(200);
    // One journal entry for the erasure, without the name (the reason's mention of it is [effacé]).
    const [entry] = await rowsOf<{ summary: string }>(
      db,
      sql`select summary from audit_log where action = 'effacement' and entity_id = ${String(student.etudiantId)}`,
    );
    expect(entry?.summary).toBe(
      `Données de l'étudiant n° ${student.etudiantId} effacées : Demande de [effacé] (art. 9)`,
    );
    const [request] = await rowsOf<{ id: number; type: string; empreinte: string }>(
      db,
      sql`select id, type, motif, empreinte from demandes_donnees where etudiant_id = ${student.etudiantId}`,
    );
    expect(request).toMatchObject({ type: "effacement", empreinte: addressFingerprint(email) });
    // The journal stays append-only for everything but the pseudonymisation.
    await expect(
      db.execute(sql`update audit_log set summary = 'x' where id = (select max(id) from audit_log)`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log where id = (select max(id) from audit_log)`)).rejects.toThrow();
    // The .eml copies are gone, and nothing is left to finish.
    expect(
      readdirSync(mailDir).filter((name) => readFileSync(path.join(mailDir, name), "latin1").includes(email)),
    ).toEqual([]);
    expect(existsSync(path.join(t.config.dataDir, PENDING_FOLDER, `${request?.id}.json`))).toBe(false);

    // The real `npm run backup`, the app stopped (the command opens the database itself).
    await t.stop();
    const output = path.join(work, "sauvegarde.tar.gz");
    const backup = await runScript(backupCli, [output], t.env);
    // (On PostgreSQL the command first repairs DATA_DIR's modes, which this process wrote: it says so on stderr.)
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Sauvegarde écrite : ${output}`);
    const extracted = path.join(work, "archive");
    mkdirSync(extracted);
    await extractTar({ file: output, cwd: extracted });
    const files = filesUnder(extracted);
    expect(files.length).toBeGreaterThan(10);
    const needles = [email, phone, formatPhone(phone), formatPhone(phone).replace(/\s/g, ""), cin];
    const found: string[] = [];
    for (const { file, bytes } of files) {
      const text = bytes.toString("utf8");
      for (const needle of needles)
        if (text.toLowerCase().includes(needle.toLowerCase()))
          found.push(`${needle} in ${path.relative(extracted, file)}`);
      if (bytes.indexOf(photoBytes) >= 0) found.push(`photo in ${path.relative(extracted, file)}`);
    }
    expect(found).toEqual([]);
    // The name: only in the register of issued attestations (decisions 112 and 113).
    const named = files
      .filter(({ bytes }) => bytes.toString("utf8").includes(nom))
      .map(({ file }) => path.basename(file));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !name.endsWith(".certificate_documents.jsonl"))).toEqual([]);
  }, 240_000);
});

describe("an erasure cut short between its commit and its file removals", () => {
  let t: Awaited<ReturnType<typeof academyOnDisk>>;
  beforeAll(async () => {
    t = await academyOnDisk();
  }, 180_000);
  afterAll(() => t?.close(), 60_000);

  it("is finished by the next start; a list whose erasure never committed removes nothing", async () => {
    const { db } = t.database;
    const storage = createStorageFromConfig(db, t.config.dataDir);
    const student = await createStudent(db);
    const photo = await storage.save("profile-photos", await image(), "image/png", "p.png");
    await db.execute(
      sql`insert into profile_photos (etudiant_id, storage_key, content_type) values (${student.etudiantId}, ${photo.key}, 'image/png')`,
    );
    const mailDir = path.join(t.config.dataDir, "mail");
    mkdirSync(mailDir, { recursive: true });
    const eml = path.join(mailDir, "2026-01-01T00-00-00-000Z-x.eml");
    writeFileSync(eml, `To: ${student.email}\r\nSubject: Bonjour\r\n\r\nCorps\r\n`);

    // The erasure commits, and the process dies before removing the files: only the list is left.
    const erased = await db.transaction((tx) =>
      eraseInTransaction(tx as unknown as typeof db, student.etudiantId, {
        motif: "Demande",
        actor: null,
        ip: null,
        dataDir: t.config.dataDir,
        parts: PERSONAL_DATA_PARTS,
      }),
    );
    if (!erased) throw new Error("not erased");
    const list = path.join(t.config.dataDir, PENDING_FOLDER, `${erased.demande}.json`);
    expect(existsSync(list)).toBe(true);
    expect(await storage.read(photo.key).then(() => "là")).toBe("là");

    // Another student's erasure that rolled back after writing its list: nothing of theirs goes.
    const kept = await createStudent(db);
    const keptPhoto = await storage.save("profile-photos", await image(), "image/png", "k.png");
    await db.execute(
      sql`insert into profile_photos (etudiant_id, storage_key, content_type) values (${kept.etudiantId}, ${keptPhoto.key}, 'image/png')`,
    );
    await expect(
      db.transaction(async (tx) => {
        await eraseInTransaction(tx as unknown as typeof db, kept.etudiantId, {
          motif: "Demande",
          actor: null,
          ip: null,
          dataDir: t.config.dataDir,
          parts: PERSONAL_DATA_PARTS,
        });
        throw new Error("crash before the commit");
      }),
    ).rejects.toThrow("crash before the commit");
    const lists = readdirSync(path.join(t.config.dataDir, PENDING_FOLDER));
    expect(lists.length).toBe(2);

    const removed = await finishPendingErasures({ db, storage, dataDir: t.config.dataDir }, 0);
    expect(removed).toBe(2);
    await expect(storage.read(photo.key)).rejects.toThrow();
    expect(existsSync(eml)).toBe(false);
    expect(readdirSync(path.join(t.config.dataDir, PENDING_FOLDER))).toEqual([]);
    // The rolled-back erasure's student and photo are whole.
    expect((await storage.read(keptPhoto.key)).length).toBeGreaterThan(0);
    const [still] = await rowsOf(db, sql`select id from etudiants where id = ${kept.etudiantId}`);
    expect(still).toBeDefined();
  });
});
