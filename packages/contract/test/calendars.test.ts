import { describe, expect, it } from "vitest";
import {
  ALL_MONTHS,
  calendarDay,
  type EventType,
  filterByMonth,
  formatEventHours,
  formatFrenchDate,
  holidayCategory,
  inferEventType,
  MONTH_OPTIONS,
  monthLabel,
  monthOfRawDate,
  nextDay,
  schoolYearOf,
  toCalendarEvent,
  toCalendarHoliday,
} from "../src/index.ts";

describe("event type inference", () => {
  const cases: [string, EventType][] = [
    ["Cérémonie d'ouverture de l'année", "ceremony"],
    ["Forum d'orientation : études en Espagne", "orientation"],
    ["Semaine culturelle hispanique", "cultural"],
    ["Concours d'éloquence en espagnol", "competition"],
    ["Journée portes ouvertes", "open-day"],
    ["Soirée de gala de fin d'année", "gala"],
    ["Atelier de méthodologie de l'examen", "academic"],
    ["Rencontre avec les anciens élèves", "alumni"],
    ["Action citoyenne : nettoyage de la plage", "citizenship"],
    ["Collecte solidaire de livres", "citizenship"],
    ["Cérémonie de remise des diplômes", "graduation"],
  ];
  it.each(cases)("%s → %s", (name, type) => {
    expect(inferEventType(name)).toBe(type);
  });

  it("falls back to academic when no keyword is found", () => {
    expect(inferEventType("Réunion d'information")).toBe("academic");
  });

  it("ignores case and accents", () => {
    expect(inferEventType("CEREMONIE D'ACCUEIL")).toBe("ceremony");
    expect(inferEventType("soiree hispanique")).toBe("gala");
  });

  it("matches keywords at the start of a word only", () => {
    // "cours" inside "concours" must not make a competition academic.
    expect(inferEventType("Grand concours de dictée")).toBe("competition");
    // "salon" starts a word; "gala" inside "régalade" does not.
    expect(inferEventType("La régalade")).toBe("academic");
  });
});

describe("holiday category", () => {
  it("is religieux when the name contains aïd, hégirien or ramadan", () => {
    expect(holidayCategory({ nom: "Aïd al-Fitr" })).toBe("religieux");
    expect(holidayCategory({ nom: "Nouvel An hégirien" })).toBe("religieux");
    expect(holidayCategory({ nom: "Fin du Ramadan" })).toBe("religieux");
    expect(holidayCategory({ nom: "AID AL-ADHA" })).toBe("religieux");
  });
  it("is religieux when the description contains religieux", () => {
    expect(holidayCategory({ nom: "Achoura", description: "Jour férié religieux" })).toBe("religieux");
  });
  it("is international when the name contains travail or international", () => {
    expect(holidayCategory({ nom: "Fête du Travail" })).toBe("international");
    expect(holidayCategory({ nom: "Journée internationale de la femme" })).toBe("international");
  });
  it("is international when the description contains international", () => {
    expect(holidayCategory({ nom: "Nouvel An", description: "Premier jour de l'année, férié international." })).toBe(
      "international",
    );
  });
  it("puts religious rules before international ones", () => {
    expect(holidayCategory({ nom: "Aïd al-Fitr", description: "Fête célébrée à l'international" })).toBe("religieux");
  });
  it("is national otherwise", () => {
    expect(holidayCategory({ nom: "Fête du Trône", description: "Anniversaire de l'intronisation du Roi." })).toBe(
      "national",
    );
    expect(holidayCategory({ nom: "Nouvel An amazigh", description: null })).toBe("national");
  });
});

describe("month filter", () => {
  const items = [
    { id: 1, raw_date: "2026-09-15" },
    { id: 2, raw_date: "2027-01-11" },
    { id: 3, raw_date: "2027-01-14T00:00:00.000Z" },
    { id: 4, raw_date: "2026-12-31" },
  ];
  it("offers 'Tous les mois' then Janvier to Décembre", () => {
    expect(MONTH_OPTIONS.map((o) => o.label)).toEqual([
      "Tous les mois",
      "Janvier",
      "Février",
      "Mars",
      "Avril",
      "Mai",
      "Juin",
      "Juillet",
      "Août",
      "Septembre",
      "Octobre",
      "Novembre",
      "Décembre",
    ]);
    expect(MONTH_OPTIONS.map((o) => o.value)).toEqual(["tous", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });
  it("keeps every item for 'tous'", () => {
    expect(filterByMonth(items, ALL_MONTHS)).toHaveLength(4);
  });
  it("filters by the month written in the raw date, whatever the year", () => {
    expect(filterByMonth(items, 1).map((i) => i.id)).toEqual([2, 3]);
    expect(filterByMonth(items, 12).map((i) => i.id)).toEqual([4]);
    expect(filterByMonth(items, 2)).toEqual([]);
  });
  it("reads the month from the text, not through a time zone", () => {
    expect(monthOfRawDate("2026-12-31T23:30:00-05:00")).toBe(12);
    expect(monthOfRawDate("n'importe quoi")).toBeNull();
  });
  it("labels months in French", () => {
    expect(monthLabel(8)).toBe("Août");
    expect(monthLabel("tous")).toBe("Tous les mois");
  });
});

describe("fr-FR dates", () => {
  it("writes a day in French", () => {
    expect(formatFrenchDate("2027-01-14")).toBe("14 janvier 2027");
    expect(formatFrenchDate("2026-08-01")).toBe("1 août 2026");
  });
  it("adds the weekday for the full event day", () => {
    expect(formatFrenchDate("2027-01-14", { weekday: true })).toBe("jeudi 14 janvier 2027");
  });
  it("returns an unreadable date unchanged", () => {
    expect(formatFrenchDate("bientôt")).toBe("bientôt");
  });
  it("finds today's day in a time zone, Casablanca by default", () => {
    expect(calendarDay(new Date("2026-11-22T12:00:00Z"))).toBe("2026-11-22");
    // 23:30 UTC on 31 December is already 1 January in Tokyo.
    expect(calendarDay(new Date("2026-12-31T23:30:00Z"), "Asia/Tokyo")).toBe("2027-01-01");
  });
  it("computes the next day across months and years", () => {
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
    expect(nextDay("2028-02-28")).toBe("2028-02-29");
  });
  it("finds the school year of a day (September to August)", () => {
    expect(schoolYearOf("2026-11-22")).toMatchObject({ first: "2026-09-01", last: "2027-08-31", label: "2026-2027" });
    expect(schoolYearOf("2027-08-31").first).toBe("2026-09-01");
    expect(schoolYearOf("2027-09-01").first).toBe("2027-09-01");
  });
});

describe("display mappings", () => {
  it("maps an event for the calendar (spec section 3)", () => {
    const event = toCalendarEvent({
      id: 7,
      nom_evenement: "Journée portes ouvertes",
      jour_evenement: "2027-03-20",
      lieu: "Centre Zenith",
      description: "Visite des locaux.",
      is_future: true,
      affiche: "/api/parascolaires/7/affiche",
    });
    expect(event).toEqual({
      id: 7,
      title: "Journée portes ouvertes",
      date: "20 mars 2027",
      month: 3,
      location: "Centre Zenith",
      type: "open-day",
      description: "Visite des locaux.",
      participants: "Tous les étudiants",
      color: "teal",
      raw_date: "2027-03-20",
      hours: "Toute la journée",
      affiche: "/api/parascolaires/7/affiche",
      originalData: { jour_evenement: "2027-03-20", is_future: true },
    });
  });
  it("gives an event the hours the staff entered, or the whole day", () => {
    expect(formatEventHours("14:30", "17:00")).toBe("14:30 – 17:00");
    expect(formatEventHours("09:00:00", null)).toBe("À partir de 09:00");
    expect(formatEventHours(undefined, "12:15")).toBe("Jusqu'à 12:15");
    expect(formatEventHours(null, null)).toBe("Toute la journée");
    expect(formatEventHours("", "n'importe quoi")).toBe("Toute la journée");
  });
  it("maps a holiday with the spec's fixed texts and category colour", () => {
    const holiday = toCalendarHoliday({ id: 3, nom: "Aïd al-Adha", description: null, formatted_date: "2027-05-17" });
    expect(holiday).toEqual({
      id: 3,
      title: "Aïd al-Adha",
      date: "17 mai 2027",
      month: 5,
      location: "Tous les centres",
      type: "religieux",
      description: "Jour férié: Aïd al-Adha",
      participants: "Fermé à tous",
      color: "green",
      raw_date: "2027-05-17",
      date_status: null,
    });
    expect(
      toCalendarHoliday({ id: 4, nom: "Fête du Travail", description: "", formatted_date: "2027-05-01" }),
    ).toMatchObject({
      type: "international",
      color: "purple",
      description: "Jour férié: Fête du Travail",
    });
    expect(
      toCalendarHoliday({ id: 5, nom: "Marche Verte", description: "Anniversaire.", formatted_date: "2026-11-06" }),
    ).toMatchObject({ type: "national", color: "blue", description: "Anniversaire." });
  });

  it("maps what the back-office stores: its category, 'Date prévue'/'Date confirmée', a closure's range", () => {
    const aid = { id: 6, nom: "Aïd al-Fitr", description: null, formatted_date: "2027-03-10", categorie: "religieux" };
    expect(toCalendarHoliday({ ...aid, statut_date: "prevue" }).date_status).toBe("Date prévue");
    expect(toCalendarHoliday({ ...aid, statut_date: "confirmee" }).date_status).toBe("Date confirmée");
    expect(
      toCalendarHoliday({
        id: 7,
        nom: "Vacances de printemps",
        description: "Tous les centres ferment.",
        formatted_date: "2027-04-05",
        date_fin: "2027-04-11",
        categorie: "vacances",
        statut_date: null,
      }),
    ).toMatchObject({
      date: "du 5 avril 2027 au 11 avril 2027",
      raw_date: "2027-04-05",
      type: "national",
      date_status: null,
    });
    expect(
      toCalendarHoliday({
        id: 8,
        nom: "Journée",
        description: null,
        formatted_date: "2027-05-01",
        categorie: "international",
      }).type,
    ).toBe("international");
  });
});
