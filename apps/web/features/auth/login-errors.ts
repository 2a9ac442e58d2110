import { MESSAGES } from "@puerta/contract";
import { ApiError } from "../../lib/api.ts";

const m = MESSAGES.login;

/** A 2xx login answer that carries no token (docs/spec/student-portal.md section 5). */
export class InvalidLoginResponse extends Error {
  constructor() {
    super(m.invalidResponse);
    this.name = "InvalidLoginResponse";
  }
}

/** The text shown for a failed login, exactly as docs/spec/student-portal.md section 8 lists them. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof InvalidLoginResponse) return m.invalidResponse;
  if (!(error instanceof ApiError)) return m.generic;
  if (error.status === 0) return m.unreachable;
  const fallback =
    error.status === 401
      ? m.invalidCredentials
      : error.status === 422
        ? m.invalidData
        : error.status === 429
          ? m.tooManyAttempts
          : m.serverError;
  return error.serverMessage ?? fallback;
}

/** Default lockout when a 429 gives no usable `retry_after`. */
export const DEFAULT_LOCKOUT_SECONDS = 60;

/** Seconds to wait after a 429: the body's `retry_after`, else the default. */
export function retryAfterSeconds(error: ApiError): number {
  const value = Number(error.body?.retry_after);
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : DEFAULT_LOCKOUT_SECONDS;
}
