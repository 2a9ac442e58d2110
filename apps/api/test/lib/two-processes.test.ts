/**
 * Two real API processes (`node apps/api/src/server.ts`), each with its own DATA_DIR, sharing
 * one PostgreSQL database and one S3-compatible bucket: what one stores or records, the other
 * serves or enforces. PostgreSQL is required here (CI always has it): an unreachable server
 * fails the file instead of skipping it.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CONTACT_MESSAGES, MESSAGES } from "@puerta/contract";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { openDatabase } from "../../src/db/client.ts";
import { users } from "../../src/db/schema/index.ts";
import { DEMO_PASSWORD, DEMO_STAFF, DEMO_STAFF_PASSWORD, DEMO_STUDENTS, seedDemo } from "../../src/demo/index.ts";
import { acceptCurrentPolicy } from "../support/factories.ts";
import { courseUrl, realPdf } from "../support/forms.ts";
import { HEADER as IMPORT_HEADER } from "../support/import-files.ts";
import { createMailServer, type MailServer } from "../support/mail-server.ts";
import { databaseUrl, onPostgres } from "../support/postgres.ts";
import { type ServerProcess, startServerProcess } from "../support/processes.ts";
import { remoteStaffSignIn, solvedCaptcha } from "../support/remote-staff-browser.ts";
import { startS3Server } from "../support/s3-server.ts";
import { waitUntil } from "../support/wait.ts";

const databaseName = `puerta_two_${process.pid}_${Date.now()}`;
const ACADEMY = "accueil@academie.example";
const scratch = mkdtempSync(path.join(tmpdir(), "puerta-two-"));
const dataDirs = { a: path.join(scratch, "a"), b: path.join(scratch, "b") };

let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
let smtp: MailServer | undefined;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  s3 = await startS3Server();
  smtp = await createMailServer();
  await smtp.start();
  await onPostgres((client) => client.query(`CREATE DATABASE ${databaseName}`));
  const shared = {
    NODE_ENV: "test",
    DATABASE_URL: databaseUrl(databaseName),
    APP_SECRET: "two-processes-secret-two-processes-0123",
    CAPTCHA_COST: "1",
    CAPTCHA_MAX_COUNTER: "20",
    SEED_DEMO: "0",
    SMTP_URL: smtp.url,
    CONTACT_EMAIL: ACADEMY,
    MAIL_POLL_MS: "100",
    WEB_DIR: path.join(scratch, "no-web"),
    ...s3.env,
  };
  // The demo academy, its PDFs and images going to the bucket, seeded once before both start.
  const seedConfig = loadConfig({ ...shared, DATA_DIR: path.join(scratch, "seed") });
  const database = await openDatabase({ kind: "postgres", url: shared.DATABASE_URL });
  await database.migrate();
  await seedDemo(database.db, seedConfig, { officeSamples: false });
  // The first demo student past the policy gate, which guards the profile photo.
  const [first] = await database.db.select().from(users).where(eq(users.email, DEMO_STUDENTS.first));
  if (!first) throw new Error("demo student missing");
  await acceptCurrentPolicy(database.db, first.id);
  await database.close();
  [a, b] = await Promise.all([
    startServerProcess({ ...shared, DATA_DIR: dataDirs.a }),
    startServerProcess({ ...shared, DATA_DIR: dataDirs.b }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await onPostgres((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  await smtp?.stop();
  await s3?.stop();
  rmSync(scratch, { recursive: true, force: true });
}, 60_000);

async function postLogin(server: ServerProcess, email: string, password: string, recaptcha_token: string) {
  const response = await fetch(`${server.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, recaptcha_token }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: an answer read as a client would, field by field
  return { status: response.status, body: (await response.json()) as any };
}

async function signIn(server: ServerProcess, email: string) {
  const { status, body } = await postLogin(server, email, DEMO_PASSWORD, await solvedCaptcha(server));
  expect(status).toBe(200);
  return { authorization: `Bearer ${body.token as string}` };
}

/** `url` as a student reads it from `server`, checked to be a 200. */
async function studentGet(server: ServerProcess, auth: Record<string, string>, url: string): Promise<Response> {
  const response = await fetch(`${server.url}${url}`, { headers: auth });
  expect(response.status, url).toBe(200);
  return response;
}

const studentFile = async (server: ServerProcess, auth: Record<string, string>, url: string) =>
  Buffer.from(await (await studentGet(server, auth, url)).arrayBuffer());

const studentData = async <T>(server: ServerProcess, auth: Record<string, string>, url: string) =>
  ((await (await studentGet(server, auth, url)).json()) as { data: T }).data;

describe("two API processes, one PostgreSQL database, one bucket", () => {
  it("serves through one a profile photo uploaded through the other, from the bucket", async () => {
    const auth = await signIn(a, DEMO_STUDENTS.first);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c0392b" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("photo", new Blob([new Uint8Array(png)], { type: "image/png" }), "moi.png");
    const upload = await fetch(`${a.url}/api/profile/photo`, { method: "POST", headers: auth, body: form });
    expect(upload.status).toBe(200);

    const fromA = await fetch(`${a.url}/api/profile/photo`, { headers: auth });
    const fromB = await fetch(`${b.url}/api/profile/photo`, { headers: auth });
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get("content-type")).toBe("image/webp");
    const bytes = Buffer.from(await fromB.arrayBuffer());
    expect(bytes.equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    expect((await sharp(bytes).metadata()).format).toBe("webp");
    // Neither process kept it on its own disk.
    expect(existsSync(path.join(dataDirs.a, "files"))).toBe(false);
    expect(existsSync(path.join(dataDirs.b, "files"))).toBe(false);
  });

  it("serves through one each kind of file the back-office uploads through the other", async () => {
    const direction = await remoteStaffSignIn(a, DEMO_STAFF.direction, DEMO_STAFF_PASSWORD);
    const student = await signIn(b, DEMO_STUDENTS.first);
    /** A new record answers 201; a photo or poster set on an existing one, 200. */
    const created = async (response: Response, status = 201) => {
      expect(response.status).toBe(status);
      return (await response.json()) as { id: number };
    };
    const image = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#1e8449" } })
      .jpeg()
      .toBuffer();

    /** A PDF published through A with `fields`: its id and bytes. */
    const publishPdf = async (url: string, fields: Record<string, string>) => {
      const bytes = await realPdf(fields.titre);
      const { id } = await created(
        await direction.upload(url, { description: "", ...fields }, { name: "document.pdf", bytes }),
      );
      return { id, bytes };
    };

    // A planning for the student's centre (Ain Sebaa).
    const { centres } = (await (await direction.get("/api/gestion/plannings/choix")).json()) as {
      centres: { id: number; nom: string }[];
    };
    const planning = await publishPdf("/api/gestion/plannings", {
      titre: "Planning partagé",
      centre_id: String(centres.find((c) => c.nom === "Ain Sebaa")?.id),
      option_id: "",
      semaine_debut: "2026-11-30",
      semaine_fin: "2026-12-06",
      actif: "true",
    });
    const plannings = await studentData<{ id: number; fichier_url: string }[]>(b, student, "/api/planifications");
    const planningUrl = plannings.find((p) => p.id === planning.id)?.fichier_url ?? "";
    expect((await studentFile(b, student, planningUrl)).equals(planning.bytes)).toBe(true);

    // A course document, in the first subject that has levels.
    const { matieres } = (await (await direction.get("/api/gestion/supports/matieres")).json()) as {
      matieres: { id: number; niveaux: { id: number }[] }[];
    };
    const subject = matieres.find((m) => m.niveaux.length > 0);
    const level = subject?.niveaux[0]?.id ?? 0;
    const course = await publishPdf("/api/gestion/supports/documents", {
      titre: "Cours partagé",
      matiere_id: String(subject?.id),
      niveau_id: String(level),
      mois: "11",
      annee: "2026",
    });
    const documents = await studentData<{ cours_par_niveau: Record<string, { id: number; fichier_path: string }[]> }>(
      b,
      student,
      "/api/documents",
    );
    const coursePath = documents.cours_par_niveau[String(level)]?.find((d) => d.id === course.id)?.fichier_path ?? "";
    expect((await studentFile(b, student, courseUrl(coursePath))).equals(course.bytes)).toBe(true);

    // An orientation guide.
    const guide = await publishPdf("/api/gestion/orientation", { titre: "Guide partagé" });
    const guides = await studentData<{ id: number; fichier_url: string }[]>(b, student, "/api/orientations");
    const guideUrl = guides.find((g) => g.id === guide.id)?.fichier_url ?? "";
    expect((await studentFile(b, student, guideUrl)).equals(guide.bytes)).toBe(true);

    // Images are re-encoded on upload: each process serves the same stored WebP.
    const [notification] = await studentData<{ id: number }[]>(b, student, "/api/notifications");
    const [event] = await studentData<{ id: number }[]>(b, student, "/api/parascolaires");
    for (const [uploadUrl, field, readUrl] of [
      [`/api/gestion/notifications/${notification?.id}/photo`, "photo", `/api/notifications/${notification?.id}/photo`],
      [`/api/gestion/parascolaire/${event?.id}/affiche`, "affiche", `/api/parascolaires/${event?.id}/affiche`],
    ] as const) {
      await created(
        await direction.upload(uploadUrl, {}, { field, name: "image.jpeg", bytes: image, type: "image/jpeg" }),
        200,
      );
      const fromB = await studentFile(b, student, readUrl);
      expect((await sharp(fromB).metadata()).format).toBe("webp");
      expect(fromB.equals(await studentFile(a, student, readUrl))).toBe(true);
    }
    // A student import previewed through one is confirmed through the other (the preview waits in the database).
    const csv = `${IMPORT_HEADER}\r\nTazi,Salma,salma.tazi@example.com,,,,Ain Sebaa,,`;
    const csvFile = { bytes: csv, type: "text/csv", name: "etudiants.csv" };
    const preview = await direction.upload("/api/gestion/etudiants/import/preview", {}, csvFile);
    expect(preview.status).toBe(200);
    const { import_id } = (await preview.json()) as { import_id: string };
    const confirm = await direction.post(`/api/gestion/etudiants/import/${import_id}/confirm`, {}, b);
    expect(confirm.status).toBe(200);
    expect(await confirm.json()).toMatchObject({ created: 1, errors: 0 });
    const again = await direction.upload("/api/gestion/etudiants/import/preview", {}, csvFile, b);
    expect(((await again.json()) as { counts: unknown }).counts).toEqual({
      nouveau: 0,
      mis_a_jour: 0,
      inchange: 1,
      erreur: 0,
    });

    // Neither process kept any of them on its own disk.
    expect(existsSync(path.join(dataDirs.a, "files"))).toBe(false);
    expect(existsSync(path.join(dataDirs.b, "files"))).toBe(false);
  });

  it("keeps through the other a login lockout made through one", async () => {
    for (let i = 0; i < 4; i++) {
      const failed = await postLogin(a, DEMO_STUDENTS.second, "PasLeBonMotDePasse", await solvedCaptcha(a));
      expect(failed.status).toBe(401);
    }
    const fifth = await postLogin(a, DEMO_STUDENTS.second, "PasLeBonMotDePasse", await solvedCaptcha(a));
    expect(fifth.status).toBe(429);

    const onB = await postLogin(b, DEMO_STUDENTS.second, DEMO_PASSWORD, await solvedCaptcha(b));
    expect(onB.status).toBe(429);
    expect(onB.body).toEqual({ message: "Trop de tentatives de connexion", retry_after: expect.any(Number) });
    expect(onB.body.retry_after).toBeGreaterThan(0);
  });

  it("refuses on one a captcha payload already spent on the other", async () => {
    const payload = await solvedCaptcha(b);
    expect((await postLogin(a, DEMO_STUDENTS.first, DEMO_PASSWORD, payload)).status).toBe(200);
    const replay = await postLogin(b, DEMO_STUDENTS.first, DEMO_PASSWORD, payload);
    expect(replay.status).toBe(422);
    expect(replay.body.errors).toEqual({ recaptcha_token: [MESSAGES.login.captchaFailed] });
  });

  it("sends each queued e-mail exactly once while both processes poll the outbox", async () => {
    const messages = ["Message déposé sur le processus A.", "Message déposé sur le processus B."];
    for (const [server, message] of [
      [a, messages[0]],
      [b, messages[1]],
    ] as const) {
      const response = await fetch(`${server.url}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          nom: "Salma Bennani",
          email: "salma.parent@example.com",
          telephone: "+212 6 12 34 56 78",
          sujet: "Inscription Selectividad",
          message,
          recaptcha_token: await solvedCaptcha(server),
        }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ message: CONTACT_MESSAGES.sent });
    }
    // A process sends a message only after claiming it, and each claim counts an attempt: once
    // both rows are sent after one attempt each, no process can send either of them again.
    const outbox = await waitUntil(
      () =>
        onPostgres(
          async (client) =>
            (
              await client.query<{ status: string; attempts: number }>(
                "select status, attempts from mail_outbox where to_address = $1 order by id",
                [ACADEMY],
              )
            ).rows,
          databaseUrl(databaseName),
        ),
      (rows) => rows.length === 2 && rows.every((row) => row.status === "sent"),
      "both messages marked sent in the shared outbox",
    );
    expect(outbox.map((row) => row.attempts)).toEqual([1, 1]);
    const received = await waitUntil(
      () => smtp?.to(ACADEMY) ?? [],
      (mails) => mails.length >= 2,
      "both messages at the SMTP server",
    );
    const bodies = received.map((mail) => mail.email.text ?? "");
    expect(bodies).toHaveLength(2);
    for (const message of messages) expect(bodies.filter((text) => text.includes(message))).toHaveLength(1);
  });
});
