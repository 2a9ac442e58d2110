import {
  calendarDay,
  EVENT_TYPE_LABELS,
  formatFrenchDate,
  generatedHolidays,
  inferEventType,
  type SchoolYear,
  schoolYearOf,
  schoolYearStarting,
} from "@puerta/contract";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "../db/client.ts";
import { joursFeries, parascolaires } from "../db/schema/index.ts";

/**
 * Demo calendars: about fifteen extracurricular events across the current school year (one
 * name per event type, so keyword inference finds each), and the holidays generated for the
 * current and the next school year (the same generation as the back-office's "Générer",
 * packages/contract/src/rules/holiday-generation.ts). Dates are computed from today, so the
 * demo stays current whatever year it is run.
 */

type DemoEvent = { nom: string; month: number; day: number; lieu: string; description: string };

/** The hours of the demo events (`HH:MM`), as the back-office asks for them; a week-long one has none. */
export const DEMO_HOURS: Record<string, [string, string]> = {
  "Cérémonie d'ouverture de l'année": ["17:00", "19:00"],
  "Journée portes ouvertes": ["09:00", "17:00"],
  "Forum d'orientation : études en Espagne": ["10:00", "16:00"],
  "Action citoyenne : nettoyage de la plage d'Aïn Diab": ["08:30", "12:30"],
  "Atelier de méthodologie de l'examen": ["14:00", "16:30"],
  "Concours d'éloquence en espagnol": ["15:00", "18:00"],
  "Rencontre avec les anciens élèves": ["17:30", "19:30"],
  "Simulation de l'examen de la Selectividad": ["08:30", "13:00"],
  "Sortie culturelle au théâtre Cervantès de Tanger": ["07:00", "20:00"],
  "Salon des universités espagnoles": ["10:00", "18:00"],
  "Tournoi sportif inter-centres": ["09:00", "17:00"],
  "Collecte solidaire de livres et de fournitures": ["09:00", "18:00"],
  "Soirée de gala de fin d'année": ["19:30", "23:30"],
  "Cérémonie de remise des diplômes": ["16:00", "19:00"],
};

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
        .values({
          nomEvenement: e.nom,
          jourEvenement: jour,
          lieu: e.lieu,
          description: e.description,
          typeEvenement: inferEventType(e.nom),
        })
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
    await db
      .insert(joursFeries)
      .values(
        years.flatMap((year) =>
          generatedHolidays(year).map((g) => ({
            nom: g.nom,
            jour: g.jour,
            description: g.description,
            categorie: g.categorie,
            statutDate: g.categorie === "religieux" ? "prevue" : null,
            cle: g.cle,
            anneeScolaire: year.startYear,
          })),
        ),
      )
      .onConflictDoNothing();
  }
}

/**
 * Gives the demo events their hours (part of the back-office samples, decision 094): only to an
 * event of the demo that has none yet.
 */
export async function seedEventHours(db: Database) {
  for (const [nom, [debut, fin]] of Object.entries(DEMO_HOURS)) {
    await db
      .update(parascolaires)
      .set({ heureDebut: debut, heureFin: fin })
      .where(sql`${parascolaires.nomEvenement} = ${nom} and ${parascolaires.heureDebut} is null`);
  }
}
