import {
  calendarDay,
  EVENT_TYPE_LABELS,
  formatFrenchDate,
  inferEventType,
  nextDay,
  type SchoolYear,
  schoolYearOf,
  schoolYearStarting,
} from "@puerta/contract";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "../client.ts";
import { joursFeries, parascolaires } from "../schema/index.ts";

/**
 * Demo calendars: about fifteen extracurricular events across the current school year (one
 * name per event type, so keyword inference finds each), and the public holidays of Morocco
 * for the current and the next school year. Dates are computed from today, so the demo stays
 * current whatever year it is run.
 */

type DemoEvent = { nom: string; month: number; day: number; lieu: string; description: string };

const DEMO_EVENTS: DemoEvent[] = [
  {
    nom: "Cérémonie d'ouverture de l'année",
    month: 9,
    day: 15,
    lieu: "Amphithéâtre, centre Zenith",
    description:
      "Accueil des nouveaux étudiants et de leurs parents : présentation de l'équipe pédagogique, du calendrier des examens et des parcours Selectividad et DELE.",
  },
  {
    nom: "Journée portes ouvertes",
    month: 9,
    day: 27,
    lieu: "Tous les centres",
    description:
      "Visite des salles, rencontre avec les professeurs d'espagnol et tests de positionnement gratuits pour les futurs inscrits.",
  },
  {
    nom: "Forum d'orientation : études en Espagne",
    month: 10,
    day: 10,
    lieu: "Centre Moulay Youssef",
    description:
      "Des représentants d'universités espagnoles présentent leurs filières, les notes d'admission et les démarches de préinscription.",
  },
  {
    nom: "Semaine culturelle hispanique",
    month: 10,
    day: 19,
    lieu: "Centre Ain Sebaa",
    description:
      "Cinéma, musique et gastronomie d'Espagne et d'Amérique latine pendant toute la semaine, avec un atelier de flamenco le vendredi.",
  },
  {
    nom: "Action citoyenne : nettoyage de la plage d'Aïn Diab",
    month: 11,
    day: 14,
    lieu: "Plage d'Aïn Diab, Casablanca",
    description:
      "Matinée de ramassage des déchets avec une association locale de protection du littoral. Gants et sacs fournis.",
  },
  {
    nom: "Atelier de méthodologie de l'examen",
    month: 12,
    day: 5,
    lieu: "Centre Zenith",
    description:
      "Gestion du temps, lecture des consignes et rédaction de la dissertation : les méthodes qui font gagner des points le jour de l'examen.",
  },
  {
    nom: "Concours d'éloquence en espagnol",
    month: 12,
    day: 12,
    lieu: "Amphithéâtre, centre Zenith",
    description:
      "Trois minutes pour convaincre le jury, en espagnol. Inscriptions auprès du secrétariat de votre centre ; prix pour les trois premiers.",
  },
  {
    nom: "Rencontre avec les anciens élèves",
    month: 1,
    day: 23,
    lieu: "Centre Moulay Youssef",
    description:
      "D'anciens étudiants aujourd'hui à Madrid, Grenade et Valence racontent leur première année en Espagne et répondent à vos questions.",
  },
  {
    nom: "Simulation de l'examen de la Selectividad",
    month: 2,
    day: 20,
    lieu: "Tous les centres",
    description:
      "Épreuves dans les conditions réelles de la PCE, corrigées par les professeurs, avec un bilan individuel la semaine suivante.",
  },
  {
    nom: "Sortie culturelle au théâtre Cervantès de Tanger",
    month: 3,
    day: 27,
    lieu: "Théâtre Cervantès, Tanger",
    description:
      "Visite guidée du théâtre historique et de la vieille ville de Tanger. Départ en car à 7 h devant le centre Zenith, retour vers 20 h.",
  },
  {
    nom: "Salon des universités espagnoles",
    month: 4,
    day: 17,
    lieu: "Centre Zenith",
    description:
      "Stands des universités publiques et privées, conseils pour la préinscription et le choix des filières, entretiens individuels.",
  },
  {
    nom: "Tournoi sportif inter-centres",
    month: 4,
    day: 24,
    lieu: "Complexe sportif, Casablanca",
    description: "Football, basket-ball et volley-ball : les trois centres s'affrontent dans la bonne humeur.",
  },
  {
    nom: "Collecte solidaire de livres et de fournitures",
    month: 5,
    day: 8,
    lieu: "Tous les centres",
    description:
      "Déposez livres, cahiers et fournitures en bon état : ils seront remis à des écoles rurales de la région de Settat.",
  },
  {
    nom: "Soirée de gala de fin d'année",
    month: 6,
    day: 12,
    lieu: "Salle des fêtes, Casablanca",
    description:
      "Dîner, musique et remise des prix de l'année pour célébrer la fin des cours avec les professeurs et les familles.",
  },
  {
    nom: "Cérémonie de remise des diplômes",
    month: 7,
    day: 3,
    lieu: "Amphithéâtre, centre Zenith",
    description:
      "Remise des certificats de réussite aux lauréats de la Selectividad et du DELE, en présence des familles.",
  },
];

const dayIn = (year: SchoolYear, month: number, day: number) =>
  `${month >= 9 ? year.startYear : year.startYear + 1}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

type DemoHoliday = { nom: string; jour: string; description: string };

/** The fixed civil holidays of a school year (1 September to 31 August). */
function civilHolidays(year: SchoolYear): DemoHoliday[] {
  const at = (month: number, day: number) => dayIn(year, month, day);
  return [
    {
      nom: "Fête de l'Unité",
      jour: at(10, 31),
      description:
        "Fête nationale instituée en 2025 pour célébrer l'unité nationale et l'intégrité territoriale du Royaume.",
    },
    {
      nom: "Anniversaire de la Marche Verte",
      jour: at(11, 6),
      description: "Commémoration de la Marche Verte du 6 novembre 1975 vers les provinces du Sud.",
    },
    {
      nom: "Fête de l'Indépendance",
      jour: at(11, 18),
      description: "Anniversaire du retour d'exil du roi Mohammed V en 1955 et de l'indépendance du Maroc.",
    },
    {
      nom: "Nouvel An",
      jour: at(1, 1),
      description: "Premier jour de l'année grégorienne, jour férié international.",
    },
    {
      nom: "Manifeste de l'Indépendance",
      jour: at(1, 11),
      description: "Anniversaire de la présentation du Manifeste de l'Indépendance le 11 janvier 1944.",
    },
    {
      nom: "Nouvel An amazigh (Yennayer)",
      jour: at(1, 14),
      description: "Premier jour de l'année amazighe, jour férié national depuis 2024.",
    },
    {
      nom: "Fête du Travail",
      jour: at(5, 1),
      description: "Journée internationale des travailleurs.",
    },
    {
      nom: "Fête du Trône",
      jour: at(7, 30),
      description: "Anniversaire de l'accession au trône de Sa Majesté le Roi Mohammed VI, le 30 juillet 1999.",
    },
    {
      nom: "Allégeance de Oued Eddahab",
      jour: at(8, 14),
      description: "Anniversaire du retour de la région de Oued Eddahab à la mère patrie, le 14 août 1979.",
    },
    {
      nom: "Révolution du Roi et du Peuple",
      jour: at(8, 20),
      description: "Commémoration du 20 août 1953, jour de l'exil du roi Mohammed V et du soulèvement populaire.",
    },
    {
      nom: "Fête de la Jeunesse",
      jour: at(8, 21),
      description: "Anniversaire de Sa Majesté le Roi Mohammed VI.",
    },
  ];
}

const EXPECTED_DATE = "Jour férié religieux ; date prévue, confirmée par l'observation du croissant lunaire la veille.";

/** Hijri days (month, day) of the religious holidays, with the number of days off. */
const RELIGIOUS: { month: number; day: number; nom: string; days: number; description: string }[] = [
  {
    month: 10,
    day: 1,
    nom: "Aïd al-Fitr",
    days: 2,
    description: `Fête de la rupture du jeûne, à la fin du mois de ramadan. ${EXPECTED_DATE}`,
  },
  {
    month: 12,
    day: 10,
    nom: "Aïd al-Adha",
    days: 2,
    description: `Fête du sacrifice, le 10 dhou al-hijja. ${EXPECTED_DATE}`,
  },
  {
    month: 1,
    day: 1,
    nom: "Nouvel An hégirien (1er Moharram)",
    days: 1,
    description: `Premier jour de l'année de l'Hégire. ${EXPECTED_DATE}`,
  },
  {
    month: 3,
    day: 12,
    nom: "Aïd al-Mawlid",
    days: 2,
    description: `Anniversaire de la naissance du Prophète, le 12 rabia al-awal. ${EXPECTED_DATE}`,
  },
];

const hijri = new Intl.DateTimeFormat("en-u-ca-islamic-umalqura", {
  timeZone: "UTC",
  month: "numeric",
  day: "numeric",
});

/**
 * Expected dates of the religious holidays in a school year. Morocco fixes them by its own
 * sighting of the moon, usually one day after the Umm al-Qura calendar, hence the day added.
 */
function religiousHolidays(year: SchoolYear): DemoHoliday[] {
  const found: DemoHoliday[] = [];
  for (let day = year.first; day <= year.last; day = nextDay(day)) {
    const parts = hijri.formatToParts(new Date(`${day}T12:00:00Z`));
    const month = Number(parts.find((p) => p.type === "month")?.value);
    const dayOfMonth = Number(parts.find((p) => p.type === "day")?.value);
    const holiday = RELIGIOUS.find((h) => h.month === month && h.day === dayOfMonth);
    if (!holiday) continue;
    let jour = nextDay(day);
    for (let n = 1; n <= holiday.days; n++, jour = nextDay(jour)) {
      if (jour > year.last) break;
      found.push({ nom: n === 1 ? holiday.nom : `${holiday.nom} (2e jour)`, jour, description: holiday.description });
    }
  }
  return found;
}

export function moroccanHolidays(year: SchoolYear): DemoHoliday[] {
  return [...civilHolidays(year), ...religiousHolidays(year)].sort((a, b) => a.jour.localeCompare(b.jour));
}

const POSTER_COLORS: Record<string, [string, string]> = {
  ceremony: ["#b45309", "#f59e0b"],
  orientation: ["#0369a1", "#38bdf8"],
  cultural: ["#be185d", "#f472b6"],
  competition: ["#c2410c", "#fb923c"],
  "open-day": ["#0f766e", "#2dd4bf"],
  gala: ["#6d28d9", "#a78bfa"],
  academic: ["#1d4ed8", "#60a5fa"],
  alumni: ["#4338ca", "#818cf8"],
  citizenship: ["#15803d", "#4ade80"],
  graduation: ["#a50d26", "#f87171"],
};

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A small poster (480×640 WebP) drawn from the event's name, type, date and place. */
export async function renderPoster(event: { nom: string; jour: string; lieu: string }): Promise<Buffer> {
  const type = inferEventType(event.nom);
  const [dark, light] = POSTER_COLORS[type] ?? ["#1f2430", "#64748b"];
  const title = wrap(event.nom, 18)
    .slice(0, 5)
    .map((line, i) => `<text x="40" y="${250 + i * 46}" class="title">${escapeXml(line)}</text>`)
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="640" viewBox="0 0 480 640">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient>
  <style>text{font-family:'DejaVu Sans',sans-serif;fill:#fff}.title{font-size:38px;font-weight:bold}.small{font-size:22px}.badge{font-size:18px;letter-spacing:3px}</style></defs>
  <rect width="480" height="640" fill="url(#g)"/>
  <circle cx="420" cy="70" r="120" fill="#ffffff" opacity="0.12"/>
  <circle cx="60" cy="600" r="90" fill="#ffffff" opacity="0.10"/>
  <text x="40" y="80" class="badge">PUERTA · ${escapeXml(EVENT_TYPE_LABELS[type].toUpperCase())}</text>
  <rect x="40" y="100" width="80" height="6" fill="#f5b400"/>
  ${title}
  <text x="40" y="540" class="small">${escapeXml(formatFrenchDate(event.jour, { weekday: true }))}</text>
  <text x="40" y="578" class="small">${escapeXml(event.lieu.slice(0, 34))}</text>
</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

/** Where posters go: the file storage, given by the caller so the seed needs no config of its own. */
export type PosterStore = (poster: Buffer, eventId: number) => Promise<string>;

export async function seedCalendars(db: Database, storePoster?: PosterStore, today: string = calendarDay(new Date())) {
  const current = schoolYearOf(today);

  const [events] = await db.select({ n: sql<number>`count(*)::int` }).from(parascolaires);
  if ((events?.n ?? 0) === 0) {
    for (const e of DEMO_EVENTS) {
      const jour = dayIn(current, e.month, e.day);
      const [row] = await db
        .insert(parascolaires)
        .values({ nomEvenement: e.nom, jourEvenement: jour, lieu: e.lieu, description: e.description })
        .returning({ id: parascolaires.id });
      if (row && storePoster) {
        const key = await storePoster(await renderPoster({ nom: e.nom, jour, lieu: e.lieu }), row.id);
        await db.update(parascolaires).set({ afficheKey: key }).where(sql`${parascolaires.id} = ${row.id}`);
      }
    }
  }

  const [holidays] = await db.select({ n: sql<number>`count(*)::int` }).from(joursFeries);
  if ((holidays?.n ?? 0) === 0) {
    const years = [current, schoolYearStarting(current.startYear + 1)];
    await db.insert(joursFeries).values(years.flatMap(moroccanHolidays));
  }
}
