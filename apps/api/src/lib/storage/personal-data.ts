import { sql } from "drizzle-orm";
import type { PersonalDataPart } from "../personal-data.ts";
import { jsonRows, NO_FILES, textArray } from "../personal-data-sql.ts";

/**
 * `stored_files` (decision 112): the metadata of the student's files, which other parts own (the
 * photo, the attestations' PDFs: their `files()`). Its erasure has nothing of its own to do: the
 * owners answer those keys from their `erase()`, and the erasure removes their metadata in its
 * transaction and their bytes once it committed.
 */
export function storedFilesPersonalData(owners: readonly PersonalDataPart[]): PersonalDataPart {
  return {
    module: "storage",
    table: "stored_files",
    title: "Fichiers",
    columns: ["key", "original_name", "content_type", "size_bytes", "sha256", "created_at"],
    purpose:
      "La description des fichiers qui vous appartiennent (photo, attestations) : nom, type, taille, empreinte et date d'enregistrement.",
    retention: "anciens_eleves",
    async rows(db, subject) {
      const keys: string[] = [];
      for (const owner of owners) for (const file of (await owner.files?.(db, subject)) ?? []) keys.push(file.key);
      if (keys.length === 0) return [];
      return jsonRows(
        db,
        sql`select to_jsonb(f) as row from stored_files f where f.key = any(${textArray(keys)}) order by f.key`,
      );
    },
    erase: async () => NO_FILES,
  };
}
