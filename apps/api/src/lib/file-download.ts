import type { FastifyReply, FastifyRequest } from "fastify";
import { caller } from "./auth-guard.ts";
import { notFound } from "./errors.ts";
import { type FileStorage, StoredFileMissingError } from "./storage/index.ts";

/** What an authorised download resolves to: a storage key and the name offered to the browser. */
export type DownloadTarget = { key: string; downloadName: string };

/** The shape of a public file name in a download URL; anything else is unknown (404). */
const PUBLIC_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export const FILE_NOT_FOUND = "Fichier introuvable.";

const PDF_MAGIC = Buffer.from("%PDF-");

/**
 * RFC 6266 / RFC 8187: an ASCII fallback for old clients, and the exact UTF-8 name in filename*.
 */
export function contentDisposition(kind: "attachment" | "inline", name: string): string {
  const fallback =
    name
      .normalize("NFKD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\%;]/g, "_")
      .trim() || "fichier";
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

async function startsWithPdfMagic(storage: FileStorage, key: string): Promise<boolean> {
  const head: Buffer[] = [];
  for await (const chunk of await storage.stream(key, { start: 0, end: PDF_MAGIC.length - 1 }))
    head.push(chunk as Buffer);
  return Buffer.concat(head).subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);
}

/**
 * Streams a stored file with safe headers. The content type comes from the metadata, except
 * that nothing is ever called application/pdf unless its bytes start with the PDF signature:
 * such a file goes out as application/octet-stream (and the web's PDF check refuses it).
 */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: FileStorage,
  target: DownloadTarget,
  disposition: "attachment" | "inline" = "attachment",
) {
  const meta = await storage.stat(target.key);
  if (!meta) throw notFound(FILE_NOT_FOUND);
  try {
    let contentType = meta.contentType;
    if (contentType === "application/pdf" && !(await startsWithPdfMagic(storage, target.key))) {
      reply.log.warn({ key: target.key }, "stored PDF without PDF signature served as octet-stream");
      contentType = "application/octet-stream";
    }
    const body = await storage.stream(target.key);
    return reply
      .header("Content-Type", contentType)
      .header("Content-Disposition", contentDisposition(disposition, target.downloadName))
      .header("X-Content-Type-Options", "nosniff")
      .header("Cache-Control", "private, no-store")
      .send(body);
  } catch (error) {
    // Metadata without bytes (a removed file): the same 404 as an unknown name, no path.
    if (error instanceof StoredFileMissingError) {
      reply.log.warn({ key: target.key }, "stored file missing");
      throw notFound(FILE_NOT_FOUND);
    }
    throw error;
  }
}

/**
 * The handler of a `…/:filename` download route (the module declares the route in its scope):
 * the name is checked against a strict pattern, then looked up by `resolve` (which applies the
 * caller's rights and returns null for anything the caller may not have), then streamed. A
 * name is never joined onto a path.
 */
export function fileDownloadHandler(
  storage: FileStorage,
  resolve: (userId: number, filename: string) => Promise<DownloadTarget | null>,
) {
  return async (request: FastifyRequest<{ Params: { filename: string } }>, reply: FastifyReply) => {
    const { filename } = request.params;
    if (!PUBLIC_FILE_NAME.test(filename)) throw notFound(FILE_NOT_FOUND);
    const target = await resolve(caller(request).userId, filename);
    if (!target) throw notFound(FILE_NOT_FOUND);
    return sendStoredFile(reply, storage, target);
  };
}
