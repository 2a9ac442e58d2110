import { type EventRecord, toCalendarEvent } from "@puerta/contract";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveByPath } from "../../../test/network.ts";
import { renderRoutes } from "../../../test/render.tsx";
import EventDetailPage from "./event-detail-page.tsx";

const EVENT: EventRecord = {
  id: 12,
  nom_evenement: "Soirée de gala de fin d'année",
  jour_evenement: "2027-06-12",
  lieu: "Salle des fêtes, Casablanca",
  description: "Dîner, musique et remise des prix.",
  is_future: true,
  affiche: null,
};

const CalendarStandIn = () => <h1>Calendrier Parascolaire</h1>;

const serve = (routes: Parameters<typeof serveByPath>[0]) =>
  serveByPath(routes, { status: 404, body: { message: "Événement non trouvé" } });
const renderAt = (entry: string | { pathname: string; state: unknown }) =>
  renderRoutes(
    [
      { path: "/parascolaire/:id", Component: EventDetailPage },
      { path: "/parascolaire-calendar", Component: CalendarStandIn },
    ],
    entry,
  );

async function expectDetail(status: string) {
  expect(await screen.findByRole("heading", { level: 1, name: EVENT.nom_evenement })).toBeInTheDocument();
  expect(screen.getByText("Gala")).toBeInTheDocument();
  expect(screen.getByText("12 juin 2027")).toBeInTheDocument();
  expect(screen.getByText("samedi 12 juin 2027")).toBeInTheDocument();
  expect(screen.getByText("Tous les étudiants")).toBeInTheDocument();
  expect(screen.getByText(EVENT.description)).toBeInTheDocument();
  expect(screen.getByText(status)).toBeInTheDocument();
}

describe("EventDetailPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the event passed in navigation state without fetching it", async () => {
    const calls = serve({});
    renderAt({ pathname: "/parascolaire/12", state: { event: toCalendarEvent(EVENT) } });
    await expectDetail("Événement à venir");
    expect(calls).toEqual([]);
  });

  it("shows the hours the staff entered, or the whole day", async () => {
    serve({});
    renderAt({
      pathname: "/parascolaire/12",
      state: { event: toCalendarEvent({ ...EVENT, heure_debut: "14:30", heure_fin: "17:00" }) },
    });
    expect(await screen.findByText("14:30 – 17:00")).toBeInTheDocument();
    expect(screen.getByText("Horaire")).toBeInTheDocument();
  });

  it("says 'Toute la journée' for an event without hours", async () => {
    serve({ "/api/parascolaires/12": { status: 200, body: { success: true, data: EVENT } } });
    renderAt("/parascolaire/12");
    expect(await screen.findByText("Toute la journée")).toBeInTheDocument();
  });

  it("loads the event from the API when opened directly", async () => {
    const calls = serve({
      "/api/parascolaires/12": { status: 200, body: { success: true, data: { ...EVENT, is_future: false } } },
    });
    renderAt("/parascolaire/12");
    await expectDetail("Événement passé");
    expect(calls.map((c) => c.path)).toEqual(["/api/parascolaires/12"]);
  });

  it("says 'Événement non trouvé' with a way back when the event does not exist", async () => {
    serve({});
    renderAt("/parascolaire/999");
    expect(await screen.findByRole("heading", { level: 1, name: "Événement non trouvé" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Retour aux événements" })).toHaveAttribute(
      "href",
      "/parascolaire-calendar",
    );
  });

  it("does not call the API for an id that is not a number", async () => {
    const calls = serve({});
    renderAt("/parascolaire/abc");
    expect(await screen.findByRole("heading", { name: "Événement non trouvé" })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
