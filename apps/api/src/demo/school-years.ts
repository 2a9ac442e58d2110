import { calendarDay, schoolYearOf } from "@puerta/contract";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { rowsOf } from "../db/migration-level.ts";
import { etudiants, schoolYears, users } from "../db/schema/index.ts";
import { hashPassword } from "../lib/password-hash.ts";
import { DEMO_PASSWORD } from "./academy.ts";

/** The former student of the demo, who signs in to a reduced area and downloads a past year's attestation. */
export const DEMO_FORMER_STUDENT = "ancien.demo@example.com";

/**
 * The demo's school years (decision 111): last year closed, with the students who left it, and the
 * current one, which the demo students and everything the seed publishes belong to. Written first,
 * before any student or publication takes the current year by default; nothing when years exist.
 */
export async function seedSchoolYears(db: Database, today: string = calendarDay(new Date())) {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(schoolYears);
  if ((existing?.n ?? 0) > 0) return;
  const current = schoolYearOf(today).startYear;
  await db.insert(schoolYears).values([
    { debutAnnee: current - 1, statut: "cloturee", clotureeLe: new Date(`${current}-06-30T17:00:00Z`) },
    { debutAnnee: current, statut: "en_cours" },
  ]);
}

/** The latest closed year: the one the demo's former students left. */
async function lastClosedYear(db: Database) {
  const [closed] = await rowsOf<{ id: number; debut_annee: number }>(
    db,
    sql`select id, debut_annee from annees_scolaires where statut = 'cloturee' order by debut_annee desc limit 1`,
  );
  return closed;
}

/** Last year's cohort of the demo: the students who left it. */
export const DEMO_FORMER_STUDENTS = [
  {
    email: DEMO_FORMER_STUDENT,
    nom: "Tazi",
    prenom: "Salma",
    telephone: "+212661223344",
    cin: "BJ246810",
    centre: "Ain Sebaa",
    option: "Selectividad Santé",
    motif: "fin_de_formation",
  },
  {
    email: "ancien2.demo@example.com",
    nom: "Idrissi",
    prenom: "Amine",
    telephone: "+212662334455",
    cin: "BH135790",
    centre: "Zenith",
    option: "Selectividad Économie",
    motif: "fin_de_formation",
  },
  {
    email: "ancien3.demo@example.com",
    nom: "Berrada",
    prenom: "Kenza",
    telephone: "+212663445566",
    cin: "BE975310",
    centre: "Moulay Youssef",
    option: "Préparation DELE / SIELE",
    motif: "abandon",
  },
] as const;

/**
 * Last year's cohort: three former students (two who finished, one who left in the spring), with
 * their enrolment of that year (the trigger of migration 0014 writes it). Nothing when they exist.
 */
export async function seedFormerStudents(db: Database) {
  const closed = await lastClosedYear(db);
  if (!closed) return;
  const [already] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from users where email = ${DEMO_FORMER_STUDENT}`,
  );
  if ((already?.n ?? 0) > 0) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const lastDay = `${closed.debut_annee + 1}-06-30`;
  for (const [index, former] of DEMO_FORMER_STUDENTS.entries()) {
    const [place] = await rowsOf<{ centre_id: number | null; option_id: number | null; filiere_id: number | null }>(
      db,
      sql`select (select id from centres where nom = ${former.centre}) as centre_id,
        o.id as option_id, o.filiere_id from options o where o.nom = ${former.option}`,
    );
    const [user] = await db
      .insert(users)
      .values({ name: `${former.prenom} ${former.nom}`, email: former.email, passwordHash })
      .returning({ id: users.id });
    if (!user) continue;
    await db.insert(etudiants).values({
      userId: user.id,
      studentId: `PU-${closed.debut_annee}-${String(900 + index).padStart(4, "0")}`,
      nom: former.nom,
      prenom: former.prenom,
      email: former.email,
      telephone: former.telephone,
      cin: former.cin,
      centreId: place?.centre_id ?? null,
      optionId: place?.option_id ?? null,
      filiereId: place?.filiere_id ?? null,
      promotionId: closed.id,
      statutScolaire: "ancien_eleve",
      sortiLe: former.motif === "abandon" ? `${closed.debut_annee + 1}-03-15` : lastDay,
      motifSortie: former.motif,
    });
  }
}

/**
 * What last year published and students no longer see (decision 111): the results notification
 * and the closing ceremony, found by the staff under the *Année* filter. Written after this
 * year's, once: the other seeders only fill empty tables.
 */
export async function seedLastYearContent(db: Database) {
  const closed = await lastClosedYear(db);
  if (!closed) return;
  const [already] = await rowsOf<{ n: number }>(
    db,
    sql`select (select count(*) from notifications where annee_id = ${closed.id}) + (select count(*) from parascolaires where annee_id = ${closed.id}) as n`,
  );
  if (Number(already?.n ?? 0) > 0) return;
  const june = closed.debut_annee + 1;
  await db.execute(sql`insert into notifications (titre, message, type_destinataire, sender, priority, created_at, published_at, annee_id)
    values ('Résultats de la Selectividad ${sql.raw(String(june))}',
      'Les résultats de la PEvAU sont en ligne sur le portail de l''UNED. Félicitations à toutes et à tous !',
      'tous', 'Direction', 'high', ${`${june}-06-20T10:00:00Z`}::timestamptz, ${`${june}-06-20T10:00:00Z`}::timestamptz, ${closed.id})`);
  await db.execute(sql`insert into parascolaires (nom_evenement, jour_evenement, heure_debut, heure_fin, lieu, description, type_evenement, annee_id)
    values ('Cérémonie de fin d''année', ${`${june}-06-27`}::date, '18:00', '21:00', 'Centre Ain Sebaa',
      'Remise des diplômes de la promotion ' || ${`${closed.debut_annee}-${june}`} || '.', 'ceremony', ${closed.id})`);
}
