import { UPLOAD_LIMITS, UPLOAD_TEXT } from "@puerta/contract";
import { validationFailed } from "../errors.ts";
import type { CheckedFile } from "./types.ts";

const SIGNATURE = Buffer.from("%PDF-");

/**
 * A PDF checked by content (docs/spec/back-office.md section 5): the signature at the start,
 * then the whole file parsed with pdf-lib and at least one page found. Whatever the name or
 * the declared type, anything else is a 422 on `field`.
 */
export async function checkPdf(bytes: Buffer, field = "file"): Promise<CheckedFile> {
  const refuse = (message: string) => validationFailed({ [field]: [message] });
  if (bytes.length === 0) throw refuse(UPLOAD_TEXT.missing);
  if (bytes.length > UPLOAD_LIMITS.pdf.maxBytes) throw refuse(UPLOAD_TEXT.pdfTooLarge);
  if (!bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw refuse(UPLOAD_TEXT.pdfInvalid);
  let pages = 0;
  // Loaded on the first upload, not at start (decision 080).
  const { PDFDocument } = await import("pdf-lib");
  try {
    // Encrypted with an owner password only, a PDF still opens for a student: accepted.
    const document = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: true,
    });
    pages = document.getPageCount();
  } catch {
    throw refuse(UPLOAD_TEXT.pdfInvalid);
  }
  if (pages < 1) throw refuse(UPLOAD_TEXT.pdfInvalid);
  return { bytes, contentType: "application/pdf", extension: ".pdf" };
}
