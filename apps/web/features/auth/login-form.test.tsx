import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";

// The real ALTCHA widget is rendered (jsdom is not a secure context, so it never solves
// anything here); the tests play its "verified" event, and read our own messages by text.
import { createQueryClient } from "../../lib/query-client.tsx";
import { captchaScriptLoaded } from "../../test/captcha.ts";
import { serveByPath as serve } from "../../test/network.ts";
import { SESSION_HINT_COOKIE, signInAs } from "../../test/session.ts";
import { LoginForm } from "./login-form.tsx";

afterAll(captchaScriptLoaded);

const USER = {
  id: 7,
  name: "Yasmine Alaoui",
  email: "etudiant.demo@example.com",
  created_at: "2025-09-01T08:00:00.000Z",
  etudiant: {
    id: 3,
    student_id: "PU-0003",
    centre_id: 1,
    option_id: 2,
    filiere_id: 1,
    centre: { id: 1, nom: "Ain Sebaa" },
    option: { id: 2, nom: "Selectividad Santé" },
    telephone_etudiant: null,
    nom: "Alaoui",
    prenom: "Yasmine",
    email: "etudiant.demo@example.com",
    profile_image: null,
    cin_etudiant: null,
    statut_scolaire: "inscrit",
  },
};

function renderLogin() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={["/login"]}>
        <Routes>
          <Route path="/login" element={<LoginForm />} />
          <Route path="/planning" element={<h1>Planning</h1>} />
          <Route path="/demande-attestation" element={<h1>Demandes d'Attestations</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** What the ALTCHA widget does once its proof of work is solved. */
function solveCaptcha(payload = "payload-1") {
  const widget = document.querySelector("altcha-widget");
  if (!widget) throw new Error("no captcha widget");
  act(() => {
    widget.dispatchEvent(new CustomEvent("statechange", { detail: { state: "verified", payload } }));
  });
}

const email = () => screen.getByLabelText("Adresse e-mail");
const password = () => screen.getByLabelText("Mot de passe");
const eye = () => screen.getByRole("button", { name: "Afficher le mot de passe" });
const submit = () => screen.getByRole("button", { name: /Se connecter|Connexion en cours|Réessayez dans/ });

/** Waits until the form's alert (the captcha widget has one of its own) says exactly `text`. */
async function expectAlert(text: string) {
  await waitFor(() => expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContain(text));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("LoginForm", () => {
  it("takes the password right after the e-mail with Tab", async () => {
    serve({});
    renderLogin();
    const user = userEvent.setup();
    await user.click(email());
    await user.keyboard("a@b.ma");
    await user.tab();
    expect(password()).toHaveFocus();
    await user.keyboard("secret");
    expect(password()).toHaveValue("secret");
  });

  it("sends a student already signed in to their planning", async () => {
    signInAs();
    serve({});
    renderLogin();
    expect(await screen.findByRole("heading", { name: "Planning" })).toBeInTheDocument();
  });

  it("keeps the button disabled until the captcha is solved", () => {
    serve({});
    renderLogin();
    expect(submit()).toBeDisabled();
    expect(screen.getByText("Veuillez compléter le reCAPTCHA")).toBeInTheDocument();
    solveCaptcha();
    expect(submit()).toBeEnabled();
  });

  it("checks the fields before sending anything", async () => {
    const calls = serve({});
    renderLogin();
    solveCaptcha();
    fireEvent.click(submit());
    expect(await screen.findByText("L'email est requis")).toBeInTheDocument();
    expect(screen.getByText("Le mot de passe est requis")).toBeInTheDocument();
    // Each message is the description of its field, which reads as invalid.
    expect(email()).toHaveAccessibleDescription("L'email est requis");
    expect(email()).toHaveAttribute("aria-invalid", "true");
    expect(password()).toHaveAccessibleDescription("Le mot de passe est requis");
    fireEvent.change(email(), { target: { value: "nom@domaine" } });
    fireEvent.change(password(), { target: { value: "quelque-chose" } });
    fireEvent.click(submit());
    expect(await screen.findByText("Format d'email invalide")).toBeInTheDocument();
    expect(screen.queryByText("Le mot de passe est requis")).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("takes a former student to their attestations (docs/spec/school-year-and-data.md section 3)", async () => {
    const former = { ...USER, etudiant: { ...USER.etudiant, statut_scolaire: "ancien_eleve" } };
    serve({
      "/api/session": [{ status: 200, body: { user: former }, cookies: [SESSION_HINT_COOKIE] }],
      "/api/user": [{ status: 200, body: former }],
      "/api/policy/status": [{ status: 403, body: { message: "Votre formation est terminée" } }],
    });
    renderLogin();
    fireEvent.change(email(), { target: { value: "etudiant.demo@example.com" } });
    fireEvent.change(password(), { target: { value: "Selectividad2025" } });
    solveCaptcha("solved");
    fireEvent.click(submit());
    expect(await screen.findByRole("heading", { name: "Demandes d'Attestations" })).toBeInTheDocument();
  });

  it("signs in into the session cookie: trimmed e-mail, nothing stored, user refreshed, policy re-checked, then /planning", async () => {
    // A student signed in by the older version: the stored keys go with the new sign-in.
    localStorage.setItem("token", "11|ancien");
    localStorage.setItem("user", JSON.stringify(USER));
    const calls = serve({
      "/api/session": [{ status: 200, body: { user: { ...USER, etudiant: null } }, cookies: [SESSION_HINT_COOKIE] }],
      "/api/user": [{ status: 200, body: USER }],
      "/api/policy/status": [{ status: 200, body: { success: true, has_accepted: false, accepted: false } }],
    });
    renderLogin();
    fireEvent.change(email(), { target: { value: "  etudiant.demo@example.com " } });
    fireEvent.change(password(), { target: { value: "Selectividad2025" } });
    solveCaptcha("solved");
    fireEvent.click(submit());
    expect(await screen.findByRole("heading", { name: "Planning" })).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(["/api/session", "/api/user", "/api/policy/status"]);
    expect(calls[0]?.body).toEqual({
      email: "etudiant.demo@example.com",
      password: "Selectividad2025",
      recaptcha_token: "solved",
    });
    // docs/spec/student-portal.md section 3, amendment: nothing of the session in browser storage.
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
    expect(localStorage.getItem("student_data")).toBeNull();
  });

  it("a 429 starts the countdown, stores unblockAt and asks for a new captcha", async () => {
    serve({ "/api/session": [{ status: 429, body: { message: "Trop de tentatives de connexion", retry_after: 90 } }] });
    renderLogin();
    fireEvent.change(email(), { target: { value: "a@b.ma" } });
    fireEvent.change(password(), { target: { value: "x" } });
    solveCaptcha();
    fireEvent.click(submit());
    expect(await screen.findByText(/^Trop de tentatives de connexion\. Réessayez dans 1:(30|29)\.$/)).toBeVisible();
    expect(submit()).toHaveTextContent(/^Réessayez dans 1:(30|29)$/);
    expect(email()).toBeDisabled();
    const unblockAt = Number(localStorage.getItem("unblockAt"));
    expect(unblockAt - Date.now()).toBeGreaterThan(85_000);
    // The captcha was reset: even after the countdown the button needs a new one.
    expect(screen.getByText("Veuillez compléter le reCAPTCHA")).toBeInTheDocument();
  });

  it("restores a lockout stored under unblockAt and lifts it at zero", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve({});
    localStorage.setItem("unblockAt", String(Date.now() + 3_000));
    renderLogin();
    expect(await screen.findByText(/^Trop de tentatives de connexion\. Réessayez dans 0:0[23]\.$/)).toBeVisible();
    expect(password()).toBeDisabled();
    expect(eye()).toBeDisabled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_000);
    });
    expect(screen.queryByText(/Trop de tentatives de connexion/)).not.toBeInTheDocument();
    expect(password()).toBeEnabled();
    expect(eye()).toBeEnabled();
    expect(localStorage.getItem("unblockAt")).toBeNull();
  });

  it("shows the password with the eye button, and keeps the browser's sign-in hints", () => {
    serve({});
    renderLogin();
    expect(email()).toHaveAttribute("autocomplete", "username");
    expect(email()).toHaveAttribute("placeholder", "prenom.nom@exemple.com");
    expect(password()).toHaveAttribute("autocomplete", "current-password");
    fireEvent.change(password(), { target: { value: "Selectividad2025" } });
    expect(password()).toHaveAttribute("type", "password");
    expect(eye()).toHaveAttribute("aria-pressed", "false");
    fireEvent.click(eye());
    expect(password()).toHaveAttribute("type", "text");
    expect(eye()).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("link", { name: "Mot de passe oublié ?" })).toHaveAttribute("href", "/forgot-password");
  });

  // What each answer of POST /api/session shows (once checked in the browser by e2e/tests/login.spec.ts).
  it.each([
    { name: "422 without a message", status: 422, body: { errors: {} }, text: "Données invalides" },
    {
      name: "422 with the server's message",
      status: 422,
      body: { message: "La vérification anti-robot a échoué. Veuillez réessayer.", errors: {} },
      text: "La vérification anti-robot a échoué. Veuillez réessayer.",
    },
    { name: "401 without a message", status: 401, body: {}, text: "Identifiants invalides" },
    { name: "500", status: 500, body: {}, text: "Erreur du serveur" },
    {
      name: "503 with a message",
      status: 503,
      body: { message: "Maintenance en cours" },
      text: "Maintenance en cours",
    },
    { name: "200 without a session", status: 200, body: { user: {} }, text: "Réponse du serveur invalide" },
  ])("server answer $name → '$text', and nothing stored", async ({ status, body, text }) => {
    serve({ "/api/session": [{ status, body }] });
    renderLogin();
    fireEvent.change(email(), { target: { value: "etudiant.demo@example.com" } });
    fireEvent.change(password(), { target: { value: "Selectividad2025" } });
    solveCaptcha();
    fireEvent.click(submit());
    await expectAlert(text);
    expect(screen.queryByRole("heading", { name: "Planning" })).not.toBeInTheDocument();
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("no answer → 'Impossible de contacter le serveur'; an answer that is not JSON → 'Une erreur s'est produite'", async () => {
    serve({ "/api/session": "offline" });
    renderLogin();
    fireEvent.change(email(), { target: { value: "etudiant.demo@example.com" } });
    fireEvent.change(password(), { target: { value: "Selectividad2025" } });
    solveCaptcha();
    fireEvent.click(submit());
    await expectAlert("Impossible de contacter le serveur");

    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response("<html>pas du JSON</html>", { status: 200, headers: { "Content-Type": "application/json" } }),
      ),
    );
    solveCaptcha("payload-2");
    fireEvent.click(submit());
    await expectAlert("Une erreur s'est produite");
  });

  it("says 'Connexion en cours...' and locks the form while the login is sent", async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      ),
    );
    renderLogin();
    fireEvent.change(email(), { target: { value: "etudiant.demo@example.com" } });
    fireEvent.change(password(), { target: { value: "pas-le-bon" } });
    solveCaptcha();
    fireEvent.click(submit());
    expect(await screen.findByRole("button", { name: "Connexion en cours..." })).toBeDisabled();
    expect(email()).toBeDisabled();
    await act(async () => {
      answer(
        new Response(JSON.stringify({ message: "Identifiants invalides" }), {
          status: 401,
          headers: { "Content-Type": "application/json" },
        }),
      );
    });
    await expectAlert("Identifiants invalides");
  });

  it("shows the server's 401 message or 'Identifiants invalides'", async () => {
    serve({ "/api/session": [{ status: 401, body: {} }] });
    renderLogin();
    fireEvent.change(email(), { target: { value: "a@b.ma" } });
    fireEvent.change(password(), { target: { value: "x" } });
    solveCaptcha();
    fireEvent.click(submit());
    expect(await screen.findByText("Identifiants invalides")).toBeVisible();
    expect(localStorage.getItem("token")).toBeNull();
  });
});
