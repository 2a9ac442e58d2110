import type { ReferentielData } from "@puerta/contract";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveByPath } from "../../../test/network.ts";
import { renderStaffScreen, SECRETARIAT } from "../shared/test-support.tsx";
import ReferentielPage from "./referentiel-page.tsx";

const DATA = "/api/gestion/referentiel";
const REFERENTIEL: ReferentielData = {
  centres: [{ id: 1, nom: "Ain Sebaa", adresse: "12 rue des Orangers", telephone: null, lien_carte: null }],
  filieres: [{ id: 2, nom: "Sciences" }],
  options: [],
  matieres: [],
  niveaux: [],
};

afterEach(() => vi.unstubAllGlobals());

const section = (name: string) => screen.getByRole("region", { name });

describe("/gestion/referentiel", () => {
  it("shows each kind of reference data, and says which ones are empty", async () => {
    serveByPath({ [DATA]: { status: 200, body: REFERENTIEL } });
    renderStaffScreen("/gestion/referentiel", <ReferentielPage />);
    await screen.findByRole("heading", { name: "Centres" });
    expect(section("Centres")).toHaveTextContent("Ain Sebaa");
    expect(section("Centres")).toHaveTextContent("12 rue des Orangers");
    expect(section("Filières")).toHaveTextContent("Sciences");
    expect(section("Options")).toHaveTextContent("Aucun élément.");
  });

  it("says in French that the referentiel could not be loaded", async () => {
    serveByPath({ [DATA]: "offline" });
    renderStaffScreen("/gestion/referentiel", <ReferentielPage />);
    expect(await screen.findByRole("alert", {}, { timeout: 4000 })).toHaveTextContent(
      "Impossible de contacter le serveur. Vérifiez votre connexion.",
    );
  });

  it("adds a filière and shows the referentiel the server answers", async () => {
    const after = { ...REFERENTIEL, filieres: [...REFERENTIEL.filieres, { id: 3, nom: "Lettres" }] };
    const calls = serveByPath({
      [DATA]: [
        { status: 200, body: REFERENTIEL },
        { status: 200, body: after },
      ],
      "/api/gestion/referentiel/filieres": { status: 201, body: after },
    });
    renderStaffScreen("/gestion/referentiel", <ReferentielPage />);
    await screen.findByRole("heading", { name: "Filières" });
    fireEvent.click(within(section("Filières")).getByRole("button", { name: /^Ajouter ?: filière$/ }));
    const dialog = await screen.findByRole("dialog", { name: "Ajouter : filière" });
    fireEvent.change(within(dialog).getByLabelText("Nom"), { target: { value: "Lettres" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer" }));
    expect(await screen.findByText("Élément ajouté.")).toBeVisible();
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      path: "/api/gestion/referentiel/filieres",
      body: { nom: "Lettres" },
    });
    expect(section("Filières")).toHaveTextContent("Lettres");
  });

  it("says why a deletion was refused, and keeps the item", async () => {
    serveByPath({
      [DATA]: { status: 200, body: REFERENTIEL },
      "/api/gestion/referentiel/filieres/2": {
        status: 409,
        body: { message: "Cette filière est utilisée : elle ne peut pas être supprimée." },
      },
    });
    renderStaffScreen("/gestion/referentiel", <ReferentielPage />);
    await screen.findByRole("heading", { name: "Filières" });
    fireEvent.click(within(section("Filières")).getByRole("button", { name: /^Supprimer ?Sciences$/ }));
    const confirm = await screen.findByRole("alertdialog", { name: "Supprimer « Sciences » ?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Supprimer" }));
    expect(await screen.findByText("Suppression refusée.")).toBeVisible();
    expect(screen.getByText("Cette filière est utilisée : elle ne peut pas être supprimée.")).toBeVisible();
    expect(section("Filières")).toHaveTextContent("Sciences");
  });

  it("is the direction's: another role is refused", async () => {
    serveByPath({ [DATA]: { status: 403, body: { message: "Action non autorisée." } } });
    renderStaffScreen("/gestion/referentiel", <ReferentielPage />, SECRETARIAT);
    expect(await screen.findByRole("heading", { name: "Accès refusé" })).toBeVisible();
    expect(screen.queryByRole("heading", { name: "Centres" })).toBeNull();
  });
});
