import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api.ts";
import { InvalidLoginResponse, loginErrorMessage, retryAfterSeconds } from "./login-errors.ts";

const apiError = (status: number, body: Record<string, unknown> | null = null) => new ApiError(status, "HTTP", body);

describe("loginErrorMessage", () => {
  it("prefers the server's message", () => {
    expect(loginErrorMessage(apiError(401, { message: "Compte suspendu" }))).toBe("Compte suspendu");
    expect(loginErrorMessage(apiError(422, { message: "La vérification anti-robot a échoué." }))).toBe(
      "La vérification anti-robot a échoué.",
    );
  });

  it("falls back to the texts of spec section 8", () => {
    expect(loginErrorMessage(apiError(401))).toBe("Identifiants invalides");
    expect(loginErrorMessage(apiError(422))).toBe("Données invalides");
    expect(loginErrorMessage(apiError(429))).toBe("Trop de tentatives de connexion");
    expect(loginErrorMessage(apiError(500))).toBe("Erreur du serveur");
    expect(loginErrorMessage(apiError(503))).toBe("Erreur du serveur");
    expect(loginErrorMessage(apiError(0))).toBe("Impossible de contacter le serveur");
    expect(loginErrorMessage(new InvalidLoginResponse())).toBe("Réponse du serveur invalide");
    expect(loginErrorMessage(new SyntaxError("Unexpected token"))).toBe("Une erreur s'est produite");
  });
});

describe("retryAfterSeconds", () => {
  it("reads retry_after and defaults to a minute", () => {
    expect(retryAfterSeconds(apiError(429, { retry_after: 75 }))).toBe(75);
    expect(retryAfterSeconds(apiError(429, { retry_after: "12" }))).toBe(12);
    expect(retryAfterSeconds(apiError(429, {}))).toBe(60);
    expect(retryAfterSeconds(apiError(429, { retry_after: -4 }))).toBe(60);
  });
});
