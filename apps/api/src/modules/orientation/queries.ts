import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { orientationDocuments, storedFiles } from "../../db/schema/index.ts";

export function orientationList(db: Database) {
  return (
    db
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
      // Withdrawn guides are in the restore bin, not for students (docs/spec/back-office.md section 5).
      .where(isNull(orientationDocuments.withdrawnAt))
      .orderBy(asc(orientationDocuments.id))
  );
}

export async function orientationFile(db: Database, fileName: string) {
  const [row] = await db
    .select({ key: orientationDocuments.fileKey, fileName: orientationDocuments.fileName })
    .from(orientationDocuments)
    .where(and(eq(orientationDocuments.fileName, fileName), isNull(orientationDocuments.withdrawnAt)));
  return row;
}
