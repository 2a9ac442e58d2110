import { PASSWORD_MESSAGES as M } from "@puerta/contract";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveByPath } from "../../test/network.ts";
import { renderRoutes } from "../../test/render.tsx";
import { SESSION_HINT_COOKIE, studentUser } from "../../test/session.ts";
import ActivationPage from "./activation-page.tsx";

const TOKEN = "invitation-0123456789abcdef";
const PlanningStub = () => <h1>Planning</h1>;

const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: "/activer-compte", Component: ActivationPage },
      { path: "/planning", Component: PlanningStub },
    ],
    path,
  );

const invitation = { status: 200, body: { name: "Lina Invitée", email: "lina@example.com" } };
const password = () => screen.getByLabelText("Mot de passe");
const confirmation = () => screen.getByLabelText("Confirmer le mot de passe");
const activate = () => screen.getByRole("button", { name: "Activer mon compte" });

afterEach(() => vi.unstubAllGlobals());

describe("/activer-compte (docs/spec/back-office.md section 4)", () => {
  it("says a link without its token is incomplete, and asks nothing of the server", async () => {
    const calls = serveByPath({});
    renderAt("/activer-compte");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Lien d'activation incomplet. Demandez au secrétariat de vous envoyer une nouvelle invitation.",
    );
    expect(calls).toEqual([]);
  });

  it("says a spent link is no longer valid", async () => {
    serveByPath({});
    renderAt(`/activer-compte?token=${TOKEN}`);
    expect(await screen.findByRole("alert")).toHaveTextContent("Ce lien d'activation n'est plus valide.");
    expect(screen.queryByLabelText("Mot de passe")).toBeNull();
  });

  it("welcomes the student with their e-mail read-only, and checks the passwords before sending", async () => {
    const calls = serveByPath({ [`/api/activation?token=${TOKEN}`]: invitation });
    const user = userEvent.setup();
    renderAt(`/activer-compte?token=${TOKEN}`);
    expect(await screen.findByText(/Bienvenue, Lina Invitée\./)).toBeInTheDocument();
    expect(screen.getByLabelText("Adresse e-mail")).toHaveValue("lina@example.com");
    expect(screen.getByLabelText("Adresse e-mail")).toBeDisabled();
    expect(password()).toHaveAccessibleDescription("8 caractères minimum.");

    await user.click(activate());
    expect(await screen.findByText(M.newRequired)).toBeInTheDocument();
    expect(password()).toHaveAttribute("aria-invalid", "true");

    await user.type(password(), "Nouveau-2026");
    await user.type(confirmation(), "Nouveau-2027");
    await user.click(activate());
    expect(await screen.findByText(M.mismatch)).toBeInTheDocument();
    expect(confirmation()).toHaveAccessibleDescription(M.mismatch);
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("shows the server's refusal of the password beside it", async () => {
    serveByPath({
      [`/api/activation?token=${TOKEN}`]: invitation,
      "/api/activation": { status: 422, body: { message: "Refusé", errors: { password: [M.tooShort] } } },
    });
    const user = userEvent.setup();
    renderAt(`/activer-compte?token=${TOKEN}`);
    await user.type(await screen.findByLabelText("Mot de passe"), "Nouveau-2026");
    await user.type(confirmation(), "Nouveau-2026");
    await user.click(activate());
    expect(await screen.findByText(M.tooShort)).toBeInTheDocument();
    expect(password()).toHaveAccessibleDescription(`8 caractères minimum. ${M.tooShort}`);
    expect(activate()).toBeEnabled();
  });

  it("signs the student in and opens the planning", async () => {
    const calls = serveByPath({
      [`/api/activation?token=${TOKEN}`]: invitation,
      "/api/activation": {
        status: 200,
        body: { kind: "student", next: "/planning", user: studentUser() },
        cookies: [SESSION_HINT_COOKIE],
      },
    });
    const user = userEvent.setup();
    renderAt(`/activer-compte?token=${TOKEN}`);
    await user.type(await screen.findByLabelText("Mot de passe"), "Nouveau-2026");
    await user.type(confirmation(), "Nouveau-2026");
    await user.click(activate());
    expect(await screen.findByRole("heading", { name: "Planning" })).toBeInTheDocument();
    expect(calls.find((call) => call.path === "/api/activation")?.body).toEqual({
      token: TOKEN,
      password: "Nouveau-2026",
      password_confirmation: "Nouveau-2026",
    });
  });
});
