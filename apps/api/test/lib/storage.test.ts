import { existsSync, readdirSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentDisposition } from "../../src/lib/file-download.ts";
import {
  createStorageFromConfig,
  type FileStorage,
  InvalidStorageKeyError,
  isValidStorageKey,
  StoredFileMissingError,
  sha256Of,
} from "../../src/lib/storage/index.ts";
import { createTestApp, type TestApp } from "../support/app.ts";

let t: TestApp;
let storage: FileStorage;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  storage = createStorageFromConfig(t.database.db, t.config.dataDir);
});
afterAll(async () => t.close());

const text = async (stream: AsyncIterable<unknown>) => {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts).toString("utf8");
};

describe("file storage (local disk + stored_files)", () => {
  it("stores bytes under DATA_DIR/files with their metadata, reads, streams and removes them", async () => {
    const bytes = Buffer.from("%PDF-1.7 bonjour");
    const saved = await storage.save("tests", bytes, "application/pdf", "Planning été.pdf");
    expect(saved.key).toMatch(/^tests\/[0-9a-f-]{36}\.pdf$/);
    expect(saved).toMatchObject({ originalName: "Planning été.pdf", contentType: "application/pdf", sizeBytes: 16 });
    expect(saved.sha256).toBe(sha256Of(bytes));
    expect(existsSync(path.join(t.config.dataDir, "files", saved.key))).toBe(true);

    expect(await storage.stat(saved.key)).toEqual(saved);
    expect((await storage.read(saved.key)).equals(bytes)).toBe(true);
    expect(await text(await storage.stream(saved.key))).toBe("%PDF-1.7 bonjour");
    expect(await text(await storage.stream(saved.key, { start: 0, end: 4 }))).toBe("%PDF-");

    await storage.remove(saved.key);
    expect(await storage.stat(saved.key)).toBeNull();
    await expect(storage.read(saved.key)).rejects.toBeInstanceOf(StoredFileMissingError);
    await expect(storage.stream(saved.key)).rejects.toBeInstanceOf(StoredFileMissingError);
    await storage.remove(saved.key); // removing twice is fine
  });

  it("replaces a file put again under the same key, leaving no temporary file behind", async () => {
    await storage.put("profile-photos/abc.webp", Buffer.from("one"), "image/webp");
    const second = await storage.put("profile-photos/abc.webp", Buffer.from("second"), "image/webp");
    expect(second.sizeBytes).toBe(6);
    expect((await storage.read("profile-photos/abc.webp")).toString()).toBe("second");
    expect(readdirSync(path.join(t.config.dataDir, "files", "profile-photos"))).toEqual(["abc.webp"]);
  });

  it("refuses keys that could leave the storage root or were not made by the server", async () => {
    for (const key of ["../app-secret", "a/../../x", "/etc/passwd", "a//b", "A/B", "a\\b", "", ".", "x/..", "é"]) {
      expect(isValidStorageKey(key), key).toBe(false);
      await expect(storage.read(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.put(key, Buffer.from("x"), "text/plain")).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    await writeFile(path.join(t.config.dataDir, "outside.txt"), "secret");
    await expect(storage.read("../outside.txt")).rejects.toThrow();
  });

  it("writes RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name", () => {
    expect(contentDisposition("attachment", 'Planning "été" 2025.pdf')).toBe(
      `attachment; filename="Planning _ete_ 2025.pdf"; filename*=UTF-8''Planning%20%22%C3%A9t%C3%A9%22%202025.pdf`,
    );
    expect(contentDisposition("inline", "été")).toBe(`inline; filename="ete"; filename*=UTF-8''%C3%A9t%C3%A9`);
  });
});
