import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/migration-level.ts";

export type Executor = Pick<Database, "execute">;

export type YearRow = { id: number; debut_annee: number; statut: "en_cours" | "a_venir" | "cloturee" };

/** Makes sure a current year exists (the database's own rule, migration 0014) and answers its id. */
export async function currentYearId(db: Executor): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(db, sql`select current_school_year_id() as id`);
  if (!row) throw new Error("no current school year");
  return row.id;
}

/**
 * Every year with its counts: for the current one, the students enrolled now; for a closed one,
 * those who attended it (its `inscriptions`); and the former students whose last year it was.
 */
export async function yearsWithCounts(db: Executor) {
  return rowsOf<YearRow & { inscrits: number; anciens_eleves: number }>(
    db,
    sql`select y.id, y.debut_annee, y.statut,
      case when y.statut = 'en_cours'
        then (select count(*) from etudiants e where e.promotion_id = y.id and e.statut_scolaire = 'inscrit')
        else (select count(*) from inscriptions i where i.annee_id = y.id)
      end::int as inscrits,
      (select count(*) from etudiants e where e.promotion_id = y.id and e.statut_scolaire = 'ancien_eleve')::int as anciens_eleves
    from annees_scolaires y order by y.debut_annee desc`,
  );
}

/** The year, locked until the transaction ends: two closures of one year are one after the other. */
export async function lockYear(tx: Executor, id: number): Promise<YearRow | undefined> {
  const [row] = await rowsOf<YearRow>(
    tx,
    sql`select id, debut_annee, statut from annees_scolaires where id = ${id} for update`,
  );
  return row;
}

const ids = (list: readonly number[]) => sql`${`{${list.map((id) => Math.trunc(id)).join(",")}}`}::integer[]`;

/** The cohort's enrolled students among `list`: the continuing students that may continue. */
export async function enrolledAmong(tx: Executor, yearId: number, list: readonly number[]): Promise<number[]> {
  if (list.length === 0) return [];
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`select id from etudiants where promotion_id = ${yearId} and statut_scolaire = 'inscrit' and id = any(${ids(list)})`,
  );
  return rows.map((row) => row.id);
}

export async function countEnrolled(tx: Executor, yearId: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    tx,
    sql`select count(*)::int as n from etudiants where promotion_id = ${yearId} and statut_scolaire = 'inscrit'`,
  );
  return row?.n ?? 0;
}

/** The ids among `list` that are not rows of `table` (centres, options, filieres). */
export async function unknownIds(tx: Executor, table: "centres" | "options" | "filieres", list: readonly number[]) {
  if (list.length === 0) return [];
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`select x.id from unnest(${ids(list)}) as x(id) where not exists (select 1 from ${sql.identifier(table)} t where t.id = x.id)`,
  );
  return rows.map((row) => row.id);
}

/** The next year, made `a_venir` when it does not exist yet. */
export async function nextYear(tx: Executor, startYear: number): Promise<YearRow> {
  await tx.execute(
    sql`insert into annees_scolaires (debut_annee, statut) values (${startYear}, 'a_venir') on conflict (debut_annee) do nothing`,
  );
  const [row] = await rowsOf<YearRow>(
    tx,
    sql`select id, debut_annee, statut from annees_scolaires where debut_annee = ${startYear} for update`,
  );
  if (!row) throw new Error(`year ${startYear} missing`);
  return row;
}

export type Change = {
  etudiant_id: number;
  centre_id?: number | null;
  option_id?: number | null;
  filiere_id?: number | null;
};

/** `column = the change's value when it names one, else as it was`. */
const changed = (column: "centre_id" | "option_id" | "filiere_id"): SQL =>
  sql`${sql.identifier(column)} = case when c.j ? ${column} then (c.j ->> ${column})::integer else e.${sql.identifier(column)} end`;

/**
 * The continuing students move into the next year's cohort, with their new centre, option and
 * filière, in ONE statement: the trigger of migration 0014 then writes their new year's
 * enrolment with the new places and leaves the closed year's as it was.
 */
export async function moveIntoYear(
  tx: Executor,
  fromYear: number,
  toYear: number,
  continuing: readonly number[],
  changes: readonly Change[],
) {
  if (continuing.length === 0) return 0;
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`update etudiants e set promotion_id = ${toYear}, ${changed("centre_id")}, ${changed("option_id")}, ${changed("filiere_id")}
    from (select x.id, coalesce(ch.j, '{}'::jsonb) as j from unnest(${ids(continuing)}) as x(id)
      left join (select (j ->> 'etudiant_id')::integer as id, j from jsonb_array_elements(${JSON.stringify(changes)}::jsonb) as j) ch
      on ch.id = x.id) c
    where e.id = c.id and e.promotion_id = ${fromYear} and e.statut_scolaire = 'inscrit'
    returning e.id`,
  );
  return rows.length;
}

/** Everyone still enrolled in the closed year leaves it: *Fin de formation*, on `day`. */
export async function graduateRest(tx: Executor, yearId: number, day: string) {
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`update etudiants set statut_scolaire = 'ancien_eleve', sorti_le = ${day}::date, motif_sortie = 'fin_de_formation'
    where promotion_id = ${yearId} and statut_scolaire = 'inscrit' returning id`,
  );
  return rows.length;
}

export async function setStatus(tx: Executor, yearId: number, statut: YearRow["statut"]) {
  await tx.execute(
    sql`update annees_scolaires set statut = ${statut}, cloturee_le = ${statut === "cloturee" ? sql`now()` : sql`null`} where id = ${yearId}`,
  );
}

/** The enrolled students of a year, by name, with their places (step 1 of a closure). */
export async function enrolledStudents(db: Executor, yearId: number) {
  return rowsOf<{
    id: number;
    nom: string;
    prenom: string;
    numero_etudiant: string;
    centre_id: number | null;
    option_id: number | null;
    filiere_id: number | null;
  }>(
    db,
    sql`select id, nom, prenom, student_id as numero_etudiant, centre_id, option_id, filiere_id from etudiants
    where promotion_id = ${yearId} and statut_scolaire = 'inscrit' order by nom, prenom, id`,
  );
}

export async function yearById(db: Executor, id: number): Promise<YearRow | undefined> {
  const [row] = await rowsOf<YearRow>(db, sql`select id, debut_annee, statut from annees_scolaires where id = ${id}`);
  return row;
}
