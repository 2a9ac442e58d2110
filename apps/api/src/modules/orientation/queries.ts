import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { orientationDocuments, storedFiles } from "../../db/schema/index.ts";

export function orientationList(db: Database) {
  return db
    .select({
      id: orientationDocuments.id,
      titre: orientationDocuments.titre,
      description: orientationDocuments.description,
      typeFichier: orientationDocuments.typeFichier,
      fileName: orientationDocuments.fileName,
      sizeBytes: storedFiles.sizeBytes,
    })
    .from(orientationDocuments)
    .innerJoin(storedFiles, eq(storedFiles.key, orientationDocuments.fileKey))
    .orderBy(asc(orientationDocuments.id));
}

export async function orientationFile(db: Database, fileName: string) {
  const [row] = await db
    .select({ key: orientationDocuments.fileKey, fileName: orientationDocuments.fileName })
    .from(orientationDocuments)
    .where(eq(orientationDocuments.fileName, fileName));
  return row;
}
