/**
 * Staff uploads (docs/spec/back-office.md section 5): multipart reading with a byte limit,
 * content checks for PDF and images, and storing a file together with the row that names it.
 */
export { checkImage, type ImageCheckOptions } from "./image.ts";
export {
  displayFileName,
  type MultipartLimits,
  parseFormFields,
  publicFileName,
  type ReadOptions,
  type ReceivedFile,
  type ReceivedForm,
  readMultipart,
  registerMultipart,
  requireOneFile,
} from "./multipart.ts";
export { checkPdf } from "./pdf.ts";
export { readPdfForm } from "./pdf-form.ts";
export { removeStoredFiles, type StoreTarget, storeFileWithRow, type Transaction } from "./store.ts";
export type { CheckedFile } from "./types.ts";
