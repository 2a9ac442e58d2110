import type { LoginRequest, LoginResponse } from "@puerta/contract";
import { ApiError, apiJson } from "../../lib/api.ts";
import { loadSchemas } from "../../lib/schemas.ts";
import { saveSession, saveUser } from "../../lib/session.ts";
import { InvalidLoginResponse } from "./login-errors.ts";

/** POST /api/login, then the refreshed user (GET /api/user); throws what the form must show. */
export async function signIn(email: string, password: string, captcha: string) {
  const request: LoginRequest = { email: email.trim(), password, recaptcha_token: captcha };
  // Read as unknown: an answer without a token is refused here, whatever the server sent.
  const body = await apiJson<Partial<LoginResponse> | null>("/api/login", { method: "POST", body: request });
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
