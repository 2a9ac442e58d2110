/**
 * Rules of the two student calendars (extracurricular events and public holidays), docs/spec/student-portal.md
 * sections 2, 3 and 9: month filter, event type inference, holiday category, the display
 * mappings and fr-FR dates. Dates travel as calendar days `YYYY-MM-DD` and are never turned
 * into instants, so no time zone can move an event to the day before.
 */
import type { EventRecord, HolidayRecord } from "../schemas/calendars.ts";
import { ACADEMY_TIME_ZONE } from "../time-zone.ts";
import { dayParts, formatFrenchDate } from "./dates.ts";

// ---------------------------------------------------------------------------------------
// Months and dates

export const MONTH_NAMES = [
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
] as const;

/** A month filter value: 1 to 12, or every month. */
export type MonthFilter = number | "tous";
export const ALL_MONTHS = "tous" as const;

/** The 13 buttons of both calendars, in order. */
export const MONTH_OPTIONS: readonly { value: MonthFilter; label: string }[] = [
  { value: ALL_MONTHS, label: "Tous les mois" },
  ...MONTH_NAMES.map((label, index) => ({ value: index + 1, label })),
];

/** The month (1–12) of a raw `YYYY-MM-DD…` date, read from the text itself; null when unreadable. */
export function monthOfRawDate(rawDate: string): number | null {
  return dayParts(rawDate)?.month ?? null;
}

/** Items whose raw date falls in `month` (any year); every item for 'tous'. */
export function filterByMonth<T extends { raw_date: string }>(items: readonly T[], month: MonthFilter): T[] {
  if (month === ALL_MONTHS) return [...items];
  return items.filter((item) => monthOfRawDate(item.raw_date) === month);
}

/** The French label of a filter value ('Tous les mois', 'Janvier', …). */
export function monthLabel(month: MonthFilter): string {
  if (month === ALL_MONTHS) return "Tous les mois";
  return MONTH_NAMES[month - 1] ?? "";
}

const calendarDayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (`YYYY-MM-DD`) of an instant in a time zone, by default the academy's. */
export function calendarDay(instant: Date, timeZone: string = ACADEMY_TIME_ZONE): string {
  let format = calendarDayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    calendarDayFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/** The day after a `YYYY-MM-DD` day (the exclusive end of an all-day event). */
export function nextDay(day: string): string {
  const parts = dayParts(day);
  if (!parts) throw new RangeError(`Date invalide : ${day}`);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day + 1)).toISOString().slice(0, 10);
}

/** A school year runs from 1 September to 31 August. */
export type SchoolYear = { startYear: number; first: string; last: string; label: string };

export function schoolYearOf(day: string): SchoolYear {
  const parts = dayParts(day);
  if (!parts) throw new RangeError(`Date invalide : ${day}`);
  const startYear = parts.month >= 9 ? parts.year : parts.year - 1;
  return schoolYearStarting(startYear);
}

export function schoolYearStarting(startYear: number): SchoolYear {
  return {
    startYear,
    first: `${startYear}-09-01`,
    last: `${startYear + 1}-08-31`,
    label: `${startYear}-${startYear + 1}`,
  };
}

// ---------------------------------------------------------------------------------------
// Colours: tokens, turned into classes by the web

export type CalendarColor =
  | "green"
  | "purple"
  | "blue"
  | "red"
  | "amber"
  | "teal"
  | "pink"
  | "indigo"
  | "orange"
  | "slate"
  | "sky";

// ---------------------------------------------------------------------------------------
// Events

export const EVENT_TYPES = [
  "ceremony",
  "orientation",
  "cultural",
  "competition",
  "open-day",
  "gala",
  "academic",
  "alumni",
  "citizenship",
  "graduation",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const DEFAULT_EVENT_TYPE: EventType = "academic";

/**
 * Keywords of each type, without accents and lower-cased, matched at the start of a word
 * (so plurals match and "cours" does not match inside "concours"). The order matters: the
 * more specific types come first ("Cérémonie de remise des diplômes" is a graduation).
 */
const EVENT_KEYWORDS: readonly [EventType, readonly string[]][] = [
  ["open-day", ["portes ouvertes", "porte ouverte", "open day"]],
  ["graduation", ["graduation", "remise des diplomes", "diplome", "laureat"]],
  ["alumni", ["alumni", "anciens", "ancien eleve", "ancienne"]],
  ["gala", ["gala", "soiree", "bal ", "fete de fin"]],
  ["competition", ["concours", "competition", "tournoi", "olympiade", "championnat", "challenge", "quiz", "match"]],
  ["orientation", ["orientation", "salon", "forum", "universite", "etudes en espagne"]],
  [
    "citizenship",
    [
      "citoyen",
      "solidaire",
      "solidarite",
      "benevol",
      "caritati",
      "don du sang",
      "don de sang",
      "environnement",
      "nettoyage",
      "plantation",
      "sensibilisation",
    ],
  ],
  [
    "cultural",
    [
      "cultur",
      "theatre",
      "musique",
      "cinema",
      "film",
      "exposition",
      "sortie",
      "visite",
      "voyage",
      "hispanidad",
      "flamenco",
      "festival",
      "patrimoine",
      "excursion",
    ],
  ],
  ["ceremony", ["ceremonie", "inauguration", "rentree solennelle", "commemoration", "accueil"]],
  [
    "academic",
    [
      "examen",
      "atelier",
      "seminaire",
      "conference",
      "simulation",
      "cours",
      "revision",
      "dele",
      "siele",
      "selectividad",
    ],
  ],
];

function normalise(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[’']/g, " ");
}

function containsWordStart(text: string, keyword: string): boolean {
  let from = 0;
  for (;;) {
    const at = text.indexOf(keyword, from);
    if (at < 0) return false;
    if (at === 0 || !/[a-z0-9]/.test(text.charAt(at - 1))) return true;
    from = at + 1;
  }
}

/** The type of an event from keywords in its French name; academic when none is found. */
export function inferEventType(name: string): EventType {
  const text = normalise(name);
  for (const [type, keywords] of EVENT_KEYWORDS) {
    if (keywords.some((keyword) => containsWordStart(text, keyword))) return type;
  }
  return DEFAULT_EVENT_TYPE;
}

export const isEventType = (value: unknown): value is EventType =>
  typeof value === "string" && (EVENT_TYPES as readonly string[]).includes(value);

export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  ceremony: "Cérémonie",
  orientation: "Orientation",
  cultural: "Culturel",
  competition: "Compétition",
  "open-day": "Portes ouvertes",
  gala: "Gala",
  academic: "Académique",
  alumni: "Alumni",
  citizenship: "Citoyenneté",
  graduation: "Graduation",
};

export const EVENT_TYPE_COLORS: Record<EventType, CalendarColor> = {
  ceremony: "amber",
  orientation: "sky",
  cultural: "pink",
  competition: "orange",
  "open-day": "teal",
  gala: "purple",
  academic: "blue",
  alumni: "indigo",
  citizenship: "green",
  graduation: "red",
};

/** Who an event is for: the server sends no audience, every event is open to all students. */
export const EVENT_PARTICIPANTS = "Tous les étudiants";

/** An event without hours lasts the day (the iCal feed writes it as an all-day event). */
export const EVENT_ALL_DAY = "Toute la journée";

/**
 * The hours of an event as students read them: "14:30 – 17:00", "À partir de 14:30",
 * "Jusqu'à 17:00", or "Toute la journée" when the staff entered none.
 */
export function formatEventHours(start: string | null | undefined, end: string | null | undefined): string {
  const hhmm = (time: string | null | undefined) => (time && /^\d{2}:\d{2}/.test(time) ? time.slice(0, 5) : null);
  const from = hhmm(start);
  const to = hhmm(end);
  if (from && to) return `${from} – ${to}`;
  if (from) return `À partir de ${from}`;
  if (to) return `Jusqu'à ${to}`;
  return EVENT_ALL_DAY;
}

/** An event as the calendar shows it (docs/spec/student-portal.md section 3, display mapping). */
export type CalendarEvent = {
  id: number;
  title: string;
  date: string;
  month: number | null;
  location: string;
  type: EventType;
  description: string;
  participants: string;
  color: CalendarColor;
  raw_date: string;
  /** formatEventHours: "14:30 – 17:00" or "Toute la journée". */
  hours: string;
  affiche: string | null;
  originalData: { jour_evenement: string; is_future: boolean };
};

export function toCalendarEvent(event: EventRecord): CalendarEvent {
  const type = isEventType(event.type) ? event.type : inferEventType(event.nom_evenement);
  return {
    id: event.id,
    title: event.nom_evenement,
    date: formatFrenchDate(event.jour_evenement),
    month: monthOfRawDate(event.jour_evenement),
    location: event.lieu,
    type,
    description: event.description,
    participants: EVENT_PARTICIPANTS,
    color: EVENT_TYPE_COLORS[type],
    raw_date: event.jour_evenement,
    hours: formatEventHours(event.heure_debut, event.heure_fin),
    affiche: event.affiche,
    originalData: { jour_evenement: event.jour_evenement, is_future: event.is_future },
  };
}

// ---------------------------------------------------------------------------------------
// Public holidays

export const HOLIDAY_CATEGORIES = ["religieux", "international", "national"] as const;
export type HolidayCategory = (typeof HOLIDAY_CATEGORIES)[number];

/**
 * docs/spec/student-portal.md section 3: religieux when the name contains aïd, hégirien or ramadan or the
 * description contains religieux; international when the name contains travail or
 * international or the description contains international; otherwise national.
 * Case and accents are ignored ("Aid" is "Aïd").
 */
export function holidayCategory(holiday: { nom: string; description?: string | null }): HolidayCategory {
  const name = normalise(holiday.nom);
  const description = normalise(holiday.description ?? "");
  if (["aid", "hegirien", "ramadan"].some((k) => containsWordStart(name, k)) || description.includes("religieux")) {
    return "religieux";
  }
  if (name.includes("travail") || name.includes("international") || description.includes("international")) {
    return "international";
  }
  return "national";
}

export const HOLIDAY_CATEGORY_COLORS: Record<HolidayCategory, CalendarColor> = {
  religieux: "green",
  international: "purple",
  national: "blue",
};

export const HOLIDAY_CATEGORY_LABELS: Record<HolidayCategory, string> = {
  religieux: "Religieux",
  international: "International",
  national: "National",
};

export const HOLIDAY_LOCATION = "Tous les centres";
export const HOLIDAY_PARTICIPANTS = "Fermé à tous";

/** Holiday statistics when the server does not know better (docs/spec/student-portal.md section 9). */
export const HOLIDAY_STATS_DEFAULTS = { centres_fermes: 3, congé_tous: 100 } as const;

/** The text shown for a holiday: its description, or 'Jour férié: {nom}' when it has none. */
export function holidayDescription(holiday: { nom: string; description?: string | null }): string {
  return holiday.description?.trim() ? holiday.description : `Jour férié: ${holiday.nom}`;
}

export type CalendarHoliday = {
  id: number;
  title: string;
  date: string;
  month: number | null;
  location: string;
  type: HolidayCategory;
  description: string;
  participants: string;
  color: CalendarColor;
  raw_date: string;
  /** 'Date prévue' or 'Date confirmée' for a religious holiday; null otherwise. */
  date_status: string | null;
};

/** The three categories of docs/spec/student-portal.md section 3 for what the back-office stores (closures read as national). */
const STORED_CATEGORIES: Record<string, HolidayCategory> = {
  religieux: "religieux",
  international: "international",
  national: "national",
};

const DATE_STATUS_LABELS: Record<"prevue" | "confirmee", string> = {
  prevue: "Date prévue",
  confirmee: "Date confirmée",
};

export function toCalendarHoliday(holiday: HolidayRecord): CalendarHoliday {
  const type = (holiday.categorie && STORED_CATEGORIES[holiday.categorie]) || holidayCategory(holiday);
  const end = holiday.date_fin && holiday.date_fin !== holiday.formatted_date ? holiday.date_fin : null;
  return {
    id: holiday.id,
    title: holiday.nom,
    date: end
      ? `du ${formatFrenchDate(holiday.formatted_date)} au ${formatFrenchDate(end)}`
      : formatFrenchDate(holiday.formatted_date),
    month: monthOfRawDate(holiday.formatted_date),
    location: HOLIDAY_LOCATION,
    type,
    description: holidayDescription(holiday),
    participants: HOLIDAY_PARTICIPANTS,
    color: HOLIDAY_CATEGORY_COLORS[type],
    raw_date: holiday.formatted_date,
    date_status: holiday.statut_date ? DATE_STATUS_LABELS[holiday.statut_date] : null,
  };
}

/** The texts of the two calendars, quoted from docs/spec/student-portal.md sections 2 and 8. */
export const CALENDAR_TEXTS = {
  eventsTitle: "Calendrier Parascolaire",
  holidaysTitle: "Jours fériés",
  noEvents: "Aucun événement trouvé",
  noEventsDetail: "Aucun événement n'est programmé pour la période sélectionnée.",
  eventNotFound: "Événement non trouvé",
  backToEvents: "Retour aux événements",
  upcoming: "Événement à venir",
  past: "Événement passé",
  noHolidays: "Aucun jour férié",
  noHolidaysThisYear: "Aucun jour férié trouvé pour cette année.",
  // A month is lower-case inside a French sentence ("le mois de février"), capitalised as a filter label.
  noHolidaysInMonth: (month: string) => `Aucun jour férié trouvé pour le mois de ${month.toLocaleLowerCase("fr-FR")}.`,
  loadError: "Erreur de chargement",
  retry: "Réessayer",
  connectionError: (message: string) => `Erreur de connexion: ${message}`,
  holidaysFailed: "Failed to fetch holidays",
  eventStats: { total: "Événements par ans", future: "Événements à venir", past: "Événements passés" },
  holidayStats: { total: "Jours fériés par an", closed: "Centres fermés", everyone: "Congé pour tous" },
  eventNotFoundMessage: "Cet événement n'existe pas.",
  subscriptionNotFound: "Ce lien d'abonnement n'existe pas ou a été désactivé.",
  addToCalendar: "Ajouter à mon agenda",
} as const;
