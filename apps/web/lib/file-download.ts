import { DOCUMENT_TEXTS } from "@puerta/contract";
import { ApiError, apiRequest } from "./api.ts";

/**
 * Files served by authorised API routes (plannings, course documents, orientation guides).
 * The browser cannot send the bearer token on a plain link, so files are fetched through the
 * API client and handed to the browser as object URLs: no token or signed link ever appears
 * in a URL, a history entry or a log (docs/decisions/003-real-file-sizes.md).
 */

export const httpErrorText = (status: number) => `HTTP error! status: ${status}`;

/** A failed download; `status` is the HTTP status, 0 when the server was not reached or answered no PDF. */
export class DownloadError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = "DownloadError";
    this.status = status;
  }
}

type FetchOptions = { requirePdf?: boolean };

/** The file as a blob; with `requirePdf`, anything not served as application/pdf is refused (docs/spec/student-portal.md section 5). */
export async function fetchFile(path: string, { requirePdf = true }: FetchOptions = {}): Promise<Blob> {
  let response: Response;
  try {
    response = await apiRequest(path, { headers: { Accept: "application/pdf, */*" } });
  } catch (error) {
    if (error instanceof ApiError) {
      throw new DownloadError(error.status ? httpErrorText(error.status) : error.message, error.status);
    }
    throw error;
  }
  const contentType = response.headers.get("Content-Type") ?? "";
  if (requirePdf && !contentType.toLowerCase().startsWith("application/pdf")) {
    throw new DownloadError(`${DOCUMENT_TEXTS.expectedPdf}${contentType || "unknown"}`, 0);
  }
  return response.blob();
}

/** Object URLs live long enough for the browser to read them, then are released. */
const RELEASE_AFTER_MS = 60_000;
const release = (url: string) => window.setTimeout(() => URL.revokeObjectURL(url), RELEASE_AFTER_MS);

/** Downloads the file under `fileName`. */
export async function downloadFile(path: string, fileName: string, options?: FetchOptions): Promise<void> {
  saveBlob(await fetchFile(path, options), fileName);
}

/** Hands a file already fetched to the browser, saved as `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  release(url);
}

/**
 * Opens the file in a new tab. The tab is opened at once, inside the click (so no pop-up
 * blocker stops it), then pointed at the file once it has arrived; it is closed on failure.
 */
export async function openFileInNewTab(path: string, options?: FetchOptions): Promise<void> {
  const tab = window.open("", "_blank");
  try {
    const blob = await fetchFile(path, options);
    const url = URL.createObjectURL(blob);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.open(url, "_blank", "noopener");
    }
    release(url);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
