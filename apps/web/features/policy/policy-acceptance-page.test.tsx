import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { serveByPath } from "../../test/network.ts";
import { renderRoutes } from "../../test/render.tsx";
import { signInAs } from "../../test/session.ts";
import PolicyAcceptancePage from "./policy-acceptance-page.tsx";

const POLICY = {
  version: 1,
  title: "Politique de non-remboursement",
  content: "Article 1 — Les frais versés ne sont pas remboursés.",
  effective_date: "2025-09-01",
  last_updated: "2025-10-15T10:30:00.000Z",
};

const serve = (status: unknown) =>
  serveByPath({
    "/api/policy/content": { status: 200, body: { success: true, policy: POLICY } },
    "/api/policy/status": { status: 200, body: status },
  });

const renderPage = () =>
  renderRoutes([{ path: "/policy-acceptance", Component: PolicyAcceptancePage }], "/policy-acceptance");

describe("PolicyAcceptancePage", () => {
  beforeEach(() => signInAs());
  afterEach(() => vi.unstubAllGlobals());

  it("after acceptance, says when it was accepted instead of asking again", async () => {
    serve({ success: true, has_accepted: true, accepted: true, accepted_at: "2026-09-03T09:15:00.000Z" });
    renderPage();
    expect(
      await screen.findByText("Vous avez accepté cette politique le 3 septembre 2026 à 10:15."),
    ).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Politique de non-remboursement" })).toBeInTheDocument();
    expect(screen.getByText(/Les frais versés/)).toBeInTheDocument();
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.queryByText(/puis acceptez-la/)).toBeNull();
    expect(screen.getByRole("link", { name: "Continuer vers le planning" })).toHaveAttribute("href", "/planning");
  });

  it("before acceptance, shows the form with both dates written alike", async () => {
    serve({ success: true, has_accepted: false, accepted: false, accepted_at: null });
    renderPage();
    expect(await screen.findByRole("checkbox")).toBeInTheDocument();
    expect(screen.getByText(/puis acceptez-la/)).toBeInTheDocument();
    expect(screen.getByText("En vigueur depuis le")).toBeInTheDocument();
    expect(screen.getByText("Dernière mise à jour le")).toBeInTheDocument();
  });
});
