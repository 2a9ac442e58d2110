import { sql } from "drizzle-orm";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { fileKeysOf, jsonRows } from "../../lib/personal-data-sql.ts";

/** The profile (decision 112): the photo, its row and its stored image. */
export const profilePersonalData: readonly PersonalDataPart[] = [
  {
    module: "profile",
    table: "profile_photos",
    title: "Photo de profil",
    columns: ["etudiant_id", "storage_key", "content_type", "updated_at"],
    purpose: "Votre photo de profil, choisie par vous sur /profile (l'image est dans le dossier fichiers/).",
    retention: "anciens_eleves",
    rows: (db, s) =>
      jsonRows(db, sql`select to_jsonb(p) as row from profile_photos p where p.etudiant_id = ${s.etudiantId}`),
    files: async (db, s) =>
      (
        await fileKeysOf(db, sql`select storage_key as key from profile_photos where etudiant_id = ${s.etudiantId}`)
      ).fileKeys.map((key) => ({ key, name: `photo-profil${key.slice(key.lastIndexOf("."))}` })),
    erase: (tx, s) =>
      fileKeysOf(tx, sql`delete from profile_photos where etudiant_id = ${s.etudiantId} returning storage_key as key`),
  },
];
