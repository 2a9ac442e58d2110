import { UPLOAD_LIMITS, UPLOAD_TEXT } from "@puerta/contract";
import type { FastifyRequest } from "fastify";
import { readMultipart, requireOneFile } from "./multipart.ts";
import { checkPdf } from "./pdf.ts";
import type { CheckedFile } from "./types.ts";

/**
 * A multipart request carrying one PDF under `file` and text fields: the fields as sent and
 * the PDF checked by content (422 on `file` otherwise).
 */
export async function readPdfForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; file: { checked: CheckedFile; clientName: string } }> {
  const form = await readMultipart(request, {
    fileField: "file",
    maxFileBytes: UPLOAD_LIMITS.pdf.maxBytes,
    maxFiles: 1,
    maxFields: 20,
    tooLargeMessage: UPLOAD_TEXT.pdfTooLarge,
  });
  const file = requireOneFile(form, "file");
  return { fields: form.fields, file: { checked: await checkPdf(file.bytes, "file"), clientName: file.clientName } };
}
