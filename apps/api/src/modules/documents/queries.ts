import { asc, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { coursDocuments, matieres, storedFiles } from "../../db/schema/index.ts";

export type LevelJson = { id: number; nom: string; ordre: number };
export type CourseJson = {
  id: number;
  matiere_id: number;
  niveau_id: number | null;
  titre: string;
  description: string | null;
  file_name: string;
  type_fichier: string;
  taille_fichier: number;
  created_at: string;
};

/**
 * Every subject with its levels (by ordre) and its documents (newest first), in one query.
 * The outer column is written out in full: drizzle renders `${matieres.id}` unqualified here.
 */
export function subjectsWithDocuments(db: Database) {
  return db
    .select({
      id: matieres.id,
      nom: matieres.nom,
      description: matieres.description,
      niveaux: sql<LevelJson[]>`coalesce((
        select json_agg(json_build_object('id', n.id, 'nom', n.nom, 'ordre', n.ordre) order by n.ordre, n.id)
        from niveaux n where n.matiere_id = "matieres"."id"
      ), '[]'::json)`,
      cours: sql<CourseJson[]>`coalesce((
        select json_agg(json_build_object(
          'id', c.id, 'matiere_id', c.matiere_id, 'niveau_id', c.niveau_id, 'titre', c.titre,
          'description', c.description, 'file_name', c.file_name, 'type_fichier', c.type_fichier,
          'taille_fichier', f.size_bytes, 'created_at', c.created_at
        ) order by c.created_at desc, c.id)
        from ${coursDocuments} c join ${storedFiles} f on f.key = c.file_key
        where c.matiere_id = "matieres"."id"
      ), '[]'::json)`,
    })
    .from(matieres)
    .orderBy(asc(matieres.id));
}

export async function courseFile(db: Database, fileName: string) {
  const [row] = await db
    .select({ key: coursDocuments.fileKey, fileName: coursDocuments.fileName })
    .from(coursDocuments)
    .where(sql`${coursDocuments.fileName} = ${fileName}`);
  return row;
}
