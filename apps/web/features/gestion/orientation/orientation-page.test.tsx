import { type Page, PUBLISHING_TEXT, type StaffOrientationDocument } from "@puerta/contract";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveByPath } from "../../../test/network.ts";
import { DIRECTION, PEDAGOGIE, renderStaffScreen, SECRETARIAT } from "../shared/test-support.tsx";
import OrientationPage from "./orientation-page.tsx";

const LIST = "/api/gestion/orientation?sort=-created_at&page=1&per_page=50";

const guide = (id: number, titre: string): StaffOrientationDocument => ({
  id,
  titre,
  description: "Les filières après le bac",
  file_name: "guide.pdf",
  taille_fichier: 240_000,
  fichier_url: `/api/gestion/orientation/${id}/fichier`,
  created_at: "2026-10-01T08:00:00.000Z",
});
const page = (data: StaffOrientationDocument[]): Page<StaffOrientationDocument> => ({
  data,
  page: 1,
  per_page: 50,
  total: data.length,
});

afterEach(() => vi.unstubAllGlobals());

describe("/gestion/orientation", () => {
  it("lists the guides with their description and file", async () => {
    serveByPath({ [LIST]: { status: 200, body: page([guide(5, "Guide des études en Espagne")]) } });
    renderStaffScreen("/gestion/orientation", <OrientationPage />, PEDAGOGIE);
    const row = await screen.findByRole("row", { name: /Guide des études en Espagne/ });
    expect(row).toHaveTextContent("Les filières après le bac");
    expect(screen.getByRole("button", { name: "Publier un document" })).toBeVisible();
  });

  it("says there is no guide yet", async () => {
    serveByPath({ [LIST]: { status: 200, body: page([]) } });
    renderStaffScreen("/gestion/orientation", <OrientationPage />, PEDAGOGIE);
    expect(await screen.findByText("Aucun document d'orientation")).toBeVisible();
  });

  it("says in French that the list could not be loaded", async () => {
    serveByPath({ [LIST]: "offline" });
    renderStaffScreen("/gestion/orientation", <OrientationPage />, PEDAGOGIE);
    expect(await screen.findByRole("alert", {}, { timeout: 4000 })).toHaveTextContent(
      "Impossible de contacter le serveur. Vérifiez votre connexion.",
    );
  });

  it("renames a guide, then shows the list as the server has it now", async () => {
    const calls = serveByPath({
      [LIST]: [
        { status: 200, body: page([guide(5, "Guide des études en Espagne")]) },
        { status: 200, body: page([guide(5, "Étudier en Espagne")]) },
      ],
      "/api/gestion/orientation/5": { status: 200, body: guide(5, "Étudier en Espagne") },
    });
    renderStaffScreen("/gestion/orientation", <OrientationPage />, DIRECTION);
    await screen.findByRole("row", { name: /Guide des études en Espagne/ });
    fireEvent.click(screen.getByRole("button", { name: /^Gérer ?le document Guide des études en Espagne$/ }));
    const dialog = await screen.findByRole("dialog", { name: "Document « Guide des études en Espagne »" });
    fireEvent.change(within(dialog).getByLabelText("Titre"), { target: { value: "Étudier en Espagne" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer" }));
    expect(await screen.findByText(PUBLISHING_TEXT.updated)).toBeVisible();
    expect(calls.find((call) => call.method === "PATCH")).toMatchObject({
      path: "/api/gestion/orientation/5",
      body: { titre: "Étudier en Espagne" },
    });
    expect(await screen.findByRole("row", { name: /Étudier en Espagne/ })).toBeVisible();
  });

  it("withdraws a guide after confirming, and the list no longer shows it", async () => {
    const calls = serveByPath({
      [LIST]: [
        { status: 200, body: page([guide(5, "Guide des études en Espagne")]) },
        { status: 200, body: page([]) },
      ],
      "/api/gestion/orientation/5": { status: 200, body: {} },
    });
    renderStaffScreen("/gestion/orientation", <OrientationPage />, DIRECTION);
    await screen.findByRole("row", { name: /Guide des études en Espagne/ });
    fireEvent.click(screen.getByRole("button", { name: /^Gérer ?le document Guide des études en Espagne$/ }));
    fireEvent.click(await screen.findByRole("button", { name: "Retirer le document" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Retirer ce document ?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Retirer" }));
    expect(await screen.findByText(PUBLISHING_TEXT.withdrawn)).toBeVisible();
    expect(calls.find((call) => call.method === "DELETE")).toMatchObject({ path: "/api/gestion/orientation/5" });
    expect(await screen.findByText("Aucun document d'orientation")).toBeVisible();
  });

  it("is the pedagogie's and the direction's: the secretariat is refused", async () => {
    const calls = serveByPath({});
    renderStaffScreen("/gestion/orientation", <OrientationPage />, SECRETARIAT);
    expect(await screen.findByRole("heading", { name: "Accès refusé" })).toBeVisible();
    expect(calls).toEqual([]);
  });
});
