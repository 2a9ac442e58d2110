import { type Page, PUBLISHED_YEAR_MESSAGES, PUBLISHING_TEXT, type StaffPlanning } from "@puerta/contract";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveByPath } from "../../../test/network.ts";
import { CLOSED_YEAR, CURRENT_YEAR, SCHOOL_YEARS } from "../shared/school-year-fixtures.ts";
import { PEDAGOGIE, renderStaffScreen, SECRETARIAT } from "../shared/test-support.tsx";
import PlanningsPage from "./plannings-page.tsx";

const LIST = "/api/gestion/plannings?sort=-semaine_debut&page=1&per_page=50";
const CHOICES = {
  ...SCHOOL_YEARS,
  "/api/gestion/plannings/choix": {
    status: 200,
    body: { centres: [{ id: 1, nom: "Ain Sebaa" }], options: [{ id: 3, nom: "Intensif" }] },
  },
};

const planning = (id: number, titre: string, actif: boolean, annee = CURRENT_YEAR): StaffPlanning => ({
  id,
  titre,
  description: null,
  centre: { id: 1, nom: "Ain Sebaa" },
  option: null,
  semaine_debut: "2026-11-23",
  semaine_fin: "2026-11-29",
  actif,
  file_name: "planning.pdf",
  taille_fichier: 120_000,
  fichier_url: `/api/gestion/plannings/${id}/fichier`,
  created_at: "2026-11-20T08:00:00.000Z",
  annee,
});
const page = (data: StaffPlanning[]): Page<StaffPlanning> => ({ data, page: 1, per_page: 50, total: data.length });

afterEach(() => vi.unstubAllGlobals());

describe("/gestion/plannings", () => {
  it("lists the plannings with their centre, option and state", async () => {
    serveByPath({ ...CHOICES, [LIST]: { status: 200, body: page([planning(8, "Semaine 48", true)]) } });
    renderStaffScreen("/gestion/plannings", <PlanningsPage />, SECRETARIAT);
    const row = await screen.findByRole("row", { name: /Semaine 48/ });
    expect(row).toHaveTextContent("Ain Sebaa");
    expect(row).toHaveTextContent("Toutes les options");
    expect(row).toHaveTextContent("Actif");
    expect(screen.getByRole("button", { name: "Publier des plannings" })).toBeVisible();
  });

  it("says there is no planning yet", async () => {
    serveByPath({ ...CHOICES, [LIST]: { status: 200, body: page([]) } });
    renderStaffScreen("/gestion/plannings", <PlanningsPage />, SECRETARIAT);
    expect(await screen.findByText("Aucun planning")).toBeVisible();
    expect(screen.getByText("Publiez un premier planning : les étudiants le verront aussitôt.")).toBeVisible();
  });

  it("says in French that the list could not be loaded", async () => {
    serveByPath({ ...CHOICES, [LIST]: { status: 500, body: { message: "Erreur du serveur" } } });
    renderStaffScreen("/gestion/plannings", <PlanningsPage />, SECRETARIAT);
    expect(await screen.findByRole("alert", {}, { timeout: 4000 })).toHaveTextContent("Erreur du serveur");
  });

  it("sets a planning inactive, then shows the list as the server has it now", async () => {
    const calls = serveByPath({
      ...CHOICES,
      [LIST]: [
        { status: 200, body: page([planning(8, "Semaine 48", true)]) },
        { status: 200, body: page([planning(8, "Semaine 48", false)]) },
      ],
      "/api/gestion/plannings/8": { status: 200, body: planning(8, "Semaine 48", false) },
    });
    renderStaffScreen("/gestion/plannings", <PlanningsPage />, SECRETARIAT);
    await screen.findByRole("row", { name: /Semaine 48/ });
    fireEvent.click(screen.getByRole("button", { name: /^Gérer ?le planning Semaine 48$/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("checkbox", { name: /Actif/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer" }));
    expect(await screen.findByText(PUBLISHING_TEXT.updated)).toBeVisible();
    expect(calls.find((call) => call.method === "PATCH")).toMatchObject({
      path: "/api/gestion/plannings/8",
      body: { titre: "Semaine 48", actif: false, centre_id: 1 },
    });
    expect(await screen.findByText("Inactif")).toBeVisible();
  });

  it("shows a closed year's plannings under Année, read-only, and republishes one into this year", async () => {
    const PAST = "/api/gestion/plannings?annee=2&sort=-semaine_debut&page=1&per_page=50";
    const old = planning(5, "Semaine 12", true, CLOSED_YEAR);
    const calls = serveByPath({
      ...CHOICES,
      [LIST]: { status: 200, body: page([planning(8, "Semaine 48", true)]) },
      [PAST]: { status: 200, body: page([old]) },
      "/api/gestion/plannings/5/republier": { status: 201, body: planning(9, "Semaine 12", true) },
    });
    renderStaffScreen("/gestion/plannings", <PlanningsPage />, SECRETARIAT);
    await screen.findByRole("row", { name: /Semaine 48/ });
    const select = screen.getByRole("combobox", { name: "Année" });
    expect(within(select).getByRole("option", { name: "2026-2027 (en cours)" })).toBeInTheDocument();
    fireEvent.change(select, { target: { value: "2" } });

    const row = await screen.findByRole("row", { name: /Semaine 12/ });
    expect(row).toHaveTextContent(PUBLISHED_YEAR_MESSAGES.readOnly);
    expect(within(row).queryByRole("button", { name: /Gérer/ })).toBeNull();
    fireEvent.click(within(row).getByRole("button", { name: /^Republier ?le planning Semaine 12$/ }));
    expect(await screen.findByText(PUBLISHED_YEAR_MESSAGES.republished("2026-2027"))).toBeVisible();
    const sent = calls.find((call) => call.method === "POST");
    expect(sent?.path).toBe("/api/gestion/plannings/5/republier");
    expect(sent?.idempotencyKey).toMatch(/\S/);
  });

  it("is refused to the pedagogie, without asking the API", async () => {
    const calls = serveByPath({});
    renderStaffScreen("/gestion/plannings", <PlanningsPage />, PEDAGOGIE);
    expect(await screen.findByRole("heading", { name: "Accès refusé" })).toBeVisible();
    expect(calls).toEqual([]);
  });
});
