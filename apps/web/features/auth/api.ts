import type {
  ActivationInfo,
  ActivationRequest,
  LoginRequest,
  LoginResponse,
  WebSessionResponse,
} from "@puerta/contract";
import { ApiError, apiJson } from "../../lib/api.ts";
import { loadSchemas } from "../../lib/schemas.ts";
import { forgetStoredSession, saveUser } from "../../lib/session.ts";
import { hasSessionHint } from "../../lib/session-hint.ts";
import { InvalidLoginResponse } from "./login-errors.ts";

/**
 * POST /api/session: the server opens the HttpOnly session cookie (decision 100), then the
 * refreshed user (GET /api/user); throws what the form must show.
 */
export async function signIn(email: string, password: string, captcha: string) {
  const request: LoginRequest = { email: email.trim(), password, recaptcha_token: captcha };
  // Read as unknown: an answer without a user, or without the session it opened, is refused here.
  const body = await apiJson<Partial<WebSessionResponse> | null>("/api/session", { method: "POST", body: request });
  if (!body?.user || !hasSessionHint()) throw new InvalidLoginResponse();
  forgetStoredSession();
  const { user } = await loadSchemas();
  saveUser(user.safeParse(body.user).data ?? null);
  try {
    const refreshed = user.safeParse(await apiJson("/api/user"));
    if (refreshed.success) saveUser(refreshed.data);
  } catch (error) {
    // A 401 here has already ended the session: the login did not hold.
    if (error instanceof ApiError && error.status === 401) throw error;
  }
}

/** GET /api/activation: whose invitation the link is (404 once spent, expired or replaced). */
export const checkActivation = (token: string) =>
  apiJson<ActivationInfo>(`/api/activation?token=${encodeURIComponent(token)}`);

/**
 * POST /api/activation: the student chooses a password and is signed in as by /login: the
 * answer opens the HttpOnly session cookie and carries the user (decision 110).
 */
export async function activateAccount(body: ActivationRequest) {
  const answer = await apiJson<{ kind?: string; next?: string; user?: unknown } | null>("/api/activation", {
    method: "POST",
    body,
  });
  if (!answer?.user || !hasSessionHint()) throw new InvalidLoginResponse();
  forgetStoredSession();
  const { user } = await loadSchemas();
  saveUser(user.safeParse(answer.user).data ?? null);
  return answer.next ?? "/planning";
}
