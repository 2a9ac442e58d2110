import { createHash, randomUUID } from "node:crypto";
import fastifyMultipart from "@fastify/multipart";
import { UPLOAD_LIMITS, UPLOAD_TEXT } from "@puerta/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { validationFailed } from "../errors.ts";
import { takeUploadKey } from "../idempotency.ts";

export type MultipartLimits = {
  /** Bytes of one file; a longer file is cut by the parser and refused with `tooLargeMessage`. */
  maxFileBytes: number;
  /** Files in one request (one per request for the publishing screens). */
  maxFiles?: number;
  /** Text fields in one request. */
  maxFields?: number;
};

/** The largest file any staff route takes (a 20 MB PDF); each route reads with its own limits. */
const SCOPE_LIMITS: MultipartLimits = { maxFileBytes: UPLOAD_LIMITS.pdf.maxBytes, maxFiles: 1, maxFields: 20 };

const busboyLimits = (limits: MultipartLimits) => {
  const files = limits.maxFiles ?? 1;
  const fields = limits.maxFields ?? 20;
  return { fileSize: limits.maxFileBytes, files, fields, parts: files + fields, fieldSize: 8 * 1024 };
};

/**
 * Registers the multipart parser in a scope. The staff scope has it from the start
 * (route-scopes.ts): a module cannot add a plugin to it (it would inherit the student guard of
 * the scope the module runs in), so staff routes just call readMultipart with their limits.
 */
export async function registerMultipart(app: FastifyInstance, limits: MultipartLimits = SCOPE_LIMITS) {
  await app.register(fastifyMultipart, {
    // A file over the limit is cut and drained, then refused by readMultipart with a French 422.
    throwFileSizeLimit: false,
    limits: busboyLimits(limits),
  });
}

/** One file part, in memory. `clientName` is what the browser said: for display only, never a key or path. */
export type ReceivedFile = { field: string; bytes: Buffer; clientName: string };

export type ReceivedForm = { fields: Record<string, string>; files: ReceivedFile[] };

export type ReadOptions = MultipartLimits & {
  /** The only file field accepted (`file`, `affiche`…); files under another name are refused. */
  fileField: string;
  /** The French message of a file over the limit (shown beside the field). */
  tooLargeMessage: string;
};

/**
 * Reads a multipart request: its text fields and its file parts, each streamed into memory up
 * to `maxFileBytes`. The whole body is read even when a file is refused, so that the browser
 * receives the 422 rather than a reset connection. The parts are hashed as they stream (names,
 * values, file names and bytes, not the boundary a retry changes): on an idempotent route the
 * key is taken with that digest once they are read, before the handler uses them (decision 108).
 */
export async function readMultipart(request: FastifyRequest, options: ReadOptions): Promise<ReceivedForm> {
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  const errors: Record<string, string[]> = {};
  const parserOptions = { limits: busboyLimits(options), throwFileSizeLimit: false };
  const parts = request.parts(parserOptions);
  const digest = createHash("sha256");
  for await (const part of parts) {
    if (part.type === "field") {
      digest.update(`${JSON.stringify(["field", part.fieldname, String(part.value)])}\n`);
      if (typeof part.value === "string" && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
      continue;
    }
    const chunks: Buffer[] = [];
    const content = createHash("sha256");
    let size = 0;
    for await (const chunk of part.file) {
      size += (chunk as Buffer).length;
      content.update(chunk as Buffer);
      // Past the limit the rest is read and dropped.
      if (size <= options.maxFileBytes) chunks.push(chunk as Buffer);
    }
    digest.update(
      `${JSON.stringify(["file", part.fieldname, part.filename ?? "", part.mimetype, size, content.digest("hex")])}\n`,
    );
    if (part.fieldname !== options.fileField) {
      errors[part.fieldname] = [UPLOAD_TEXT.tooManyFiles];
      continue;
    }
    if (part.file.truncated || size > options.maxFileBytes) {
      errors[options.fileField] = [options.tooLargeMessage];
      continue;
    }
    files.push({ field: part.fieldname, bytes: Buffer.concat(chunks, size), clientName: part.filename ?? "" });
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  await takeUploadKey(request, digest.digest("hex"));
  return { fields, files };
}

/** The one file of a form, or a 422 on its field when there is none. */
export function requireOneFile(form: ReceivedForm, field: string): ReceivedFile {
  const [file, extra] = form.files;
  if (!file || file.bytes.length === 0) throw validationFailed({ [field]: [UPLOAD_TEXT.missing] });
  if (extra) throw validationFailed({ [field]: [UPLOAD_TEXT.tooManyFiles] });
  return file;
}

/**
 * The text fields of a form checked with a contract schema: the parsed value, or a 422 with
 * each field's French message (the same shape as a JSON body's).
 */
export function parseFormFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join(".") || "body";
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  throw validationFailed(errors);
}

/**
 * A name to show or offer on download, made from what the browser sent: its last path
 * segment, without control or reserved characters, at most 120 characters; `fallback` when
 * nothing is left. Never used as a storage key or a path.
 */
export function displayFileName(clientName: string, fallback: string, extension = ""): string {
  const last = clientName.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  let name = last.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, "").trim();
  name = name.replace(/^\.+/, "").slice(0, 120);
  if (!name) name = fallback;
  if (extension && !name.toLowerCase().endsWith(extension)) name += extension;
  return name;
}

/**
 * A public file name for a download URL (`planning-semaine-1-3f9a1c.pdf`): ASCII letters,
 * digits and dashes from the title, then a random suffix so two titles never collide. It
 * matches lib/file-download.ts's PUBLIC_FILE_NAME; the user's own file name plays no part.
 */
export function publicFileName(title: string, extension: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  const suffix = randomUUID().replaceAll("-", "").slice(0, 8);
  return `${slug || "document"}-${suffix}${extension}`;
}
