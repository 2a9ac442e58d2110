import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import { coursDocuments, matieres, niveaux, storedFiles } from "../../db/schema/index.ts";
import { jsonArray, rowJson } from "../../lib/json-text.ts";

const c = coursDocuments;

/** Documents in the staff's order (docs/spec/back-office.md section 5), then newest first. */
const inOrder = sql`d.ordre, d.created_at desc, d.id`;

/**
 * The documents answer of docs/spec/student-portal.md section 3, written by PostgreSQL in one statement prepared once
 * (decision 050): subjects with levels (by ordre), subjects without levels with their
 * documents, and level id → that level's documents of its subject. Each document is its row's
 * stored wire JSON (migration 0006) around the stored file's size. The CTEs name their columns
 * plainly: drizzle would qualify them with the base table.
 */
export function courseDocumentsJson(db: Database) {
  const query = prepared<{ json: string; listed: boolean }>(
    db,
    "course_documents",
    sql`with docs as (
      select ${c.matiereId} as matiere_id, ${c.niveauId} as niveau_id, ${c.createdAt} as created_at, ${c.id} as id, ${c.ordre} as ordre,
        ${c.wireHead} || ${storedFiles.sizeBytes} || ${c.wireTail} as json
      from ${c} join ${storedFiles} on ${storedFiles.key} = ${c.fileKey}
      where ${c.withdrawnAt} is null
    ), levels as (
      select ${niveaux.matiereId} as matiere_id, ${niveaux.id} as id, ${niveaux.ordre} as ordre, ${rowJson("x")} as json
      from ${niveaux} cross join lateral (select ${niveaux.id} as "id", ${niveaux.nom} as "nom", ${niveaux.ordre} as "ordre") x
    ), level_docs as (
      select d.matiere_id, d.niveau_id, ${jsonArray(sql`d.json`, inOrder)} as json
      from docs d where d.niveau_id is not null group by d.matiere_id, d.niveau_id
    ), subjects as (
      select ${matieres.id} as id, ${matieres.nom} as nom, ${matieres.description} as description,
        (select '[' || string_agg(l.json, ',' order by l.ordre, l.id) || ']' from levels l where l.matiere_id = ${matieres.id}) as niveaux
      from ${matieres}
    )
    select '{"matieres_avec_niveaux":' || (
        select ${jsonArray(rowJson("x"), sql`s.id`)} from subjects s
        cross join lateral (select s.id, s.nom, s.description, s.niveaux::json as niveaux) x
        where s.niveaux is not null
      ) || ',"matieres_sans_niveaux":' || (
        select ${jsonArray(rowJson("x"), sql`s.id`)} from subjects s
        cross join lateral (select s.id, s.nom, s.description,
          (select ${jsonArray(sql`d.json`, inOrder)} from docs d where d.matiere_id = s.id)::json as cours) x
        where s.niveaux is null
      ) || ',"cours_par_niveau":{' || coalesce((
        -- Integer keys in ascending order, where JSON.stringify puts them.
        select string_agg(to_json(l.id::text)::text || ':' || coalesce(ld.json, '[]'), ',' order by l.id)
        from levels l left join level_docs ld on ld.matiere_id = l.matiere_id and ld.niveau_id = l.id
      ), '') || '}}' as json,
      exists (select from ${matieres}) as listed`,
  );
  return async () => {
    const [row] = await query({});
    if (!row) throw new Error("course_documents answered no row");
    return row;
  };
}

export async function courseFile(db: Database, fileName: string) {
  const [row] = await db
    .select({ key: c.fileKey, fileName: c.fileName })
    .from(c)
    .where(sql`${c.fileName} = ${fileName} and ${c.withdrawnAt} is null`);
  return row;
}
