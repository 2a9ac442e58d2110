import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import {
  centres,
  coursDocuments,
  matieres,
  niveaux,
  options,
  orientationDocuments,
  planifications,
} from "../db/schema/index.ts";
import type { FileStorage } from "../lib/storage/index.ts";
import { type PdfContent, renderPdf } from "./documents-pdf.ts";

/*
 * Demo documents: weekly plannings per centre and option, course handouts per subject and
 * level, orientation guides. Each table is filled only when empty. Both demo students see
 * plannings of their option and of their whole centre, and there are plannings they must not
 * see (another centre, another option, inactive).
 */

const DAY_MS = 86_400_000;

const slug = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Monday of the week of `today`, plus `weeks` weeks. */
function mondayOf(today: Date, weeks: number): Date {
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const offset = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - offset * DAY_MS + weeks * 7 * DAY_MS);
}

const frenchDay = (date: Date) =>
  new Intl.DateTimeFormat("fr-FR", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" }).format(date);

const SLOTS = ["08:30 - 10:00", "10:15 - 11:45", "12:00 - 13:30", "14:30 - 16:00", "16:15 - 17:45"];
const DAYS = ["Lundi", "Mardi", "Mercredi", "Jeudi", "Vendredi", "Samedi"];

/** Subjects of each option's timetable, rotated over the week. */
const OPTION_SUBJECTS: Record<string, string[]> = {
  "Selectividad Santé": ["Biología", "Química", "Lengua castellana", "Matemáticas", "Historia de España", "Física"],
  "Selectividad Ingénierie": [
    "Matemáticas",
    "Física",
    "Dibujo técnico",
    "Lengua castellana",
    "Química",
    "Historia de España",
  ],
  "Selectividad Économie": ["Economía", "Matemáticas CCSS", "Lengua castellana", "Historia de España", "Geografía"],
  "": ["Lengua castellana", "Examen blanc", "Méthodologie", "Historia de España", "Tutorat"],
};

function timetable(optionName: string | null, shift: number) {
  const subjects = OPTION_SUBJECTS[optionName ?? ""] ?? OPTION_SUBJECTS[""] ?? [];
  return {
    columns: ["Horaire", ...DAYS],
    rows: SLOTS.map((slot, s) => [
      slot,
      ...DAYS.map((_, d) => (d === 5 && s > 2 ? "-" : (subjects[(s + d + shift) % subjects.length] ?? ""))),
    ]),
  };
}

type PlanningSeed = {
  centre: string;
  option: string | null;
  week: number;
  actif: boolean;
  titre: string;
  description: string;
};

const PLANNINGS: PlanningSeed[] = [
  {
    centre: "Ain Sebaa",
    option: "Selectividad Santé",
    week: 0,
    actif: true,
    titre: "Planning hebdomadaire - Selectividad Santé",
    description: "Cours de la semaine pour le groupe Santé : biologie, chimie et langue.",
  },
  {
    centre: "Ain Sebaa",
    option: "Selectividad Santé",
    week: 1,
    actif: true,
    titre: "Planning de la semaine prochaine - Selectividad Santé",
    description: "Semaine suivante, avec la séance de travaux pratiques de chimie.",
  },
  {
    centre: "Ain Sebaa",
    option: null,
    week: 0,
    actif: true,
    titre: "Examens blancs - tout le centre Ain Sebaa",
    description: "Calendrier des examens blancs communs à toutes les options du centre.",
  },
  {
    centre: "Ain Sebaa",
    option: "Selectividad Ingénierie",
    week: 0,
    actif: true,
    titre: "Planning hebdomadaire - Selectividad Ingénierie (Ain Sebaa)",
    description: "Réservé au groupe Ingénierie du centre Ain Sebaa.",
  },
  {
    centre: "Ain Sebaa",
    option: "Selectividad Santé",
    week: -4,
    actif: false,
    titre: "Ancien planning - Selectividad Santé",
    description: "Planning archivé, qui n'est plus en vigueur.",
  },
  {
    centre: "Zenith",
    option: "Selectividad Ingénierie",
    week: 0,
    actif: true,
    titre: "Planning hebdomadaire - Selectividad Ingénierie",
    description: "Cours de la semaine pour le groupe Ingénierie : mathématiques, physique, dessin technique.",
  },
  {
    centre: "Zenith",
    option: null,
    week: 0,
    actif: true,
    titre: "Ateliers de langue - tout le centre Zenith",
    description: "Ateliers de conversation en espagnol ouverts à toutes les options.",
  },
  {
    centre: "Zenith",
    option: "Selectividad Santé",
    week: 0,
    actif: true,
    titre: "Planning hebdomadaire - Selectividad Santé (Zenith)",
    description: "Réservé au groupe Santé du centre Zenith.",
  },
  {
    centre: "Zenith",
    option: "Selectividad Ingénierie",
    week: -3,
    actif: false,
    titre: "Ancien planning - Selectividad Ingénierie",
    description: "Planning archivé, qui n'est plus en vigueur.",
  },
  {
    centre: "Moulay Youssef",
    option: "Selectividad Économie",
    week: 0,
    actif: true,
    titre: "Planning hebdomadaire - Selectividad Économie",
    description: "Cours de la semaine pour le groupe Économie du centre Moulay Youssef.",
  },
  {
    centre: "Moulay Youssef",
    option: null,
    week: 0,
    actif: true,
    titre: "Examens blancs - tout le centre Moulay Youssef",
    description: "Calendrier des examens blancs du centre Moulay Youssef.",
  },
];

/** Subjects with their levels (name, ordre), inserted out of order on purpose: the screen sorts by ordre. */
const SUBJECTS: { nom: string; description: string; niveaux: [string, number][] }[] = [
  {
    nom: "Lengua castellana",
    description: "Langue espagnole : compréhension, commentaire de texte, expression écrite.",
    niveaux: [
      ["B2", 3],
      ["A2", 1],
      ["B1", 2],
    ],
  },
  {
    nom: "Historia de España",
    description: "Histoire de l'Espagne du XIXe siècle à la démocratie.",
    niveaux: [
      ["2", 2],
      ["1", 1],
    ],
  },
  {
    nom: "Matemáticas",
    description: "Analyse, algèbre linéaire et probabilités du programme de la PAU.",
    niveaux: [
      ["1", 1],
      ["3", 3],
      ["2", 2],
    ],
  },
  {
    nom: "Biología",
    description: "Biologie cellulaire, génétique et immunologie.",
    niveaux: [
      ["1", 1],
      ["2", 2],
    ],
  },
  {
    nom: "Química",
    description: "Chimie générale, équilibres et chimie organique.",
    niveaux: [
      ["1", 1],
      ["2", 2],
    ],
  },
  {
    nom: "Física",
    description: "Mécanique, électromagnétisme, ondes et physique moderne.",
    niveaux: [
      ["1", 1],
      ["2", 2],
    ],
  },
  { nom: "Economía", description: "Économie de l'entreprise et microéconomie.", niveaux: [["1", 1]] },
  {
    nom: "Méthodologie de l'examen",
    description: "Conseils transversaux pour réussir les épreuves de la Selectividad.",
    niveaux: [],
  },
  { nom: "Dibujo técnico", description: "Dessin technique : les supports arrivent bientôt.", niveaux: [] },
];

/** Handout topics per subject, taken in turn for each level. */
const TOPICS: Record<string, string[]> = {
  "Lengua castellana": [
    "Le commentaire de texte",
    "Les connecteurs du discours",
    "L'expression écrite argumentée",
    "Grammaire : le subjonctif",
    "Lexique de la presse",
  ],
  "Historia de España": [
    "La Restauration (1874-1902)",
    "La Seconde République",
    "La Transition démocratique",
    "La guerre civile",
  ],
  Matemáticas: [
    "Limites et continuité",
    "Matrices et systèmes",
    "Intégrales",
    "Probabilités conditionnelles",
    "Géométrie dans l'espace",
  ],
  Biología: ["La cellule eucaryote", "Génétique mendélienne", "Le système immunitaire"],
  Química: ["Structure de l'atome", "Équilibre chimique", "Acides et bases"],
  Física: ["Interaction gravitationnelle", "Champ électrique", "Ondes et optique"],
  Economía: ["L'entreprise et son environnement", "Le marché et les prix"],
  "Méthodologie de l'examen": ["Organiser ses révisions", "Gérer son temps le jour de l'épreuve"],
};

const ORIENTATIONS = [
  {
    titre: "Guide des études de santé en Espagne",
    description: "Médecine, pharmacie, odontologie : notes d'accès, universités et calendrier.",
  },
  {
    titre: "Accès à l'université espagnole : démarches et calendrier",
    description: "UNEDasiss, pré-inscription, choix des vœux et dates à retenir.",
  },
  {
    titre: "Choisir sa filière : ingénierie et architecture",
    description: "Les écoles, les spécialités et les débouchés des études d'ingénieur en Espagne.",
  },
  {
    titre: "Bourses et logement étudiant en Espagne",
    description: "Financer ses études, trouver un logement et préparer son arrivée.",
  },
];

async function storePdf(storage: FileStorage, prefix: string, fileName: string, content: PdfContent) {
  const stored = await storage.save(prefix, await renderPdf(content), "application/pdf", fileName);
  return stored.key;
}

async function isEmpty(db: Database, table: typeof planifications | typeof matieres | typeof orientationDocuments) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return (row?.n ?? 0) === 0;
}

export async function seedDocuments(db: Database, storage: FileStorage, now: Date = new Date()) {
  if (await isEmpty(db, planifications)) await seedPlannings(db, storage, now);
  if (await isEmpty(db, matieres)) await seedCourses(db, storage, now);
  if (await isEmpty(db, orientationDocuments)) await seedOrientation(db, storage);
}

async function seedPlannings(db: Database, storage: FileStorage, now: Date) {
  const centreRows = await db.select().from(centres);
  const optionRows = await db.select().from(options);
  for (const [index, p] of PLANNINGS.entries()) {
    const centre = centreRows.find((c) => c.nom === p.centre);
    const option = p.option ? optionRows.find((o) => o.nom === p.option) : null;
    if (!centre || option === undefined) continue;
    const start = mondayOf(now, p.week);
    const end = new Date(start.getTime() + 5 * DAY_MS);
    const fileName = `${slug(`planning ${p.centre} ${p.option ?? "tout le centre"} ${isoDay(start)}`)}-${index + 1}.pdf`;
    const fileKey = await storePdf(storage, "planifications", fileName, {
      title: p.titre,
      subtitle: `Semaine du ${frenchDay(start)} au ${frenchDay(end)}`,
      details: [
        `Centre : ${p.centre} - ${centre.adresse}`,
        `Option : ${p.option ?? "toutes les options du centre"}`,
        p.description,
      ],
      table: timetable(p.option, index),
      sections: [
        {
          heading: "Informations",
          paragraphs: [
            "Merci d'arriver dix minutes avant le début de chaque séance. Toute absence doit être justifiée auprès de l'administration du centre.",
            "Les salles sont affichées à l'accueil le lundi matin.",
          ],
        },
      ],
    });
    await db.insert(planifications).values({
      titre: p.titre,
      description: p.description,
      centreId: centre.id,
      optionId: option?.id ?? null,
      semaineDebut: isoDay(start),
      semaineFin: isoDay(end),
      actif: p.actif,
      fileName,
      fileKey,
    });
  }
}

async function seedCourses(db: Database, storage: FileStorage, now: Date) {
  let age = 0;
  for (const subject of SUBJECTS) {
    const [matiere] = await db
      .insert(matieres)
      .values({ nom: subject.nom, description: subject.description })
      .returning({ id: matieres.id });
    if (!matiere) continue;
    const topics = TOPICS[subject.nom] ?? [];
    const groups: { niveau: { id: number; nom: string } | null; topics: string[] }[] = [];
    if (subject.niveaux.length === 0) {
      groups.push({ niveau: null, topics });
    } else {
      for (const [nom, ordre] of subject.niveaux) {
        const [niveau] = await db
          .insert(niveaux)
          .values({ matiereId: matiere.id, nom, ordre })
          .returning({ id: niveaux.id });
        if (!niveau) continue;
        // Level ordre 1 gets two handouts, the others one each, drawn from the subject's topics in turn.
        const share = topics.filter((_, i) => i % subject.niveaux.length === ordre - 1);
        groups.push({ niveau: { id: niveau.id, nom }, topics: share });
      }
    }
    for (const group of groups) {
      for (const topic of group.topics) {
        age += 1;
        const createdAt = new Date(now.getTime() - age * 9 * DAY_MS);
        const levelLabel = group.niveau ? `Niveau ${group.niveau.nom}` : "Tous niveaux";
        const fileName = `${slug(`${subject.nom} ${group.niveau ? `niveau ${group.niveau.nom}` : ""} ${topic}`)}.pdf`;
        const fileKey = await storePdf(storage, "cours", fileName, {
          title: topic,
          subtitle: `${subject.nom} - ${levelLabel}`,
          details: ["Support de cours - Préparation Selectividad (PAU)"],
          sections: [
            {
              heading: "Objectifs",
              paragraphs: [`Maîtriser les notions essentielles : ${topic.toLowerCase()}.`, subject.description],
            },
            {
              heading: "À retenir",
              paragraphs: [
                "Relisez ce support avant la séance, notez vos questions et refaites les exercices types sans regarder le corrigé.",
                "¡Ánimo! La régularité est la clé de la réussite à la Selectividad.",
              ],
            },
            {
              heading: "Exercices",
              paragraphs: [
                "1. Résumez le chapitre en dix lignes.",
                "2. Traitez le sujet d'examen de l'année dernière correspondant à ce chapitre.",
              ],
            },
          ],
        });
        await db.insert(coursDocuments).values({
          matiereId: matiere.id,
          niveauId: group.niveau?.id ?? null,
          titre: topic,
          description: `Support de cours de ${subject.nom} (${group.niveau ? `niveau ${group.niveau.nom}` : "tous niveaux"}).`,
          fileName,
          fileKey,
          createdAt,
        });
      }
    }
  }
}

async function seedOrientation(db: Database, storage: FileStorage) {
  for (const guide of ORIENTATIONS) {
    const fileName = `${slug(guide.titre)}.pdf`;
    const fileKey = await storePdf(storage, "orientation", fileName, {
      title: guide.titre,
      subtitle: "Guide d'orientation - Puerta",
      details: [guide.description],
      sections: [
        {
          heading: "Pour qui ?",
          paragraphs: [
            "Pour les bacheliers marocains qui préparent la Selectividad et souhaitent poursuivre leurs études supérieures en Espagne.",
          ],
        },
        {
          heading: "Étapes clés",
          paragraphs: [
            "1. Faire homologuer son baccalauréat et demander l'accréditation UNEDasiss.",
            "2. Passer les épreuves spécifiques de la PAU pour améliorer sa note d'admission.",
            "3. Déposer ses vœux de pré-inscription auprès des universités choisies.",
          ],
        },
        {
          heading: "Besoin d'aide ?",
          paragraphs: ["L'équipe d'orientation de votre centre vous reçoit sur rendez-vous."],
        },
      ],
    });
    await db
      .insert(orientationDocuments)
      .values({ titre: guide.titre, description: guide.description, fileName, fileKey });
  }
}
