import { MESSAGES } from "@puerta/contract";
import { screen } from "@testing-library/react";
import type { ComponentType } from "react";
import type { LoaderFunction } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "../../app/root.tsx";
import { appQueryClient } from "../../lib/query-client.tsx";
import { serveByPath } from "../../test/network.ts";
import { renderRoutes } from "../../test/render.tsx";
import { signInAs, studentUser } from "../../test/session.ts";
import RequirePolicy, { clientLoader, loader } from "./require-policy.tsx";

/** GET /api/policy/status answers `status` and `body`. */
const serveStatus = (status: number, body: unknown) => serveByPath({ "/api/policy/status": { status, body } });

function renderGate(path = "/profile", gate: LoaderFunction = loader) {
  // The gate sits inside the student area: a student is signed in.
  signInAs();
  renderRoutes(
    [
      {
        Component: RequirePolicy,
        loader: gate,
        // The app's own error page (app/root.tsx), as app/routes.ts nests the gate under it.
        ErrorBoundary: ErrorBoundary as ComponentType,
        children: [{ path: "/profile", Component: () => <h1>Profil Étudiant</h1> }],
      },
      { path: "/policy-acceptance", Component: () => <h1>Politique</h1> },
    ],
    path,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  // The browser's cache lives for the document: a test's user must not be the next test's.
  appQueryClient().clear();
});

describe("RequirePolicy (its loader runs on the server, decision 101)", () => {
  it("opens the gated page once the status says accepted", async () => {
    const calls = serveStatus(200, { success: true, has_accepted: true, accepted: true });
    renderGate();
    expect(await screen.findByRole("heading", { name: "Profil Étudiant" })).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain("/api/policy/status");
  });

  it("accepts either field: has_accepted or accepted", async () => {
    serveStatus(200, { success: true, accepted: true });
    renderGate();
    expect(await screen.findByRole("heading", { name: "Profil Étudiant" })).toBeInTheDocument();
  });

  it("sends a student who has not accepted to /policy-acceptance", async () => {
    serveStatus(200, { success: true, has_accepted: false, accepted: false });
    renderGate();
    expect(await screen.findByRole("heading", { name: "Politique" })).toBeInTheDocument();
  });

  it("counts a failed check as not accepted", async () => {
    serveStatus(500, { message: "Erreur du serveur" });
    renderGate();
    expect(await screen.findByRole("heading", { name: "Politique" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Profil Étudiant" })).not.toBeInTheDocument();
  });

  it("shows the outage page, not the policy, when the check answers 503 (the database slow or down)", async () => {
    serveStatus(503, { message: MESSAGES.serviceUnavailable });
    renderGate();
    expect(await screen.findByRole("heading", { name: "Service momentanément indisponible" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Politique" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Profil Étudiant" })).not.toBeInTheDocument();
  });

  it("shows the outage page on a navigation in the browser too (its clientLoader)", async () => {
    serveStatus(503, { message: MESSAGES.serviceUnavailable });
    renderGate("/profile", clientLoader);
    expect(await screen.findByRole("heading", { name: "Service momentanément indisponible" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Politique" })).not.toBeInTheDocument();
  });

  it("counts a failed check in the browser as not accepted", async () => {
    serveStatus(500, { message: "Erreur du serveur" });
    renderGate("/profile", clientLoader);
    expect(await screen.findByRole("heading", { name: "Politique" })).toBeInTheDocument();
  });

  it("does not ask a former student to accept the policy (docs/spec/school-year-and-data.md section 3)", async () => {
    serveByPath({
      "/api/policy/status": { status: 403, body: { message: "Votre formation est terminée" } },
      "/api/user": { status: 200, body: studentUser({ statut_scolaire: "ancien_eleve" }) },
    });
    renderGate();
    expect(await screen.findByRole("heading", { name: "Profil Étudiant" })).toBeInTheDocument();
  });

  it("still sends an enrolled student whose check fails to /policy-acceptance", async () => {
    serveByPath({
      "/api/policy/status": { status: 500, body: { message: "Erreur du serveur" } },
      "/api/user": { status: 200, body: studentUser() },
    });
    renderGate();
    expect(await screen.findByRole("heading", { name: "Politique" })).toBeInTheDocument();
  });

  it("lets a former student through on a navigation in the browser too (its clientLoader)", async () => {
    serveByPath({
      "/api/policy/status": { status: 403, body: { message: "Votre formation est terminée" } },
      "/api/user": { status: 200, body: studentUser({ statut_scolaire: "ancien_eleve" }) },
    });
    renderGate("/profile", clientLoader);
    expect(await screen.findByRole("heading", { name: "Profil Étudiant" })).toBeInTheDocument();
  });
});
