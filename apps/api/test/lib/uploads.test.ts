import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import { UPLOAD_TEXT } from "@puerta/contract";
import { count, eq } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orientationDocuments, storedFiles } from "../../src/db/schema/index.ts";
import { registerErrorHandler } from "../../src/lib/errors.ts";
import { createFileStorage, type FileStorage, type StorageDriver } from "../../src/lib/storage/index.ts";
import { createLocalDiskDriver } from "../../src/lib/storage/local-disk.ts";
import {
  checkImage,
  checkPdf,
  displayFileName,
  readMultipart,
  registerMultipart,
  requireOneFile,
  storeFileWithRow,
} from "../../src/lib/uploads/index.ts";
import { createTestApp, type TestApp } from "../support/app.ts";

/** A multipart body as a browser's FormData sends it. */
async function multipart(files: { field?: string; name: string; type: string; bytes: Buffer }[], fields = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  for (const file of files)
    form.append(file.field ?? "file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get("content-type") ?? "" };
}

async function realPdf(pages = 1): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let i = 0; i < pages; i++) document.addPage().drawText(`Page ${i + 1}`);
  return Buffer.from(await document.save());
}

/** A tiny PNG whose header claims `width` × `height` (CRC recomputed so the header is valid). */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: "red" } })
    .png()
    .toBuffer();
  // IHDR: length (4) type (4) at offset 8, data from 16: width, height; CRC after 13 data bytes.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

/** An EXE's first bytes (MZ header, DOS stub). */
const exe = Buffer.concat([
  Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff", "latin1"),
  Buffer.alloc(512, 7),
]);

let t: TestApp;
let app: FastifyInstance;
let storage: FileStorage;
let filesDir: string;
/** The real local-disk driver; a test may make its next write fail after the bytes landed. */
let failNextPut: "before" | "after" | null = null;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  filesDir = path.join(t.config.dataDir, "upload-test-files");
  const disk = createLocalDiskDriver(filesDir);
  const driver: StorageDriver = {
    ...disk,
    async put(key, bytes, contentType) {
      const failure = failNextPut;
      failNextPut = null;
      if (failure === "before") throw new Error("disque plein");
      await disk.put(key, bytes, contentType);
      if (failure === "after") throw new Error("connexion perdue après l'écriture");
    },
  };
  const db = t.database.db;
  storage = createFileStorage({ db, driver });

  app = Fastify();
  registerErrorHandler(app);
  await app.register(async (scope) => {
    await registerMultipart(scope);
    scope.post("/pdf", async (request) => {
      const form = await readMultipart(request, {
        fileField: "file",
        maxFileBytes: 20 * 1024 * 1024,
        tooLargeMessage: UPLOAD_TEXT.pdfTooLarge,
      });
      const file = requireOneFile(form, "file");
      const checked = await checkPdf(file.bytes);
      const downloadName = displayFileName(file.clientName, "document.pdf", ".pdf");
      return storeFileWithRow({ db, storage }, { prefix: "tests", file: checked, downloadName }, async (tx, stored) => {
        const [row] = await tx
          .insert(orientationDocuments)
          .values({
            titre: form.fields.titre ?? "Sans titre",
            fileName: form.fields.file_name ?? stored.key.slice(6),
            fileKey: stored.key,
          })
          .returning({ id: orientationDocuments.id });
        return { id: row?.id, key: stored.key, name: stored.originalName };
      });
    });
  });
  await app.register(async (scope) => {
    await registerMultipart(scope);
    scope.post("/image", async (request, reply) => {
      const form = await readMultipart(request, {
        fileField: "affiche",
        maxFileBytes: 8 * 1024 * 1024,
        tooLargeMessage: UPLOAD_TEXT.imageTooLarge,
      });
      const checked = await checkImage(requireOneFile(form, "affiche").bytes, { field: "affiche" });
      return reply.header("content-type", checked.contentType).send(checked.bytes);
    });
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});
beforeEach(() => {
  failNextPut = null;
});

const post = async (url: string, body: Awaited<ReturnType<typeof multipart>>) =>
  app.inject({ method: "POST", url, headers: { "content-type": body.contentType }, payload: body.payload });

const storedKeys = () => (existsSync(path.join(filesDir, "tests")) ? readdirSync(path.join(filesDir, "tests")) : []);
const rows = async () => {
  const [docs] = await t.database.db.select({ n: count() }).from(orientationDocuments);
  const [files] = await t.database.db.select({ n: count() }).from(storedFiles);
  return { docs: docs?.n ?? 0, files: files?.n ?? 0 };
};

describe("PDF uploads", () => {
  it("stores a real PDF under a generated key with its row", async () => {
    const response = await post(
      "/pdf",
      await multipart([{ name: "Planning S1.pdf", type: "application/pdf", bytes: await realPdf(2) }], { titre: "S1" }),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.key).toMatch(/^tests\/[0-9a-f-]{36}\.pdf$/);
    expect(body.name).toBe("Planning S1.pdf");
    expect(storedKeys()).toContain(body.key.slice(6));
    const [row] = await t.database.db.select().from(orientationDocuments).where(eq(orientationDocuments.id, body.id));
    expect(row?.fileKey).toBe(body.key);
  });

  it("refuses an EXE named .pdf with a French 422, leaving nothing", async () => {
    const before = { ...(await rows()), keys: storedKeys().length };
    const response = await post("/pdf", await multipart([{ name: "cours.pdf", type: "application/pdf", bytes: exe }]));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: UPLOAD_TEXT.pdfInvalid, errors: { file: [UPLOAD_TEXT.pdfInvalid] } });
    expect({ ...(await rows()), keys: storedKeys().length }).toEqual(before);
  });

  it("refuses a file that starts like a PDF but does not parse", async () => {
    const response = await post(
      "/pdf",
      await multipart([{ name: "faux.pdf", type: "application/pdf", bytes: Buffer.from("%PDF-1.7\nrien d'autre") }]),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toEqual([UPLOAD_TEXT.pdfInvalid]);
  });

  it("refuses a PDF over 20 MB while streaming", async () => {
    const big = Buffer.concat([await realPdf(), Buffer.alloc(20 * 1024 * 1024 + 10, 0x20)]);
    const response = await post("/pdf", await multipart([{ name: "gros.pdf", type: "application/pdf", bytes: big }]));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toEqual([UPLOAD_TEXT.pdfTooLarge]);
    expect(await checkPdf(big).catch((e) => e.body.errors.file)).toEqual([UPLOAD_TEXT.pdfTooLarge]);
  });

  it("refuses a request without a file, and a second file", async () => {
    const none = await post("/pdf", await multipart([], { titre: "rien" }));
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.file).toEqual([UPLOAD_TEXT.missing]);
    const pdf = await realPdf();
    const two = await post(
      "/pdf",
      await multipart([
        { name: "a.pdf", type: "application/pdf", bytes: pdf },
        { name: "b.pdf", type: "application/pdf", bytes: pdf },
      ]),
    );
    expect(two.statusCode).toBe(413);
  });

  it.each(["../../../etc/passwd.pdf", "..\\..\\windows\\evil.pdf", "/tmp/x/../../abs.pdf"])(
    "never uses the file name %s as a key or a path",
    async (name) => {
      const response = await post("/pdf", await multipart([{ name, type: "application/pdf", bytes: await realPdf() }]));
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.key).toMatch(/^tests\/[0-9a-f-]{36}\.pdf$/);
      expect(body.name).not.toMatch(/[\\/]/);
      expect(body.name).not.toMatch(/^\./);
      expect(existsSync(path.join(filesDir, body.key))).toBe(true);
      expect(existsSync(path.join(t.config.dataDir, "etc"))).toBe(false);
      expect(existsSync("/tmp/abs.pdf")).toBe(false);
    },
  );

  it("leaves no file and no row when the storage write fails, before or after the bytes land", async () => {
    for (const failure of ["before", "after"] as const) {
      const before = { ...(await rows()), keys: [...storedKeys()].sort() };
      failNextPut = failure;
      const response = await post(
        "/pdf",
        await multipart([{ name: "a.pdf", type: "application/pdf", bytes: await realPdf() }]),
      );
      expect(response.statusCode).toBe(500);
      expect({ ...(await rows()), keys: [...storedKeys()].sort() }).toEqual(before);
    }
  });

  it("leaves no file when the row cannot be written", async () => {
    const bytes = await realPdf();
    const first = await post(
      "/pdf",
      await multipart([{ name: "a.pdf", type: "application/pdf", bytes }], { file_name: "meme-nom.pdf" }),
    );
    expect(first.statusCode).toBe(200);
    const before = { ...(await rows()), keys: [...storedKeys()].sort() };
    // The same public file name breaks a unique index: the insert fails inside the transaction.
    const second = await post(
      "/pdf",
      await multipart([{ name: "b.pdf", type: "application/pdf", bytes }], { file_name: "meme-nom.pdf" }),
    );
    expect(second.statusCode).toBe(500);
    expect({ ...(await rows()), keys: [...storedKeys()].sort() }).toEqual(before);
  });
});

describe("image uploads", () => {
  it("re-encodes a JPEG as WebP without its EXIF and GPS", async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "blue" } })
      .jpeg()
      .withExif({
        IFD0: { Make: "Puerta", Copyright: "secret" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "33/1 35/1 0/1" },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const response = await post(
      "/image",
      await multipart([{ field: "affiche", name: "photo.jpg", type: "image/jpeg", bytes: jpeg }]),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    expect(response.rawPayload.includes(Buffer.from("Puerta"))).toBe(false);
  });

  it("refuses a decompression bomb from its header, before decoding", async () => {
    const bomb = await pngDeclaring(30_000, 30_000);
    expect(bomb.length).toBeLessThan(200);
    const response = await post(
      "/image",
      await multipart([{ field: "affiche", name: "bombe.png", type: "image/png", bytes: bomb }]),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.affiche).toEqual([UPLOAD_TEXT.imageTooManyPixels]);
  });

  it("refuses an EXE named .png, an SVG and an image over 8 MB", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [bytes, message] of [
      [exe, UPLOAD_TEXT.imageInvalid],
      [svg, UPLOAD_TEXT.imageInvalid],
      [Buffer.alloc(8 * 1024 * 1024 + 1, 1), UPLOAD_TEXT.imageTooLarge],
    ] as const) {
      const response = await post(
        "/image",
        await multipart([{ field: "affiche", name: "image.png", type: "image/png", bytes }]),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.affiche).toEqual([message]);
    }
  });

  it("refuses a file sent under another field name", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "red" } })
      .png()
      .toBuffer();
    const response = await post(
      "/image",
      await multipart([{ field: "autre", name: "a.png", type: "image/png", bytes: png }]),
    );
    expect(response.statusCode).toBe(422);
  });
});

describe("displayFileName", () => {
  it("keeps the last segment, drops control and reserved characters, falls back", () => {
    expect(displayFileName("../../a/b/Cours été.pdf", "x.pdf", ".pdf")).toBe("Cours été.pdf");
    expect(displayFileName("C:\\Users\\x\\plan\u0000ning.pdf", "x.pdf", ".pdf")).toBe("planning.pdf");
    expect(displayFileName("..", "document.pdf", ".pdf")).toBe("document.pdf");
    expect(displayFileName("rapport", "document.pdf", ".pdf")).toBe("rapport.pdf");
  });
});
