import { schoolYearStarting } from "@puerta/contract";
import { sql } from "drizzle-orm";
import type { Database } from "../../src/db/client.ts";

/** A closed school year starting in `startYear` (created if missing): its id. */
export async function closedYear(db: Database, startYear: number): Promise<number> {
  await db.execute(
    sql`insert into annees_scolaires (debut_annee, statut, cloturee_le) values (${startYear}, 'cloturee', now())
      on conflict (debut_annee) do nothing`,
  );
  const result = (await db.execute(
    sql`select id from annees_scolaires where debut_annee = ${startYear}`,
  )) as unknown as {
    rows: { id: number }[];
  };
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error(`no school year ${startYear}`);
  return id;
}

/** The student also attended the closed year starting in `startYear` (a row of `inscriptions`). */
export async function addAttendedYear(db: Database, etudiantId: number, startYear: number): Promise<number> {
  const id = await closedYear(db, startYear);
  await db.execute(
    sql`insert into inscriptions (etudiant_id, annee_id, centre_id, option_id, filiere_id)
      select id, ${id}, centre_id, option_id, filiere_id from etudiants where id = ${etudiantId}
      on conflict do nothing`,
  );
  return id;
}

/**
 * Makes a student an *Ancien élève* as closing the year would (written by SQL: the closing
 * module is the lead's): they attended the closed years `attended` (the last one their
 * cohort), not the current one, and left at the end of the last with `motif`.
 */
export async function makeFormerStudent(
  db: Database,
  etudiantId: number,
  { attended = [2024, 2025], motif = "fin_de_formation" }: { attended?: number[]; motif?: string } = {},
): Promise<{ yearIds: number[] }> {
  const yearIds: number[] = [];
  for (const startYear of attended) yearIds.push(await addAttendedYear(db, etudiantId, startYear));
  const last = Math.max(...attended);
  const lastId = yearIds[attended.indexOf(last)];
  await db.execute(
    sql`update etudiants set promotion_id = ${lastId}, statut_scolaire = 'ancien_eleve',
      sorti_le = ${schoolYearStarting(last).last}, motif_sortie = ${motif} where id = ${etudiantId}`,
  );
  await db.execute(
    sql`delete from inscriptions where etudiant_id = ${etudiantId}
      and annee_id not in (select id from annees_scolaires where debut_annee in (${sql.join(
        attended.map((y) => sql`${y}`),
        sql`, `,
      )}))`,
  );
  return { yearIds };
}
