import type { Page, PolicyVersion } from "@puerta/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveByPath } from "../../../test/network.ts";
import { renderStaffScreen, SECRETARIAT } from "../shared/test-support.tsx";
import PolitiquePage from "./politique-page.tsx";

const LIST = "/api/gestion/politique?sort=-version&page=1&per_page=50";
const IN_FORCE = "/api/gestion/politique?statut=publiee&sort=-version&page=1&per_page=1";

const version = (id: number, overrides: Partial<PolicyVersion> = {}): PolicyVersion => ({
  id,
  version: id,
  titre: "Politique de non-remboursement",
  contenu: "## Article 1 — Objet\n\nLes frais ne sont pas remboursés.",
  date_effet: "2026-09-01",
  statut: "publiee",
  en_vigueur: true,
  published_at: "2026-08-25T08:00:00.000Z",
  updated_at: "2026-08-25T08:00:00.000Z",
  acceptations: 312,
  ...overrides,
});
const page = (data: PolicyVersion[]): Page<PolicyVersion> => ({ data, page: 1, per_page: 50, total: data.length });

afterEach(() => vi.unstubAllGlobals());

describe("/gestion/politique", () => {
  it("lists the versions, the one in force with its acceptations", async () => {
    serveByPath({ [LIST]: { status: 200, body: page([version(2)]) } });
    renderStaffScreen("/gestion/politique", <PolitiquePage />);
    const row = await screen.findByRole("row", { name: /Politique de non-remboursement/ });
    expect(row).toHaveTextContent("En vigueur");
    expect(row).toHaveTextContent("312");
  });

  it("says there is no version yet", async () => {
    serveByPath({ [LIST]: { status: 200, body: page([]) } });
    renderStaffScreen("/gestion/politique", <PolitiquePage />);
    expect(await screen.findByText("Aucune version")).toBeVisible();
    expect(screen.getByText("Créez la première version de la politique.")).toBeVisible();
  });

  it("says in French that the versions could not be loaded", async () => {
    serveByPath({ [LIST]: "offline" });
    renderStaffScreen("/gestion/politique", <PolitiquePage />);
    expect(await screen.findByRole("alert", {}, { timeout: 4000 })).toHaveTextContent(
      "Impossible de contacter le serveur. Vérifiez votre connexion.",
    );
  });

  it("starts a new draft from the version in force and opens it", async () => {
    const draft = version(3, { version: null, statut: "brouillon", en_vigueur: false, published_at: null });
    const calls = serveByPath({
      [LIST]: { status: 200, body: page([version(2)]) },
      [IN_FORCE]: { status: 200, body: page([version(2)]) },
      "/api/gestion/politique": { status: 201, body: draft },
    });
    const router = renderStaffScreen("/gestion/politique", <PolitiquePage />);
    fireEvent.click(await screen.findByRole("button", { name: "Nouvelle version" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/gestion/politique/3"));
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      path: "/api/gestion/politique",
      body: { titre: "Politique de non-remboursement", contenu: version(2).contenu },
    });
  });

  it("is the direction's: another role is refused, without asking the API", async () => {
    const calls = serveByPath({});
    renderStaffScreen("/gestion/politique", <PolitiquePage />, SECRETARIAT);
    expect(await screen.findByRole("heading", { name: "Accès refusé" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Nouvelle version" })).toBeNull();
    expect(calls).toEqual([]);
  });
});
