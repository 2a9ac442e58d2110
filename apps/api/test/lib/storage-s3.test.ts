import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import {
  createStorageFromConfig,
  type FileStorage,
  StoredFileMissingError,
  sha256Of,
} from "../../src/lib/storage/index.ts";
import { createS3Driver } from "../../src/lib/storage/s3.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { S3_BUCKET, startS3Server } from "../support/s3-server.ts";

let s3: Awaited<ReturnType<typeof startS3Server>>;
let t: TestApp;
let storage: FileStorage;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ seed: false, env: s3.env });
  storage = createStorageFromConfig(t.database.db, t.config.dataDir, t.config.storage);
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

const text = async (stream: AsyncIterable<unknown>) => {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts).toString("utf8");
};

describe("S3-compatible storage (s3rver)", () => {
  it("stores bytes in the bucket, not on the local disk, and reads, streams, ranges and removes them", async () => {
    const bytes = Buffer.from("%PDF-1.7 bonjour depuis le compartiment");
    const saved = await storage.save("tests", bytes, "application/pdf", "Planning.pdf");
    expect(saved).toMatchObject({ contentType: "application/pdf", sizeBytes: bytes.length, sha256: sha256Of(bytes) });
    expect(existsSync(path.join(t.config.dataDir, "files", saved.key))).toBe(false);

    // Straight from the bucket, as any other S3 client sees it.
    const direct = await fetch(`${s3.endpoint}/${S3_BUCKET}/${saved.key}`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await direct.arrayBuffer()).equals(bytes)).toBe(true);

    expect((await storage.read(saved.key)).equals(bytes)).toBe(true);
    expect(await text(await storage.stream(saved.key))).toBe(bytes.toString());
    expect(await text(await storage.stream(saved.key, { start: 0, end: 4 }))).toBe("%PDF-");
    expect(await text(await storage.stream(saved.key, { start: 9, end: 15 }))).toBe("bonjour");

    await storage.remove(saved.key);
    expect(await storage.stat(saved.key)).toBeNull();
    expect((await fetch(`${s3.endpoint}/${S3_BUCKET}/${saved.key}`)).status).toBe(404);
    await storage.remove(saved.key); // removing twice is fine
  });

  it("gives sizes, and StoredFileMissingError (never an SDK error) for an object that is not there", async () => {
    const driver = createS3Driver({ ...(t.config.storage as Extract<typeof t.config.storage, { kind: "s3" }>) });
    await driver.put("tests/size.txt", Buffer.from("douze octets"), "text/plain");
    expect(await driver.size("tests/size.txt")).toBe(12);
    expect(await driver.size("tests/absent.txt")).toBeNull();
    await expect(driver.read("tests/absent.txt")).rejects.toBeInstanceOf(StoredFileMissingError);
    await expect(driver.stream("tests/absent.txt")).rejects.toBeInstanceOf(StoredFileMissingError);
    await expect(driver.stream("tests/absent.txt", { start: 0, end: 3 })).rejects.toBeInstanceOf(
      StoredFileMissingError,
    );
  });

  it("keeps a prefix's objects under it, and replaces an object put again", async () => {
    const driver = createS3Driver({
      ...(t.config.storage as Extract<typeof t.config.storage, { kind: "s3" }>),
      prefix: "ecole-a/",
    });
    await driver.put("profile-photos/abc.webp", Buffer.from("one"), "image/webp");
    await driver.put("profile-photos/abc.webp", Buffer.from("second"), "image/webp");
    expect((await driver.read("profile-photos/abc.webp")).toString()).toBe("second");
    expect((await fetch(`${s3.endpoint}/${S3_BUCKET}/ecole-a/profile-photos/abc.webp`)).status).toBe(200);
    expect((await fetch(`${s3.endpoint}/${S3_BUCKET}/profile-photos/abc.webp`)).status).toBe(404);
  });
});

describe("STORAGE_URL", () => {
  const configError = (value: string) => {
    try {
      loadConfig({ DATA_DIR: t.config.dataDir, STORAGE_URL: value });
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error(`no error for ${value}`);
  };

  it("keeps the local disk by default and reads an s3:// address", () => {
    expect(loadConfig({ DATA_DIR: t.config.dataDir }).storage).toEqual({ kind: "local" });
    expect(
      loadConfig({
        DATA_DIR: t.config.dataDir,
        STORAGE_URL: "s3://puerta-fichiers/ecole?endpoint=https://s3.fr-par.scw.cloud&region=fr-par",
      }).storage,
    ).toEqual({
      kind: "s3",
      bucket: "puerta-fichiers",
      prefix: "ecole/",
      region: "fr-par",
      endpoint: "https://s3.fr-par.scw.cloud",
      forcePathStyle: false,
      timeouts: { connectMs: 3_000, requestMs: 10_000 },
    });
    expect(
      loadConfig({ DATA_DIR: t.config.dataDir, STORAGE_URL: "s3://puerta-fichiers", AWS_REGION: "eu-west-3" }).storage,
    ).toMatchObject({ region: "eu-west-3", endpoint: undefined, prefix: "" });
  });

  it("stops start-up on a malformed value with a French message naming it", () => {
    expect(configError("ftp://fichiers")).toBe(
      "Configuration invalide :\n  STORAGE_URL: seul le schéma s3:// est pris en charge",
    );
    expect(configError("s3://A_B")).toContain("STORAGE_URL: nom de compartiment invalide");
    expect(configError("s3://puerta?endpoint=localhost:9000")).toContain(
      "STORAGE_URL: endpoint doit être une adresse http:// ou https://",
    );
    expect(configError("s3://puerta?regoin=eu-west-3")).toContain("STORAGE_URL: option inconnue « regoin »");
    expect(configError("s3://puerta?force_path_style=oui")).toContain("STORAGE_URL: force_path_style vaut 0 ou 1");
    const withSecret = configError("s3://AKIA:secret@puerta");
    expect(withSecret).toContain("STORAGE_URL: pas d'identifiants dans l'adresse");
    expect(withSecret).not.toContain("secret@");
  });
});
