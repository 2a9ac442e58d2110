import { DOCUMENT_DOWNLOADS } from "@puerta/contract";
import { PDFDocument } from "pdf-lib";
import type { TestApp } from "./app.ts";
import type { StaffBrowser } from "./staff-browser.ts";

/** The student's download URL of a course document (its public file name, DOCUMENT_DOWNLOADS.course). */
export const courseUrl = (fichierPath = "") =>
  `${DOCUMENT_DOWNLOADS.course}/${fichierPath.slice(fichierPath.lastIndexOf("/") + 1)}`;

/** A real one-page PDF whose text says `label`. */
export async function realPdf(label = "Document"): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage().drawText(label);
  return Buffer.from(await document.save());
}

/**
 * The file part of a form: its name, its bytes (a string is sent as UTF-8), its type (a PDF when
 * omitted) and its field ("file" when omitted).
 */
export type FormFile = { name: string; bytes: Buffer | string; type?: string; field?: string };

/** A multipart body as a browser's FormData sends it. */
export async function multipartBody(fields: Record<string, string>, file?: FormFile) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) {
    const bytes = typeof file.bytes === "string" ? Buffer.from(file.bytes) : file.bytes;
    const blob = new Blob([new Uint8Array(bytes)], { type: file.type ?? "application/pdf" });
    form.append(file.field ?? "file", blob, file.name);
  }
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get("content-type") ?? "" };
}

/** A staff browser's multipart request (its cookies and CSRF echo). */
export async function sendForm(
  t: TestApp,
  browser: StaffBrowser,
  method: "POST" | "PUT",
  url: string,
  fields: Record<string, string>,
  file?: FormFile,
) {
  const body = await multipartBody(fields, file);
  return t.app.inject({
    method,
    url,
    cookies: browser.cookies,
    headers: { ...browser.csrfHeaders, "content-type": body.contentType },
    payload: body.payload,
  });
}

export const staffDelete = (t: TestApp, browser: StaffBrowser, url: string) =>
  t.app.inject({ method: "DELETE", url, cookies: browser.cookies, headers: browser.csrfHeaders });

/** Uploads a file to the student import's preview as the browser's staff member (a CSV unless `type` says). */
export const uploadImport = (
  t: TestApp,
  browser: StaffBrowser,
  name: string,
  bytes: Buffer | string,
  type = "text/csv",
) => sendForm(t, browser, "POST", "/api/gestion/etudiants/import/preview", {}, { name, bytes, type });
