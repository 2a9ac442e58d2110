import type { EventRecord } from "@puerta/contract";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveByPath } from "../../../test/network.ts";
import { renderRoutes } from "../../../test/render.tsx";
import EventsPage from "./events-page.tsx";

const event = (id: number, overrides: Partial<EventRecord> = {}): EventRecord => ({
  id,
  nom_evenement: `Atelier ${id}`,
  jour_evenement: "2027-03-20",
  lieu: "Centre Zenith",
  description: "Méthode de l'examen.",
  is_future: true,
  affiche: null,
  ...overrides,
});

describe("EventsPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows each event's hours beside its day, or the whole day", async () => {
    serveByPath({
      "/api/parascolaires": {
        status: 200,
        body: { success: true, data: [event(1, { heure_debut: "14:30", heure_fin: "17:00" }), event(2)] },
      },
      "/api/parascolaires-stats": {
        status: 200,
        body: { success: true, data: { total_events: 2, future_events: 2, past_events: 0 } },
      },
    });
    renderRoutes([{ path: "/parascolaire-calendar", Component: EventsPage }], "/parascolaire-calendar");
    const [timed, allDay] = await screen.findAllByRole("article");
    expect(within(timed as HTMLElement).getByText("14:30 – 17:00")).toBeInTheDocument();
    expect(within(timed as HTMLElement).getByText("20 mars 2027")).toBeInTheDocument();
    expect(within(allDay as HTMLElement).getByText("Toute la journée")).toBeInTheDocument();
  });
});
