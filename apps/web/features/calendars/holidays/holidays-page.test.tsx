import type { HolidayRecord } from "@puerta/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveByPath } from "../../../test/network.ts";
import { renderRoutes } from "../../../test/render.tsx";
import HolidaysPage from "./holidays-page.tsx";

const HOLIDAYS: HolidayRecord[] = [
  { id: 1, nom: "Fête de l'Unité", description: "Fête nationale.", formatted_date: "2026-10-31" },
  { id: 2, nom: "Nouvel An", description: "Jour férié international.", formatted_date: "2027-01-01" },
  { id: 3, nom: "Nouvel An amazigh (Yennayer)", description: null, formatted_date: "2027-01-14" },
  { id: 4, nom: "Aïd al-Fitr", description: "Jour férié religieux.", formatted_date: "2027-03-10" },
];

const serve = (routes: Parameters<typeof serveByPath>[0]) =>
  serveByPath(routes, { status: 404, body: { message: "Introuvable" } });
const renderPage = () => renderRoutes([{ path: "/jourOff-calendar", Component: HolidaysPage }], "/jourOff-calendar");

const ok = {
  "/api/jours-feries": { status: 200, body: { success: true, data: HOLIDAYS, message: "ok" } },
  "/api/jours-feries/statistics": {
    status: 200,
    body: { success: true, data: { total: 4, centres_fermes: 3, congé_tous: 100 } },
  },
};

describe("HolidaysPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows each holiday with its category colour, the fixed texts and the default description", async () => {
    serve(ok);
    renderPage();
    const list = await screen.findByRole("list", { name: "Jours fériés" });
    const cards = within(list).getAllByRole("listitem");
    expect(cards).toHaveLength(4);
    expect(within(cards[0] as HTMLElement).getByText("31 octobre 2026")).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByText("National")).toHaveClass("bg-blue-100");
    expect(within(cards[1] as HTMLElement).getByText("International")).toHaveClass("bg-purple-100");
    expect(within(cards[3] as HTMLElement).getByText("Religieux")).toHaveClass("bg-green-100");
    expect(within(cards[2] as HTMLElement).getByText("Jour férié: Nouvel An amazigh (Yennayer)")).toBeInTheDocument();
    expect(within(cards[2] as HTMLElement).getByText("Tous les centres")).toBeInTheDocument();
    expect(within(cards[2] as HTMLElement).getByText("Fermé à tous")).toBeInTheDocument();
    expect(screen.getByText("100 %")).toBeInTheDocument();
  });

  it("filters by month and names the month when it is empty", async () => {
    serve(ok);
    renderPage();
    await screen.findByRole("list", { name: "Jours fériés" });
    await userEvent.click(screen.getByRole("button", { name: "Janvier" }));
    expect(screen.getByRole("button", { name: "Janvier" })).toHaveAttribute("aria-pressed", "true");
    expect(within(screen.getByRole("list", { name: "Jours fériés" })).getAllByRole("listitem")).toHaveLength(2);
    await userEvent.click(screen.getByRole("button", { name: "Décembre" }));
    expect(screen.getByRole("heading", { name: "Aucun jour férié" })).toBeInTheDocument();
    expect(screen.getByText("Aucun jour férié trouvé pour le mois de décembre.")).toBeInTheDocument();
  });

  it("says so when the year has no holiday, and falls back to the default stats when they fail", async () => {
    serve({
      "/api/jours-feries": { status: 200, body: { success: true, data: [], message: "vide" } },
      "/api/jours-feries/statistics": { status: 500, body: { message: "Erreur du serveur" } },
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    renderPage();
    expect(await screen.findByText("Aucun jour férié trouvé pour cette année.")).toBeInTheDocument();
    expect(await screen.findByText("100 %")).toBeInTheDocument();
    expect(screen.getByText("3")).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("shows 'Erreur de connexion' with a retry that reloads the list and the stats", async () => {
    const routes: Record<string, { status: number; body: unknown }> = {
      ...ok,
      "/api/jours-feries": { status: 500, body: { message: "Erreur du serveur" } },
    };
    const calls = serve(routes);
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Erreur de chargement")).toBeInTheDocument();
    expect(within(alert).getByText("Erreur de connexion: Erreur du serveur")).toBeInTheDocument();

    routes["/api/jours-feries"] = ok["/api/jours-feries"];
    const statsCalls = () => calls.filter((c) => c.path === "/api/jours-feries/statistics").length;
    const statsBefore = statsCalls();
    await userEvent.click(within(alert).getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByRole("list", { name: "Jours fériés" })).toBeInTheDocument();
    expect(statsCalls()).toBe(statsBefore + 1);
  });

  it("uses the server's message, or 'Failed to fetch holidays', for an unsuccessful answer", async () => {
    serve({ ...ok, "/api/jours-feries": { status: 200, body: { success: false } } });
    renderPage();
    expect(await screen.findByText("Failed to fetch holidays")).toBeInTheDocument();
  });
});
