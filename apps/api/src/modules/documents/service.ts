import { type CourseDocument, type CourseDocuments, DOCUMENT_TEXTS } from "@puerta/contract";
import type { CoreContext } from "../../context.ts";
import type { DownloadTarget } from "../../lib/file-download.ts";
import * as q from "./queries.ts";

export const COURSE_FOLDER = "cours";

function toDocument(row: q.CourseJson): CourseDocument {
  return {
    id: row.id,
    matiere_id: row.matiere_id,
    niveau_id: row.niveau_id,
    titre: row.titre,
    description: row.description,
    fichier_path: `${COURSE_FOLDER}/${row.file_name}`,
    type_fichier: row.type_fichier,
    taille_fichier: Number(row.taille_fichier),
    // json_build_object writes timestamps without the 'Z' form: normalised to ISO 8601 UTC.
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function createDocumentsService({ db }: Pick<CoreContext, "db">) {
  return {
    /** Spec section 3's documents response: subjects with levels, without levels, and level → documents. */
    async all(): Promise<CourseDocuments> {
      const result: CourseDocuments = { matieres_avec_niveaux: [], matieres_sans_niveaux: [], cours_par_niveau: {} };
      for (const subject of await q.subjectsWithDocuments(db)) {
        const cours = subject.cours.map(toDocument);
        if (subject.niveaux.length === 0) {
          result.matieres_sans_niveaux.push({
            id: subject.id,
            nom: subject.nom,
            description: subject.description,
            cours,
          });
          continue;
        }
        result.matieres_avec_niveaux.push({
          id: subject.id,
          nom: subject.nom,
          description: subject.description,
          niveaux: subject.niveaux,
        });
        for (const niveau of subject.niveaux) {
          result.cours_par_niveau[String(niveau.id)] = cours.filter((c) => c.niveau_id === niveau.id);
        }
      }
      return result;
    },

    message: (data: CourseDocuments) =>
      data.matieres_avec_niveaux.length + data.matieres_sans_niveaux.length > 0
        ? DOCUMENT_TEXTS.courseListed
        : DOCUMENT_TEXTS.courseEmpty,

    async download(_userId: number, fileName: string): Promise<DownloadTarget | null> {
      const row = await q.courseFile(db, fileName);
      return row ? { key: row.key, downloadName: row.fileName } : null;
    },
  };
}
