import { CONTACT_LIMITS, type ContactRequest } from "@puerta/contract";
import { type ApiError, apiJson } from "../../lib/api.ts";

export const sendContactMessage = (body: ContactRequest, idempotencyKey?: string) =>
  apiJson<{ message: string }>("/api/contact", { method: "POST", body, idempotencyKey });

/** Seconds to wait after a 429: the body's retry_after_seconds, else the 300 s default of docs/spec/student-portal.md section 9. */
export function contactRetrySeconds(error: ApiError): number {
  const fromBody = error.body?.retry_after_seconds;
  return typeof fromBody === "number" && Number.isFinite(fromBody) && fromBody > 0
    ? Math.ceil(fromBody)
    : CONTACT_LIMITS.retryDefaultSeconds;
}
