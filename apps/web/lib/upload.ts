import { UPLOAD_TEXT } from "@puerta/contract";
import { ApiError, csrfHeaders, STAFF_SESSION_ENDED_EVENT } from "./api.ts";
import { idempotencyHeader } from "./submission-key.ts";

export type UploadRequest = {
  url: string;
  method?: "POST" | "PATCH" | "PUT";
  body: FormData;
  /** Called with the share of the body sent, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** The upload's Idempotency-Key (lib/submission-key.ts): a retry stores the file once. */
  idempotencyKey?: string;
};

/**
 * A back-office upload with a real progress bar: XMLHttpRequest, since fetch reports no
 * upload progress. Sent like lib/api.ts sends a staff call: the session's HttpOnly cookie
 * (same origin), the CSRF echo, no student token; a 401 ends the staff session. A non-2xx
 * answer becomes an ApiError carrying the server's body (its 422 `errors` by field).
 */
export async function uploadWithProgress<T>({
  url,
  method = "POST",
  body,
  onProgress,
  signal,
  idempotencyKey,
}: UploadRequest): Promise<T> {
  signal?.throwIfAborted();
  const headers = { ...(await csrfHeaders()), ...(idempotencyKey ? idempotencyHeader(idempotencyKey) : {}) };
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => signal?.removeEventListener("abort", onAbort);
    xhr.onabort = () => {
      done();
      reject(new DOMException(UPLOAD_TEXT.cancelled, "AbortError"));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, UPLOAD_TEXT.network));
    };
    xhr.onload = () => {
      done();
      let parsed: unknown = null;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        parsed = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(parsed as T);
        return;
      }
      if (xhr.status === 401) window.dispatchEvent(new Event(STAFF_SESSION_ENDED_EVENT));
      const errorBody = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : null;
      const message = typeof errorBody?.message === "string" ? errorBody.message : `HTTP ${xhr.status}`;
      reject(new ApiError(xhr.status, message, errorBody));
    };
    xhr.send(body);
  });
}
