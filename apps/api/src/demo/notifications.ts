import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "../db/client.ts";
import { centres, etudiants, filieres, notifications, options } from "../db/schema/index.ts";
import { DEMO_STUDENTS } from "./academy.ts";

type Seeded = typeof notifications.$inferInsert & { minutesAgo: number; illustration?: [string, string] };

/** Stores a seed photo and returns its storage key. */
export type SavePhoto = (bytes: Buffer, name: string) => Promise<string>;

/** A simple generated illustration (two colours, shapes, no text), as WebP. */
function illustration([from, to]: [string, string]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="1200" height="675" fill="url(#g)"/>
    <circle cx="960" cy="140" r="220" fill="#ffffff" fill-opacity="0.14"/>
    <circle cx="180" cy="600" r="260" fill="#ffffff" fill-opacity="0.1"/>
    <rect x="420" y="200" width="360" height="270" rx="28" fill="#ffffff" fill-opacity="0.9"/>
    <rect x="470" y="250" width="260" height="26" rx="13" fill="${from}"/>
    <rect x="470" y="300" width="200" height="18" rx="9" fill="${to}" fill-opacity="0.6"/>
    <rect x="470" y="340" width="230" height="18" rx="9" fill="${to}" fill-opacity="0.6"/>
    <rect x="470" y="380" width="170" height="18" rx="9" fill="${to}" fill-opacity="0.6"/>
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

/**
 * The first `weekday` (0 Sunday … 6 Saturday) at least `minDays` after `from`, said in French
 * ("samedi 12 décembre"): a date in a demo message is always ahead, and its day name is right.
 */
export function dayAhead(weekday: number, minDays: number, from = new Date()): string {
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + minDays, 12));
  while (day.getUTCDay() !== weekday) day.setUTCDate(day.getUTCDate() + 1);
  return new Intl.DateTimeFormat("fr-FR", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(
    day,
  );
}

/**
 * Notifications for every audience type: some reach each demo student, some reach neither
 * (other centre, option or filière), plus an unknown type, which everyone sees.
 */
export async function seedNotifications(db: Database, savePhoto?: SavePhoto) {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(notifications);
  if ((existing?.n ?? 0) > 0) return;

  const idOf = async <T extends { id: number }>(rows: Promise<T[]>) => (await rows)[0]?.id;
  const centre = (nom: string) => idOf(db.select({ id: centres.id }).from(centres).where(eq(centres.nom, nom)));
  const option = (nom: string) => idOf(db.select({ id: options.id }).from(options).where(eq(options.nom, nom)));
  const filiere = (nom: string) => idOf(db.select({ id: filieres.id }).from(filieres).where(eq(filieres.nom, nom)));
  const student = (email: string) =>
    idOf(db.select({ id: etudiants.id }).from(etudiants).where(eq(etudiants.email, email)));
  const list = (id: number | undefined) => (id === undefined ? [] : [id]);

  const [ainSebaa, zenith, moulayYoussef] = await Promise.all([
    centre("Ain Sebaa"),
    centre("Zenith"),
    centre("Moulay Youssef"),
  ]);
  const [sante, ingenierie, dele] = await Promise.all([
    option("Selectividad Santé"),
    option("Selectividad Ingénierie"),
    option("Préparation DELE / SIELE"),
  ]);
  const [filiereSante, filiereEconomie] = await Promise.all([
    filiere("Sciences de la santé"),
    filiere("Économie et gestion"),
  ]);
  const [first, second] = await Promise.all([student(DEMO_STUDENTS.first), student(DEMO_STUDENTS.second)]);

  const direction = "Direction pédagogique";
  const examDay = dayAhead(6, 10);
  const meetingDay = dayAhead(3, 14);
  const photoDay = dayAhead(4, 21);
  const rows: Seeded[] = [
    {
      minutesAgo: 12,
      typeDestinataire: "tous",
      titre: `Examen blanc de Selectividad le ${examDay}`,
      message: `Un examen blanc dans les conditions réelles aura lieu le ${examDay} de 8 h 30 à 13 h dans tous les centres.\nMunissez-vous de votre carte d'étudiant et d'une calculatrice non programmable.`,
      sender: direction,
      priority: "high",
      link: "https://www.uned.es/universidad/inicio/",
      illustration: ["#c8102e", "#f5b400"],
    },
    {
      minutesAgo: 3 * 60,
      typeDestinataire: "centre",
      centreIds: list(ainSebaa),
      titre: "Ain Sebaa : salle 3 fermée cette semaine",
      message: "Les cours prévus en salle 3 ont lieu en salle 5 jusqu'à vendredi, le temps des travaux de peinture.",
      sender: "Secrétariat Ain Sebaa",
      priority: "medium",
    },
    {
      minutesAgo: 5 * 60,
      typeDestinataire: "centre",
      centreIds: list(zenith),
      titre: "Zenith : nouveaux horaires du samedi",
      message: "À partir de ce samedi, le centre Zenith ouvre de 8 h à 18 h sans interruption.",
      sender: "Secrétariat Zenith",
      priority: "medium",
    },
    {
      minutesAgo: 26 * 60,
      typeDestinataire: "centre",
      centreIds: list(moulayYoussef),
      titre: "Moulay Youssef : permanence administrative",
      message: "Le secrétariat du centre Moulay Youssef tiendra une permanence mercredi de 14 h à 17 h.",
      sender: "Secrétariat Moulay Youssef",
    },
    {
      minutesAgo: 2 * 24 * 60,
      typeDestinataire: "option",
      optionIds: list(sante),
      titre: "Biologie : travaux pratiques de dissection",
      message: "Les travaux pratiques de biologie auront lieu jeudi au laboratoire. Blouse blanche obligatoire.",
      sender: "Professeur de biologie",
      priority: "high",
      illustration: ["#0f766e", "#1d4ed8"],
    },
    {
      minutesAgo: 2 * 24 * 60 + 90,
      typeDestinataire: "option",
      optionIds: list(ingenierie),
      titre: "Mathématiques II : séance de révision",
      message: "Une séance de révision sur les intégrales est ajoutée mardi à 17 h.",
      sender: "Professeur de mathématiques",
      priority: "medium",
    },
    {
      minutesAgo: 3 * 24 * 60,
      typeDestinataire: "option",
      optionIds: list(dele),
      titre: "DELE B2 : inscriptions à la session de mai",
      message: "Les inscriptions à la session de mai du DELE B2 sont ouvertes jusqu'au 10 avril.",
      sender: direction,
    },
    {
      minutesAgo: 4 * 24 * 60,
      typeDestinataire: "filiere",
      filiereIds: list(filiereSante),
      titre: "Réunion d'orientation : études de santé en Espagne",
      message: `Une réunion d'information sur les facultés de médecine, pharmacie et odontologie en Espagne aura lieu le ${meetingDay} à 18 h.`,
      sender: "Service orientation",
    },
    {
      minutesAgo: 4 * 24 * 60 + 30,
      typeDestinataire: "filiere",
      filiereIds: list(filiereEconomie),
      titre: "Économie : visite d'une école de commerce",
      message: "Une visite virtuelle d'une école de commerce madrilène est proposée vendredi.",
      sender: "Service orientation",
    },
    {
      minutesAgo: 5 * 24 * 60,
      typeDestinataire: "etudiant_specifique",
      etudiantIds: list(first),
      titre: "Votre dossier d'inscription est complet",
      message: "Bonne nouvelle : toutes les pièces de votre dossier ont été reçues et validées.",
      sender: "Secrétariat",
    },
    {
      minutesAgo: 5 * 24 * 60 + 10,
      typeDestinataire: "etudiant_specifique",
      etudiantIds: list(second),
      // Not an attestation: those are told by the office when it answers a request (demo/office.ts).
      titre: "Votre carte d'étudiant est prête",
      message: "Votre carte d'étudiant peut être retirée au secrétariat du centre Zenith.",
      sender: "Secrétariat",
    },
    {
      minutesAgo: 6 * 24 * 60,
      typeDestinataire: "promotion",
      titre: "Photo de promotion",
      message: `La photo de promotion sera prise le ${photoDay} dans la cour. Tenue correcte exigée.`,
      sender: "Bureau des étudiants",
    },
    {
      minutesAgo: 7 * 24 * 60,
      typeDestinataire: "tous",
      statut: "echec",
      titre: "Maintenance de l'espace étudiant",
      message: "L'espace étudiant sera indisponible dimanche entre 2 h et 4 h pour une opération de maintenance.",
      sender: "Service informatique",
      priority: "low",
    },
  ];

  const values = [];
  for (const [index, { minutesAgo, illustration: colours, ...row }] of rows.entries()) {
    const photoKey =
      colours && savePhoto ? await savePhoto(await illustration(colours), `notification-${index + 1}.webp`) : null;
    values.push({
      ...row,
      photoKey,
      photoContentType: photoKey ? "image/webp" : null,
      createdAt: sql`now() - ${sql.raw(`interval '${Math.trunc(minutesAgo)} minutes'`)}`,
    });
  }
  await db.insert(notifications).values(values);
}
