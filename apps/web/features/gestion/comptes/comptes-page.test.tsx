import type { Page, StaffAccount } from "@puerta/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveByPath } from "../../../test/network.ts";
import { renderStaffScreen, SECRETARIAT } from "../shared/test-support.tsx";
import ComptesPage from "./comptes-page.tsx";

const account = (id: number, name: string, statut: StaffAccount["statut"]): StaffAccount => ({
  id,
  name,
  email: `${name.split(" ")[0]?.toLowerCase()}@example.com`,
  role: "secretariat",
  centre_ids: [1],
  statut,
  totp_enrolled: false,
  last_login_at: null,
  created_at: "2026-09-01T08:00:00.000Z",
});

const LIST = "/api/gestion/comptes?sort=name&page=1&per_page=50";
const CENTRES = { "/api/gestion/referentiel/centres": { status: 200, body: { data: [{ id: 1, name: "Ain Sebaa" }] } } };
const page = (data: StaffAccount[]): Page<StaffAccount> => ({ data, page: 1, per_page: 50, total: data.length });

afterEach(() => vi.unstubAllGlobals());

describe("/gestion/comptes", () => {
  it("lists the accounts the API sends, with their role, centres and status", async () => {
    serveByPath({
      ...CENTRES,
      [LIST]: {
        status: 200,
        body: page([account(4, "Samira Alaoui", "actif"), account(5, "Youssef Idrissi", "invitation_envoyee")]),
      },
    });
    renderStaffScreen("/gestion/comptes", <ComptesPage />);
    const row = await screen.findByRole("row", { name: /Samira Alaoui/ });
    expect(row).toHaveTextContent("Secrétariat");
    expect(row).toHaveTextContent("Actif");
    await waitFor(() => expect(row).toHaveTextContent("Ain Sebaa"));
    expect(screen.getByRole("row", { name: /Youssef Idrissi/ })).toHaveTextContent("Invitation envoyée");
  });

  it("says so when there is no account yet", async () => {
    serveByPath({ ...CENTRES, [LIST]: { status: 200, body: page([]) } });
    renderStaffScreen("/gestion/comptes", <ComptesPage />);
    expect(await screen.findByText("Aucun compte")).toBeVisible();
    expect(screen.getByText("Invitez un premier membre du personnel.")).toBeVisible();
  });

  it("says in French that the list could not be loaded", async () => {
    serveByPath({ ...CENTRES, [LIST]: "offline" });
    renderStaffScreen("/gestion/comptes", <ComptesPage />);
    expect(
      await screen.findByText("Impossible de contacter le serveur. Vérifiez votre connexion.", {}, { timeout: 4000 }),
    ).toBeVisible();
  });

  it("deactivates an account after confirming, then shows the list as the server has it now", async () => {
    const calls = serveByPath({
      ...CENTRES,
      [LIST]: [
        { status: 200, body: page([account(4, "Samira Alaoui", "actif")]) },
        { status: 200, body: page([account(4, "Samira Alaoui", "desactive")]) },
      ],
      "/api/gestion/comptes/4/desactiver": { status: 200, body: account(4, "Samira Alaoui", "desactive") },
    });
    renderStaffScreen("/gestion/comptes", <ComptesPage />);
    await screen.findByRole("row", { name: /Samira Alaoui/ });
    // jsdom's name for "Gérer<span class="sr-only"> le compte de …</span>" drops the space.
    fireEvent.click(screen.getByRole("button", { name: /^Gérer ?le compte de Samira Alaoui$/ }));
    fireEvent.click(await screen.findByRole("button", { name: "Désactiver le compte" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Désactiver ce compte ?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Désactiver" }));
    expect(await screen.findByText("Compte désactivé.")).toBeVisible();
    expect(calls.find((call) => call.path === "/api/gestion/comptes/4/desactiver")).toMatchObject({ method: "POST" });
    expect(calls.filter((call) => call.path === LIST)).toHaveLength(2);
    expect(screen.getByRole("row", { name: /Samira Alaoui/ })).toHaveTextContent("Désactivé");
  });

  it("refuses the screen to a role that may not manage accounts, without asking the API", async () => {
    const calls = serveByPath(CENTRES);
    renderStaffScreen("/gestion/comptes", <ComptesPage />, SECRETARIAT);
    expect(await screen.findByRole("heading", { name: "Accès refusé" })).toBeVisible();
    expect(screen.getByText("Votre rôle ne permet pas d'ouvrir cette page.")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Inviter un membre du personnel" })).toBeNull();
    expect(calls.some((call) => call.path.startsWith("/api/gestion/comptes"))).toBe(false);
  });
});
