import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveByPath } from "../../test/network.ts";
import { renderRoutes } from "../../test/render.tsx";
import { signInAs } from "../../test/session.ts";
import RequirePolicy, { loader } from "./require-policy.tsx";

/** GET /api/policy/status answers `status` and `body`. */
const serveStatus = (status: number, body: unknown) => serveByPath({ "/api/policy/status": { status, body } });

function renderGate(path = "/profile") {
  // The gate sits inside the student area: a student is signed in.
  signInAs();
  renderRoutes(
    [
      { Component: RequirePolicy, loader, children: [{ path: "/profile", Component: () => <h1>Profil Étudiant</h1> }] },
      { path: "/policy-acceptance", Component: () => <h1>Politique</h1> },
    ],
    path,
  );
}

afterEach(() => vi.unstubAllGlobals());

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
});
