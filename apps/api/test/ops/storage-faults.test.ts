/**
 * File storage faults: the S3-compatible bucket down (a real s3rver, stopped), the disk full (a
 * real tmpfs of 1 MB under DATA_DIR, filled up: mounting it needs root, as CI has), and the
 * half-written files a crash leaves, removed when a real server process starts.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, queryRows, solveCaptcha, type TestApp } from "../support/app.ts";
import { acceptCurrentPolicy, createAccessToken, createStudent } from "../support/factories.ts";
import { startServer } from "../support/processes.ts";
import { startS3Server } from "../support/s3-server.ts";

const RETRY_MESSAGE = "Service momentanément indisponible : réessayez dans un instant.";
const FULL_MESSAGE =
  "L'espace de stockage du serveur est plein : rien n'a été enregistré. Réessayez plus tard ou prévenez l'administration.";

const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: "#2471a3" } })
    .png()
    .toBuffer();

/** POST /api/profile/photo as the student's browser sends it. */
async function uploadPhoto(t: TestApp, token: string) {
  const form = new FormData();
  form.append("photo", new Blob([new Uint8Array(await photo())], { type: "image/png" }), "moi.png");
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return t.app.inject({
    method: "POST",
    url: "/api/profile/photo",
    headers: { ...bearer(token), "content-type": request.headers.get("content-type") ?? "" },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

/** A student past the policy gate (which guards the profile photo), with a bearer token. */
async function studentToken(t: TestApp) {
  const student = await createStudent(t.database.db);
  await acceptCurrentPolicy(t.database.db, student.userId);
  return createAccessToken(t.database.db, student.userId);
}

/** Every file under `folder` whose name matches `pattern`. */
const filesUnder = (folder: string, pattern: RegExp) =>
  existsSync(folder) ? readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((f) => pattern.test(f)) : [];

describe("S3-compatible storage down", () => {
  it("answers an upload 503 with Retry-After and a French message, as /readyz says 503", async () => {
    const s3 = await startS3Server();
    const t = await createTestApp({ seed: false, env: s3.env });
    try {
      const token = await studentToken(t);
      expect((await uploadPhoto(t, token)).statusCode).toBe(200);

      await s3.stop();
      const refused = await uploadPhoto(t, token);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
      expect(refused.json()).toEqual({ message: RETRY_MESSAGE });
      // The photo stored before is out of reach too: 503, not a 500 or a missing file.
      const read = await t.app.inject({ method: "GET", url: "/api/profile/photo", headers: bearer(token) });
      expect(read.statusCode).toBe(503);
      expect(read.json()).toEqual({ message: RETRY_MESSAGE });
      expect((await t.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(503);
    } finally {
      await t.close();
    }
  }, 60_000);
});

/**
 * A relay in front of s3rver that can freeze, as a storage that hangs does: from then on every
 * connection, open or new, is accepted and kept, and nothing more comes back on it.
 */
async function startFreezingRelay(target: URL) {
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (frozen) return;
    const upstream = net.connect(Number(target.port), target.hostname);
    track(upstream);
    client.on("data", (chunk) => frozen || upstream.write(chunk));
    upstream.on("data", (chunk) => frozen || client.write(chunk));
    client.once("close", () => upstream.destroy());
    upstream.once("close", () => frozen || client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    freeze() {
      frozen = true;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe("S3-compatible storage frozen (accepts, never answers)", () => {
  it("answers an upload and a download 503 with Retry-After within the storage's timeout", async () => {
    const s3 = await startS3Server();
    const relay = await startFreezingRelay(new URL(s3.endpoint));
    const timeoutMs = 1_000;
    const t = await createTestApp({
      seed: false,
      env: {
        ...s3.env,
        STORAGE_URL: s3.env.STORAGE_URL.replace(encodeURIComponent(s3.endpoint), encodeURIComponent(relay.endpoint)),
        STORAGE_CONNECT_TIMEOUT_MS: String(timeoutMs),
        STORAGE_REQUEST_TIMEOUT_MS: String(timeoutMs),
      },
    });
    try {
      const token = await studentToken(t);
      expect((await uploadPhoto(t, token)).statusCode).toBe(200);

      relay.freeze();
      const timed = async <T>(work: () => Promise<T>) => {
        const started = Date.now();
        const result = await work();
        return { result, ms: Date.now() - started };
      };
      const upload = await timed(() => uploadPhoto(t, token));
      expect(upload.result.statusCode).toBe(503);
      expect(upload.result.headers["retry-after"]).toMatch(/^\d+$/);
      expect(upload.result.json()).toEqual({ message: RETRY_MESSAGE });
      const download = await timed(() =>
        t.app.inject({ method: "GET", url: "/api/profile/photo", headers: bearer(token) }),
      );
      expect(download.result.statusCode).toBe(503);
      expect(download.result.headers["retry-after"]).toMatch(/^\d+$/);
      expect(download.result.json()).toEqual({ message: RETRY_MESSAGE });
      // The timeout, once: not the SDK's three attempts, each as long as the kernel waits.
      for (const { ms } of [upload, download]) expect(ms).toBeLessThan(timeoutMs * 3);
    } finally {
      await t.close();
      await relay.stop();
      await s3.stop();
    }
  }, 60_000);
});

describe("disk full", () => {
  const scratch = mkdtempSync(path.join(tmpdir(), "puerta-disque-plein-"));
  let mounted = false;
  afterAll(() => {
    if (mounted) execFileSync("umount", [scratch]);
    rmSync(scratch, { recursive: true, force: true });
  });

  it("answers an upload 507 in French and an e-mail waits, leaving no half-written file", async () => {
    // A real small file system (needs root, as on CI), so that the kernel itself says ENOSPC.
    try {
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", scratch], { stdio: "pipe" });
    } catch (error) {
      throw new Error(`a full disk is simulated with a 1 MB tmpfs, which needs root (as on CI): ${error}`);
    }
    mounted = true;
    const dataDir = path.join(scratch, "data");
    mkdirSync(path.join(dataDir, "mail"), { recursive: true });
    const t = await createTestApp({
      seed: false,
      env: { DATA_DIR: dataDir, MAIL_POLL_MS: "50", CONTACT_EMAIL: "accueil@academie.example" },
    });
    try {
      const token = await studentToken(t);
      // Fills the disk to the last byte.
      const filler = await open(path.join(scratch, "remplissage"), "w");
      try {
        for (;;) await filler.write(Buffer.alloc(16_384));
      } catch (error) {
        expect((error as NodeJS.ErrnoException).code).toBe("ENOSPC");
      } finally {
        await filler.close();
      }

      const refused = await uploadPhoto(t, token);
      expect(refused.statusCode).toBe(507);
      expect(refused.json()).toEqual({ message: FULL_MESSAGE });
      expect(filesUnder(path.join(dataDir, "files"), /./).filter((f) => f.endsWith(".tmp"))).toEqual([]);

      // A contact message: accepted (it is in the database), its e-mail to the academy cannot be
      // written as a file yet. It stays in the outbox for a later try, with no .eml.part left.
      const contact = await t.app.inject({
        method: "POST",
        url: "/api/contact",
        payload: {
          nom: "Salma Bennani",
          email: "salma.parent@example.com",
          telephone: "+212 6 12 34 56 78",
          sujet: "Inscription",
          message: "Bonjour, quelles sont les dates ?",
          recaptcha_token: await solveCaptcha(t.app),
        },
      });
      expect(contact.statusCode).toBeLessThan(300);
      const deadline = Date.now() + 10_000;
      for (;;) {
        // attempts counts the claim, made before the write: the try is over once its error is kept.
        const [row] = await queryRows<{ last_error: string | null; status: string }>(
          t,
          sql`select last_error, status from mail_outbox`,
        );
        if (row?.last_error) {
          expect(row.status).toBe("pending");
          expect(row.last_error).toMatch(/ENOSPC/);
          break;
        }
        if (Date.now() > deadline) throw new Error("the outbox never tried the message");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(filesUnder(path.join(dataDir, "mail"), /\.eml/)).toEqual([]);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe("half-written files left by a crash", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "puerta-restes-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("are removed when the server starts; finished files stay", async () => {
    const planted = {
      file: path.join(dataDir, "files/profile-photos/abc.webp.0b7f7c7e-3c1f-4c2e-9d7e-1a2b3c4d5e6f.tmp"),
      mail: path.join(dataDir, "mail/2026-01-01T00-00-00-000Z-message.eml.part"),
    };
    const kept = {
      file: path.join(dataDir, "files/profile-photos/abc.webp"),
      mail: path.join(dataDir, "mail/2026-01-01T00-00-00-000Z-message.eml"),
    };
    for (const file of [...Object.values(planted), ...Object.values(kept)]) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, "");
      utimesSync(file, new Date("2026-01-01"), new Date("2026-01-01"));
    }
    const server = await startServer(dataDir);
    try {
      for (const file of Object.values(planted)) expect(existsSync(file), file).toBe(false);
      for (const file of Object.values(kept)) expect(existsSync(file), file).toBe(true);
      expect(server.output()).toContain("2 fichier(s) à moitié écrit(s) supprimé(s)");
    } finally {
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    }
  }, 120_000);
});
