import { DOCUMENT_DOWNLOADS, type Planning } from "@puerta/contract";
import type { CoreContext } from "../../context.ts";
import type { DownloadTarget } from "../../lib/file-download.ts";
import * as q from "./queries.ts";

export const PLANNING_FOLDER = "planifications";

function toPlanning(row: q.PlanningRow): Planning {
  return {
    id: row.id,
    titre: row.titre,
    fichier_path: `${PLANNING_FOLDER}/${row.fileName}`,
    fichier_url: `${DOCUMENT_DOWNLOADS.planning}/${row.fileName}`,
    type_fichier: row.typeFichier,
    semaine_debut: row.semaineDebut,
    semaine_fin: row.semaineFin,
    description: row.description,
    actif: row.actif,
    option: row.optionId !== null && row.optionNom !== null ? { id: row.optionId, nom: row.optionNom } : null,
    centre: { id: row.centreId, nom: row.centreNom, adresse: row.centreAdresse },
    taille_fichier: row.sizeBytes,
  };
}

export function createPlanningService({ db }: Pick<CoreContext, "db">) {
  return {
    /** Spec section 5's planning filter, applied here on the server. */
    async list(userId: number): Promise<Planning[]> {
      return (await q.visiblePlannings(db, userId)).map(toPlanning);
    },

    async download(userId: number, fileName: string): Promise<DownloadTarget | null> {
      const row = await q.visiblePlanningFile(db, userId, fileName);
      return row ? { key: row.key, downloadName: row.fileName } : null;
    },
  };
}
