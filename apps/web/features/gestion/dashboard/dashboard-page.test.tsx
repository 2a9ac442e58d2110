import type { DashboardResponse } from "@puerta/contract";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveByPath } from "../../../test/network.ts";
import { auditEntry } from "../shared/audit-fixtures.ts";
import { PEDAGOGIE, renderStaffScreen } from "../shared/test-support.tsx";
import DashboardPage from "./dashboard-page.tsx";

const DASHBOARD = "/api/gestion/tableau-de-bord";
const ANSWER: DashboardResponse = {
  counters: [
    { key: "demandes", label: "Demandes en attente", value: 4, href: "/gestion/demandes?status=En+Cours" },
    { key: "messages", label: "Messages non lus", value: 2, href: "/gestion/messages?lecture=non_lu" },
  ],
  journal: [auditEntry(31, "Fiche de Aïcha Benali modifiée")],
};

afterEach(() => vi.unstubAllGlobals());

describe("/gestion (tableau de bord)", () => {
  it("shows each counter as a link to its list, and the last actions linked to the journal", async () => {
    serveByPath({ [DASHBOARD]: { status: 200, body: ANSWER } });
    renderStaffScreen("/gestion", <DashboardPage />);
    expect(await screen.findByRole("link", { name: /^4 ?Demandes en attente$/ })).toHaveAttribute(
      "href",
      "/gestion/demandes?status=En+Cours",
    );
    expect(screen.getByRole("link", { name: /^2 ?Messages non lus$/ })).toBeVisible();
    expect(screen.getByRole("link", { name: "Fiche de Aïcha Benali modifiée" })).toHaveAttribute(
      "href",
      "/gestion/journal/31",
    );
    expect(screen.getByText("Bonjour Nadia Direction.")).toBeVisible();
  });

  it("says when a role has no counter and nothing was done yet, without journal links", async () => {
    serveByPath({ [DASHBOARD]: { status: 200, body: { counters: [], journal: [] } } });
    renderStaffScreen("/gestion", <DashboardPage />, PEDAGOGIE);
    expect(await screen.findByText("Aucun compteur pour votre rôle pour le moment.")).toBeVisible();
    expect(screen.getByText("Aucune action enregistrée pour le moment.")).toBeVisible();
    expect(screen.queryByRole("link", { name: "Tout le journal" })).toBeNull();
  });

  it("says in French that the dashboard could not be loaded", async () => {
    serveByPath({ [DASHBOARD]: "offline" });
    renderStaffScreen("/gestion", <DashboardPage />);
    expect(await screen.findByRole("alert", {}, { timeout: 4000 })).toHaveTextContent(
      "Impossible de contacter le serveur. Vérifiez votre connexion.",
    );
  });
});
