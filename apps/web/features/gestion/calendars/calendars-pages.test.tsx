import {
  calendarDay,
  type Page,
  PUBLISHED_YEAR_MESSAGES,
  type StaffEvent,
  type StaffHoliday,
  schoolYearOf,
} from "@puerta/contract";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveByPath } from "../../../test/network.ts";
import { CLOSED_YEAR, CURRENT_YEAR, SCHOOL_YEARS } from "../shared/school-year-fixtures.ts";
import { PEDAGOGIE, renderStaffScreen, SECRETARIAT } from "../shared/test-support.tsx";
import EventsPage from "./events-page.tsx";
import HolidaysPage from "./holidays-page.tsx";

const CENTRES = {
  "/api/gestion/referentiel/centres": {
    status: 200,
    body: {
      data: [
        { id: 1, name: "Ain Sebaa" },
        { id: 2, name: "Zenith" },
      ],
    },
  },
};
const page = <T,>(data: T[]): Page<T> => ({ data, page: 1, per_page: 50, total: data.length });

afterEach(() => vi.unstubAllGlobals());

const EVENTS = "/api/gestion/parascolaire?sort=date&page=1&per_page=50";
const event = (id: number, nom: string, centreIds: number[], annee = CURRENT_YEAR): StaffEvent => ({
  id,
  nom,
  date: "2026-12-12",
  heure_debut: "14:30",
  heure_fin: "16:00",
  lieu: "Salle polyvalente",
  description: "",
  type: "cultural",
  tous_centres: false,
  centre_ids: centreIds,
  affiche: null,
  sequence: 1,
  updated_at: "2026-11-20T08:00:00.000Z",
  annee,
});

describe("/gestion/parascolaire", () => {
  it("lists the events with their date, hours, type and centres", async () => {
    serveByPath({ ...CENTRES, [EVENTS]: { status: 200, body: page([event(4, "Soirée flamenco", [1])]) } });
    renderStaffScreen("/gestion/parascolaire", <EventsPage />);
    const row = await screen.findByRole("row", { name: /Soirée flamenco/ });
    expect(row).toHaveTextContent("Salle polyvalente");
    expect(row).toHaveTextContent("14:30 – 16:00");
    expect(row).toHaveTextContent("Culturel");
    expect(await within(row).findByText("Ain Sebaa")).toBeVisible();
  });

  it("says there is no event yet", async () => {
    serveByPath({ ...CENTRES, [EVENTS]: { status: 200, body: page([]) } });
    renderStaffScreen("/gestion/parascolaire", <EventsPage />);
    expect(await screen.findByText("Aucun événement")).toBeVisible();
  });

  it("says in French that the events could not be loaded", async () => {
    serveByPath({ ...CENTRES, [EVENTS]: "offline" });
    renderStaffScreen("/gestion/parascolaire", <EventsPage />);
    expect(await screen.findByRole("alert", {}, { timeout: 4000 })).toHaveTextContent(
      "Impossible de contacter le serveur. Vérifiez votre connexion.",
    );
  });

  it("withdraws an event after confirming, and reads the list again", async () => {
    const calls = serveByPath({
      ...CENTRES,
      [EVENTS]: [
        { status: 200, body: page([event(4, "Soirée flamenco", [1])]) },
        { status: 200, body: page([]) },
      ],
      "/api/gestion/parascolaire/4": { status: 200, body: {} },
    });
    renderStaffScreen("/gestion/parascolaire", <EventsPage />);
    await screen.findByRole("row", { name: /Soirée flamenco/ });
    fireEvent.click(screen.getByRole("button", { name: /^Retirer ?« Soirée flamenco »$/ }));
    const confirm = await screen.findByRole("alertdialog");
    fireEvent.click(within(confirm).getByRole("button", { name: "Retirer" }));
    expect(await screen.findByText("Aucun événement")).toBeVisible();
    expect(calls.find((call) => call.method === "DELETE")).toMatchObject({ path: "/api/gestion/parascolaire/4" });
  });

  it("lets a secretary change only the events of her centres", async () => {
    serveByPath({
      ...CENTRES,
      [EVENTS]: { status: 200, body: page([event(4, "Soirée flamenco", [1]), event(5, "Gala de Zenith", [2])]) },
    });
    renderStaffScreen("/gestion/parascolaire", <EventsPage />, SECRETARIAT);
    const own = await screen.findByRole("row", { name: /Soirée flamenco/ });
    expect(within(own).getByRole("button", { name: /^Modifier/ })).toBeVisible();
    const other = screen.getByRole("row", { name: /Gala de Zenith/ });
    expect(within(other).queryByRole("button")).toBeNull();
    expect(other).toHaveTextContent("Lecture seule");
  });

  it("shows a closed year's events under Année without Modifier or Retirer, and republishes one", async () => {
    const PAST = "/api/gestion/parascolaire?annee=2&sort=date&page=1&per_page=50";
    const calls = serveByPath({
      ...CENTRES,
      ...SCHOOL_YEARS,
      [EVENTS]: { status: 200, body: page([event(4, "Soirée flamenco", [1])]) },
      [PAST]: { status: 200, body: page([event(2, "Kermesse", [1], CLOSED_YEAR)]) },
      "/api/gestion/parascolaire/2/republier": { status: 201, body: event(9, "Kermesse", [1]) },
    });
    renderStaffScreen("/gestion/parascolaire", <EventsPage />, SECRETARIAT);
    await screen.findByRole("row", { name: /Soirée flamenco/ });
    fireEvent.change(screen.getByRole("combobox", { name: "Année" }), { target: { value: "2" } });
    const row = await screen.findByRole("row", { name: /Kermesse/ });
    expect(row).toHaveTextContent(PUBLISHED_YEAR_MESSAGES.readOnly);
    expect(within(row).queryByRole("button", { name: /^Modifier|^Retirer/ })).toBeNull();
    fireEvent.click(within(row).getByRole("button", { name: /^Republier ?l'événement Kermesse$/ }));
    expect(await screen.findByText(PUBLISHED_YEAR_MESSAGES.republished("2026-2027"))).toBeVisible();
    expect(calls.find((call) => call.method === "POST")?.path).toBe("/api/gestion/parascolaire/2/republier");
  });
});

const startYear = schoolYearOf(calendarDay(new Date())).startYear;
const yearLabel = `${startYear}-${startYear + 1}`;
const HOLIDAYS = "/api/gestion/jours-feries?sort=date&page=1&per_page=50";
const holiday = (id: number, nom: string, statut: StaffHoliday["statut_date"]): StaffHoliday => ({
  id,
  nom,
  description: null,
  categorie: "religieux",
  date: `${startYear + 1}-03-20`,
  date_fin: null,
  statut_date: statut,
  tous_centres: true,
  centre_ids: [],
  genere: true,
  sequence: 1,
  updated_at: "2026-11-20T08:00:00.000Z",
});

describe("/gestion/jours-feries", () => {
  it("lists the holidays of the school year with the status of their date", async () => {
    serveByPath({ ...CENTRES, [HOLIDAYS]: { status: 200, body: page([holiday(9, "Aïd al-Fitr", "prevue")]) } });
    renderStaffScreen("/gestion/jours-feries", <HolidaysPage />);
    expect(await screen.findByRole("heading", { name: `Jours fériés ${yearLabel}` })).toBeVisible();
    const row = await screen.findByRole("row", { name: /Aïd al-Fitr/ });
    expect(row).toHaveTextContent("Tous les centres");
  });

  it("says there is none yet, and how to add them", async () => {
    serveByPath({ ...CENTRES, [HOLIDAYS]: { status: 200, body: page([]) } });
    renderStaffScreen("/gestion/jours-feries", <HolidaysPage />);
    expect(await screen.findByText("Aucun jour férié")).toBeVisible();
    expect(screen.getByText(`Générez les jours fériés de ${yearLabel} ou ajoutez une fermeture.`)).toBeVisible();
  });

  it("generates the school year's holidays, says how many, and reads the list again", async () => {
    const calls = serveByPath({
      ...CENTRES,
      [HOLIDAYS]: [
        { status: 200, body: page([]) },
        { status: 200, body: page([holiday(9, "Aïd al-Fitr", "prevue")]) },
      ],
      "/api/gestion/jours-feries/generer": { status: 200, body: { annee: startYear, created: 12 } },
    });
    renderStaffScreen("/gestion/jours-feries", <HolidaysPage />);
    await screen.findByText("Aucun jour férié");
    fireEvent.click(screen.getByRole("button", { name: `Générer ${yearLabel}` }));
    expect(await screen.findByText(`12 jours ajoutés pour ${yearLabel}.`)).toBeVisible();
    expect(calls.find((call) => call.path === "/api/gestion/jours-feries/generer")).toMatchObject({
      method: "POST",
      body: { annee: startYear },
    });
    expect(await screen.findByRole("row", { name: /Aïd al-Fitr/ })).toBeVisible();
  });

  it("confirms a religious holiday's expected date", async () => {
    const calls = serveByPath({
      ...CENTRES,
      [HOLIDAYS]: { status: 200, body: page([holiday(9, "Aïd al-Fitr", "prevue")]) },
      "/api/gestion/jours-feries/9/confirmer": { status: 200, body: holiday(9, "Aïd al-Fitr", "confirmee") },
    });
    renderStaffScreen("/gestion/jours-feries", <HolidaysPage />);
    await screen.findByRole("row", { name: /Aïd al-Fitr/ });
    fireEvent.click(screen.getByRole("button", { name: /^Confirmer la date ?de « Aïd al-Fitr »$/ }));
    expect(await screen.findByText("Date confirmée.")).toBeVisible();
    expect(calls.find((call) => call.path.endsWith("/confirmer"))).toMatchObject({ method: "POST" });
  });

  it("leaves generation and every-centre holidays to the direction", async () => {
    serveByPath({ ...CENTRES, [HOLIDAYS]: { status: 200, body: page([holiday(9, "Aïd al-Fitr", "prevue")]) } });
    renderStaffScreen("/gestion/jours-feries", <HolidaysPage />, SECRETARIAT);
    const row = await screen.findByRole("row", { name: /Aïd al-Fitr/ });
    expect(within(row).queryByRole("button")).toBeNull();
    expect(screen.queryByRole("button", { name: `Générer ${yearLabel}` })).toBeNull();
    expect(screen.getByRole("button", { name: "Ajouter une fermeture" })).toBeVisible();
  });

  it("is refused to the pedagogie", async () => {
    serveByPath({});
    renderStaffScreen("/gestion/jours-feries", <HolidaysPage />, PEDAGOGIE);
    expect(await screen.findByRole("heading", { name: "Accès refusé" })).toBeVisible();
  });
});
