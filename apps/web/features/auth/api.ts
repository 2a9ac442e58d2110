import type { ActivationInfo, ActivationRequest, LoginRequest, LoginResponse } from "@puerta/contract";
import { ApiError, apiJson } from "../../lib/api.ts";
import { loadSchemas } from "../../lib/schemas.ts";
import { saveSession, saveUser } from "../../lib/session.ts";
import { InvalidLoginResponse } from "./login-errors.ts";

/** POST /api/login, then the refreshed user (GET /api/user); throws what the form must show. */
export async function signIn(email: string, password: string, captcha: string) {
  const request: LoginRequest = { email: email.trim(), password, recaptcha_token: captcha };
  // Read as unknown: an answer without a token is refused here, whatever the server sent.
  const body = await apiJson<Partial<LoginResponse> | null>("/api/login", { method: "POST", body: request });
  await startSession(body);
}

/**
 * Keeps the session a sign-in answered (`{ token, user }`), then the refreshed user: after
 * /api/login, and after /activer-compte, whose answer signs the student in the same way.
 */
async function startSession(body: Partial<LoginResponse> | null) {
  const token = body?.token;
  if (typeof token !== "string" || token === "") throw new InvalidLoginResponse();
  const { user } = await loadSchemas();
  saveSession(token, user.safeParse(body?.user).data ?? null);
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

/** POST /api/activation: the student chooses a password and is signed in as by /login. */
export async function activateAccount(body: ActivationRequest) {
  const answer = await apiJson<Partial<LoginResponse> & { kind?: string; next?: string }>("/api/activation", {
    method: "POST",
    body,
  });
  await startSession(answer);
  return answer.next ?? "/planning";
}
