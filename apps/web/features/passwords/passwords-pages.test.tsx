import { PASSWORD_MESSAGES as M, RESET_CAPTCHA_PLACEHOLDER } from "@puerta/contract";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveInOrder as serve } from "../../test/network.ts";
import ChangePasswordPage from "./change-password-page.tsx";
import ForgotPasswordPage from "./forgot-password-page.tsx";
import ResetPasswordPage from "./reset-password-page.tsx";

const LoginStub = () => <h1>Connexion</h1>;
const ProfileStub = () => <h1>Profil</h1>;

function renderAt(path: string) {
  const Stub = createRoutesStub([
    { path: "/modifier-mot-de-passe", Component: ChangePasswordPage },
    { path: "/forgot-password", Component: ForgotPasswordPage },
    { path: "/reset-password", Component: ResetPasswordPage },
    { path: "/login", Component: LoginStub },
    { path: "/profile", Component: ProfileStub },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("/modifier-mot-de-passe", () => {
  const fill = async (current: string, next: string, confirmation: string) => {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Mot de passe actuel"), current);
    await user.type(screen.getByLabelText("Nouveau mot de passe"), next);
    await user.type(screen.getByLabelText("Confirmer le nouveau mot de passe"), confirmation);
    await user.click(screen.getByRole("button", { name: "Modifier le mot de passe" }));
  };

  it("says the passwords differ and sends nothing", async () => {
    const calls = serve();
    renderAt("/modifier-mot-de-passe");
    await fill("Ancien-2025", "Nouveau-2026", "Nouveau-2027");
    expect(await screen.findByRole("alert")).toHaveTextContent(M.mismatch);
    expect(screen.getAllByText(M.mismatch)).toHaveLength(1);
    expect(screen.getByLabelText("Confirmer le nouveau mot de passe")).toHaveAttribute("aria-invalid", "true");
    expect(calls).toEqual([]);
  });

  it("requires the three fields", async () => {
    const calls = serve();
    renderAt("/modifier-mot-de-passe");
    await userEvent.setup().click(screen.getByRole("button", { name: "Modifier le mot de passe" }));
    expect(screen.getByText(M.currentRequired)).toBeInTheDocument();
    expect(screen.getByText(M.newRequired)).toBeInTheDocument();
    expect(screen.getByText(M.confirmationRequired)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows the server's message on success and clears the form", async () => {
    const calls = serve({ status: 200, body: { message: "Votre mot de passe a été modifié avec succès." } });
    renderAt("/modifier-mot-de-passe");
    await fill("Ancien-2025", "Nouveau-2026", "Nouveau-2026");
    expect(await screen.findByRole("status")).toHaveTextContent("Votre mot de passe a été modifié avec succès.");
    expect(calls[0]).toMatchObject({
      path: "/api/change-password",
      body: {
        current_password: "Ancien-2025",
        new_password: "Nouveau-2026",
        new_password_confirmation: "Nouveau-2026",
      },
    });
    expect(screen.getByLabelText("Mot de passe actuel")).toHaveValue("");
  });

  it("shows the server's refusal beside the field", async () => {
    serve({
      status: 422,
      body: { message: M.currentWrong, errors: { current_password: [M.currentWrong] } },
    });
    renderAt("/modifier-mot-de-passe");
    await fill("Faux-2025", "Nouveau-2026", "Nouveau-2026");
    expect(await screen.findByRole("alert")).toHaveTextContent(M.currentWrong);
    // Said once, not again under the field.
    expect(screen.getAllByText(M.currentWrong)).toHaveLength(1);
    expect(screen.getByLabelText("Mot de passe actuel")).toHaveAttribute("aria-invalid", "true");
  });

  it("says the server cannot be reached", async () => {
    serve("offline");
    renderAt("/modifier-mot-de-passe");
    await fill("Ancien-2025", "Nouveau-2026", "Nouveau-2026");
    expect(await screen.findByRole("alert")).toHaveTextContent("Erreur serveur, réessayez plus tard.");
  });
});

describe("/forgot-password", () => {
  it("checks the address, then shows the server's message", async () => {
    const calls = serve({ status: 200, body: { message: M.forgotSent } });
    renderAt("/forgot-password");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Adresse e-mail"), "pas-une-adresse");
    await user.click(screen.getByRole("button", { name: "Envoyer le lien" }));
    expect(screen.getByText("Format d'email invalide")).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.clear(screen.getByLabelText("Adresse e-mail"));
    await user.type(screen.getByLabelText("Adresse e-mail"), " eleve@example.com ");
    await user.click(screen.getByRole("button", { name: "Envoyer le lien" }));
    expect(await screen.findByRole("status")).toHaveTextContent(M.forgotSent);
    expect(calls).toMatchObject([{ path: "/api/student/forgot-password", body: { email: "eleve@example.com" } }]);
  });

  it("shows the server's error message, a generic one, or the no-answer one", async () => {
    serve({ status: 429, body: { message: M.tooManyRequests, retry_after: 60 } }, { status: 500, body: {} }, "offline");
    renderAt("/forgot-password");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Adresse e-mail"), "eleve@example.com");
    const button = screen.getByRole("button", { name: "Envoyer le lien" });
    await user.click(button);
    expect(await screen.findByRole("alert")).toHaveTextContent(M.tooManyRequests);
    await user.click(button);
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Une erreur s'est produite"));
    await user.click(button);
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Erreur serveur, réessayez plus tard."));
  });
});

describe("/reset-password", () => {
  const link = "/reset-password?token=abc123&email=eleve%40example.com";

  it("shows the invalid-link screen when the link lacks its token or e-mail", async () => {
    const calls = serve();
    renderAt("/reset-password?email=eleve%40example.com");
    expect(await screen.findByRole("heading", { name: "Lien invalide ou expiré" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(M.linkIncomplete);
    expect(screen.getByRole("link", { name: "Nouvelle demande" })).toHaveAttribute("href", "/forgot-password");
    expect(calls).toEqual([]);
  });

  it("shows the invalid-link screen for a refused token", async () => {
    serve({ status: 200, body: { valid: false, message: M.linkInvalid } });
    renderAt(link);
    expect(await screen.findByRole("heading", { name: "Lien invalide ou expiré" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(M.linkInvalid);
  });

  it.each([
    [{ status: 500, body: { message: "Erreur du serveur" } }, M.verifyFailed],
    ["offline" as const, M.connectionFailed],
  ])("says why the link could not be checked", async (answer, text) => {
    serve(answer);
    renderAt(link);
    expect(await screen.findByRole("alert")).toHaveTextContent(text);
    expect(screen.getByRole("link", { name: "Nouvelle demande" })).toBeInTheDocument();
  });

  it("resets with a read-only e-mail, checks the rules first, then goes to /login after 3 seconds", async () => {
    const calls = serve(
      { status: 200, body: { valid: true, message: M.linkValid } },
      { status: 200, body: { message: M.resetDone } },
    );
    renderAt(link);
    const email = await screen.findByLabelText("Adresse e-mail");
    expect(email).toHaveValue("eleve@example.com");
    expect(email).toHaveAttribute("readonly");

    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Nouveau mot de passe"), "court");
    await user.type(screen.getByLabelText("Confirmer le mot de passe"), "court");
    await user.click(screen.getByRole("button", { name: "Réinitialiser le mot de passe" }));
    expect(screen.getByText(M.tooShort)).toBeInTheDocument();
    await user.type(screen.getByLabelText("Nouveau mot de passe"), "-et-long");
    await user.click(screen.getByRole("button", { name: "Réinitialiser le mot de passe" }));
    expect(screen.getByText(M.mismatch)).toBeInTheDocument();
    expect(calls).toHaveLength(1);

    await user.type(screen.getByLabelText("Confirmer le mot de passe"), "-et-long");
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole("button", { name: "Réinitialiser le mot de passe" }));
    expect(await screen.findByRole("status")).toHaveTextContent(M.resetDone);
    expect(calls[1]).toMatchObject({
      path: "/api/student/reset-password",
      body: {
        email: "eleve@example.com",
        token: "abc123",
        password: "court-et-long",
        password_confirmation: "court-et-long",
        recaptcha_token: RESET_CAPTCHA_PLACEHOLDER,
      },
    });
    await act(async () => vi.advanceTimersByTime(2_900));
    expect(screen.queryByRole("heading", { name: "Connexion" })).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.getByRole("heading", { name: "Connexion" })).toBeInTheDocument();
  });

  it("switches to the invalid-link screen when the server refuses the token at reset", async () => {
    serve(
      { status: 200, body: { valid: true, message: M.linkValid } },
      { status: 422, body: { message: M.linkInvalid, errors: { token: [M.linkInvalid] } } },
    );
    renderAt(link);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Nouveau mot de passe"), "Nouveau-2026");
    await user.type(screen.getByLabelText("Confirmer le mot de passe"), "Nouveau-2026");
    await user.click(screen.getByRole("button", { name: "Réinitialiser le mot de passe" }));
    expect(await screen.findByRole("heading", { name: "Lien invalide ou expiré" })).toBeInTheDocument();
  });
});
