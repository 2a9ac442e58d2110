import { STAFF_MESSAGES } from "@puerta/contract";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client.tsx";
import { captchaScriptLoaded } from "../../../test/captcha.ts";
import { type Answer, serveByPath } from "../../../test/network.ts";
import StaffSignInPage from "./sign-in-page.tsx";

afterAll(captchaScriptLoaded);

const USER = { id: 1, name: "Nadia Direction", email: "direction.demo@example.com", role: "direction", centre_ids: [] };
const CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);

/** Each path answers from its own queue; anything else is a 401, as without a session. */
const serve = (answers: Record<string, Answer[]>) =>
  serveByPath(answers, { status: 401, body: { message: "Non authentifié." } });

function renderSignIn(url = "/gestion/connexion?retour=%2Fgestion%2Fjournal") {
  const router = createMemoryRouter(
    [
      { path: "/gestion/connexion", element: <StaffSignInPage /> },
      { path: "/gestion/journal", element: <h1>Journal</h1> },
      { path: "/gestion", element: <h1>Tableau de bord</h1> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function solveCaptcha() {
  const widget = document.querySelector("altcha-widget");
  if (!widget) throw new Error("no captcha widget");
  act(() => {
    widget.dispatchEvent(new CustomEvent("statechange", { detail: { state: "verified", payload: "charge-utile" } }));
  });
}

function fillCredentials() {
  fireEvent.change(screen.getByLabelText("Adresse e-mail"), { target: { value: "direction.demo@example.com" } });
  fireEvent.change(screen.getByLabelText("Mot de passe"), { target: { value: "Gestion2025" } });
  solveCaptcha();
  fireEvent.click(screen.getByRole("button", { name: "Continuer" }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("/gestion/connexion", () => {
  it("first sign-in: password, enrolment with QR code and secret, a wrong then a right code, the recovery codes once", async () => {
    const calls = serve({
      "/api/gestion/login": [
        {
          status: 200,
          body: {
            step: "enrol",
            otpauth_uri:
              "otpauth://totp/Puerta:direction.demo%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Puerta",
            secret: "JBSWY3DPEHPK3PXPJBSWY3DP",
          },
        },
      ],
      "/api/gestion/login/totp": [
        { status: 422, body: { message: "Code incorrect.", errors: { code: ["Code incorrect."] } } },
        { status: 200, body: { user: USER, recovery_codes: CODES } },
      ],
    });
    const router = renderSignIn();
    fillCredentials();

    expect(await screen.findByRole("heading", { name: "Activer la double authentification" })).toBeInTheDocument();
    expect(await screen.findByRole("img", { name: /QR code à scanner/ })).toHaveAttribute(
      "src",
      expect.stringMatching(/^data:image\/svg\+xml,/),
    );
    expect(screen.getByText("JBSW Y3DP EHPK 3PXP JBSW Y3DP")).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/gestion/login")?.body).toEqual({
      email: "direction.demo@example.com",
      password: "Gestion2025",
      recaptcha_token: "charge-utile",
    });

    const code = screen.getByLabelText("Code de confirmation");
    fireEvent.change(code, { target: { value: "123 456" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirmer" }));
    expect(await screen.findByText("Code incorrect.")).toBeInTheDocument();
    expect(code).toHaveAttribute("aria-invalid", "true");
    expect(calls.filter((c) => c.path === "/api/gestion/login/totp")[0]?.body).toEqual({ code: "123456" });

    fireEvent.change(code, { target: { value: "654321" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirmer" }));
    expect(await screen.findByRole("heading", { name: "Vos codes de secours" })).toBeInTheDocument();
    const list = screen.getByRole("list", { name: "Codes de secours" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(screen.getByRole("button", { name: "Copier" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Télécharger (.txt)" })).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: /continuer/ }));
    expect(await screen.findByRole("heading", { name: "Journal" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/gestion/journal");
  });

  it("an enrolled account: a recovery code is accepted as typed, a malformed code is refused before sending", async () => {
    const calls = serve({
      "/api/gestion/login": [{ status: 200, body: { step: "totp" } }],
      "/api/gestion/login/totp": [{ status: 200, body: { user: USER } }],
    });
    const router = renderSignIn("/gestion/connexion");
    fillCredentials();
    const code = await screen.findByLabelText("Code de vérification");
    expect(screen.queryByRole("img")).toBeNull();

    fireEvent.change(code, { target: { value: "12345" } });
    fireEvent.click(screen.getByRole("button", { name: "Se connecter" }));
    expect(await screen.findByText("Code incorrect.")).toBeInTheDocument();
    expect(calls.some((c) => c.path === "/api/gestion/login/totp")).toBe(false);

    fireEvent.change(code, { target: { value: "ABCDE-12345" } });
    fireEvent.click(screen.getByRole("button", { name: "Se connecter" }));
    expect(await screen.findByRole("heading", { name: "Tableau de bord" })).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/gestion/login/totp")?.body).toEqual({ code: "abcde-12345" });
    expect(router.state.location.pathname).toBe("/gestion");
  });

  it("a second factor the server can no longer read (restored under another secret): its French message, no server error", async () => {
    serve({
      "/api/gestion/login": [{ status: 200, body: { step: "totp" } }],
      "/api/gestion/login/totp": [{ status: 409, body: { message: STAFF_MESSAGES.secondFactorUnreadable } }],
    });
    renderSignIn();
    fillCredentials();
    fireEvent.change(await screen.findByLabelText("Code de vérification"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Se connecter" }));
    expect(await screen.findByText(STAFF_MESSAGES.secondFactorUnreadable)).toBeInTheDocument();
    expect(screen.getByText(/Demandez à la direction de la réinitialiser/)).toBeInTheDocument();
    expect(screen.queryByText(/Erreur du serveur/)).toBeNull();
  });

  it("an expired second step goes back to the password, saying why", async () => {
    serve({
      "/api/gestion/login": [{ status: 200, body: { step: "totp" } }],
      "/api/gestion/login/totp": [{ status: 401, body: { message: "Votre connexion a expiré. Recommencez." } }],
    });
    renderSignIn();
    fillCredentials();
    fireEvent.change(await screen.findByLabelText("Code de vérification"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Se connecter" }));
    expect(await screen.findByText("Votre connexion a expiré. Recommencez.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Connexion à la gestion" })).toBeInTheDocument();
    expect(screen.getByLabelText("Adresse e-mail")).toBeInTheDocument();
  });

  it("wrong credentials show the server's message; too many attempts lock the form with a countdown", async () => {
    serve({
      "/api/gestion/login": [
        { status: 401, body: { message: "Identifiants invalides" } },
        { status: 429, body: { message: "Trop de tentatives de connexion", retry_after: 90 } },
      ],
    });
    renderSignIn();
    fillCredentials();
    // (The widget has an alert of its own here: jsdom is no secure context.)
    expect(await screen.findByText("Identifiants invalides")).toBeInTheDocument();
    solveCaptcha();
    fireEvent.click(screen.getByRole("button", { name: "Continuer" }));
    expect(await screen.findByText(/Trop de tentatives de connexion\. Réessayez dans 1:(30|29)\./)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Continuer" })).toBeDisabled();
    expect(screen.getByLabelText("Adresse e-mail")).toBeDisabled();
  });
});
