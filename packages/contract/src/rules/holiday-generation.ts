import { nextDay, type SchoolYear } from "./calendars.ts";
import type { HolidayKind } from "./calendars-staff.ts";

/**
 * The holidays generated for a school year (docs/spec/back-office.md section 5): Morocco's
 * national and international holidays on their fixed days, and the religious holidays on
 * their expected days ('Date prévue' until the staff confirm or move them). Pure: the API
 * (modules/calendars/holidays-admin.ts) and the demo seed write them.
 */
export type GeneratedHoliday = {
  /** Stable per school year (the Hijri year for religious ones), so a year is generated once. */
  cle: string;
  nom: string;
  jour: string;
  description: string;
  categorie: Extract<HolidayKind, "national" | "international" | "religieux">;
};

const dayIn = (year: SchoolYear, month: number, day: number) =>
  `${month >= 9 ? year.startYear : year.startYear + 1}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

const CIVIL: { cle: string; month: number; day: number; nom: string; description: string; international?: true }[] = [
  {
    cle: "fete-de-l-unite",
    month: 10,
    day: 31,
    nom: "Fête de l'Unité",
    description:
      "Fête nationale instituée en 2025 pour célébrer l'unité nationale et l'intégrité territoriale du Royaume.",
  },
  {
    cle: "marche-verte",
    month: 11,
    day: 6,
    nom: "Anniversaire de la Marche Verte",
    description: "Commémoration de la Marche Verte du 6 novembre 1975 vers les provinces du Sud.",
  },
  {
    cle: "fete-de-l-independance",
    month: 11,
    day: 18,
    nom: "Fête de l'Indépendance",
    description: "Anniversaire du retour d'exil du roi Mohammed V en 1955 et de l'indépendance du Maroc.",
  },
  {
    cle: "nouvel-an",
    month: 1,
    day: 1,
    nom: "Nouvel An",
    description: "Premier jour de l'année grégorienne, jour férié international.",
    international: true,
  },
  {
    cle: "manifeste-de-l-independance",
    month: 1,
    day: 11,
    nom: "Manifeste de l'Indépendance",
    description: "Anniversaire de la présentation du Manifeste de l'Indépendance le 11 janvier 1944.",
  },
  {
    cle: "yennayer",
    month: 1,
    day: 14,
    nom: "Nouvel An amazigh (Yennayer)",
    description: "Premier jour de l'année amazighe, jour férié national depuis 2024.",
  },
  {
    cle: "fete-du-travail",
    month: 5,
    day: 1,
    nom: "Fête du Travail",
    description: "Journée internationale des travailleurs.",
    international: true,
  },
  {
    cle: "fete-du-trone",
    month: 7,
    day: 30,
    nom: "Fête du Trône",
    description: "Anniversaire de l'accession au trône de Sa Majesté le Roi Mohammed VI, le 30 juillet 1999.",
  },
  {
    cle: "oued-eddahab",
    month: 8,
    day: 14,
    nom: "Allégeance de Oued Eddahab",
    description: "Anniversaire du retour de la région de Oued Eddahab à la mère patrie, le 14 août 1979.",
  },
  {
    cle: "revolution-du-roi-et-du-peuple",
    month: 8,
    day: 20,
    nom: "Révolution du Roi et du Peuple",
    description: "Commémoration du 20 août 1953, jour de l'exil du roi Mohammed V et du soulèvement populaire.",
  },
  {
    cle: "fete-de-la-jeunesse",
    month: 8,
    day: 21,
    nom: "Fête de la Jeunesse",
    description: "Anniversaire de Sa Majesté le Roi Mohammed VI.",
  },
];

const SIGHTING = "Jour férié religieux, fixé par l'observation du croissant lunaire.";

/** Hijri days (month, day) of the religious holidays, with the number of days off. */
const RELIGIOUS: { cle: string; month: number; day: number; nom: string; days: number; description: string }[] = [
  {
    cle: "aid-al-fitr",
    month: 10,
    day: 1,
    nom: "Aïd al-Fitr",
    days: 2,
    description: `Fête de la rupture du jeûne, à la fin du mois de ramadan. ${SIGHTING}`,
  },
  {
    cle: "aid-al-adha",
    month: 12,
    day: 10,
    nom: "Aïd al-Adha",
    days: 2,
    description: `Fête du sacrifice, le 10 dhou al-hijja. ${SIGHTING}`,
  },
  {
    cle: "1er-moharram",
    month: 1,
    day: 1,
    nom: "Nouvel An hégirien (1er Moharram)",
    days: 1,
    description: `Premier jour de l'année de l'Hégire. ${SIGHTING}`,
  },
  {
    cle: "aid-al-mawlid",
    month: 3,
    day: 12,
    nom: "Aïd al-Mawlid",
    days: 2,
    description: `Anniversaire de la naissance du Prophète, le 12 rabia al-awal. ${SIGHTING}`,
  },
];

const hijri = new Intl.DateTimeFormat("en-u-ca-islamic-umalqura", {
  timeZone: "UTC",
  year: "numeric",
  month: "numeric",
  day: "numeric",
});

function civilHolidays(year: SchoolYear): GeneratedHoliday[] {
  return CIVIL.map((h) => ({
    cle: h.cle,
    nom: h.nom,
    jour: dayIn(year, h.month, h.day),
    description: h.description,
    categorie: h.international ? "international" : "national",
  }));
}

/**
 * Expected days of the religious holidays. Morocco fixes them by its own sighting of the
 * moon, usually one day after the Umm al-Qura calendar, hence the day added.
 */
function religiousHolidays(year: SchoolYear): GeneratedHoliday[] {
  const found: GeneratedHoliday[] = [];
  for (let day = year.first; day <= year.last; day = nextDay(day)) {
    const parts = hijri.formatToParts(new Date(`${day}T12:00:00Z`));
    const part = (type: string) => Number.parseInt(parts.find((p) => p.type === type)?.value ?? "", 10);
    const holiday = RELIGIOUS.find((h) => h.month === part("month") && h.day === part("day"));
    if (!holiday) continue;
    let jour = nextDay(day);
    for (let n = 1; n <= holiday.days; n++, jour = nextDay(jour)) {
      if (jour > year.last) break;
      found.push({
        cle: `${holiday.cle}-${part("year")}${n === 1 ? "" : `-${n}`}`,
        nom: n === 1 ? holiday.nom : `${holiday.nom} (${n}e jour)`,
        jour,
        description: holiday.description,
        categorie: "religieux",
      });
    }
  }
  return found;
}

/** Every generated holiday of a school year, in date order. */
export function generatedHolidays(year: SchoolYear): GeneratedHoliday[] {
  return [...civilHolidays(year), ...religiousHolidays(year)].sort((a, b) => a.jour.localeCompare(b.jour));
}
