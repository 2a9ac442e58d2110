import { DOCUMENT_DOWNLOADS, formatFileSize, type OrientationDocument } from "@puerta/contract";
import type { CoreContext } from "../../context.ts";
import type { DownloadTarget } from "../../lib/file-download.ts";
import * as q from "./queries.ts";

export function createOrientationService({ db }: Pick<CoreContext, "db">) {
  return {
    async list(): Promise<OrientationDocument[]> {
      return (await q.orientationList(db)).map((row) => ({
        id: row.id,
        titre: row.titre,
        description: row.description,
        fichier_url: `${DOCUMENT_DOWNLOADS.orientation}/${row.fileName}`,
        type_fichier: row.typeFichier,
        taille_fichier_formatee: formatFileSize(row.sizeBytes),
      }));
    },

    async download(_userId: number, fileName: string): Promise<DownloadTarget | null> {
      const row = await q.orientationFile(db, fileName);
      return row ? { key: row.key, downloadName: row.fileName } : null;
    },
  };
}
