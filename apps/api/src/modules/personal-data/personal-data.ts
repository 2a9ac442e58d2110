import { sql } from "drizzle-orm";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { jsonRows, NO_FILES } from "../../lib/personal-data-sql.ts";
import { throttlesPart } from "../../lib/throttle.ts";

/** The throttle key of "Télécharger mes données" (export.ts): one per student account. */
export const dataExportKey = (userId: number) => `donnees:${userId}`;

/**
 * The access and erasure requests handled (`demandes_donnees`, decision 112): the academy's record
 * that it answered the student's rights (articles 7 and 9). Exported, and kept by the erasure on
 * purpose; it never held the student's name or address, only their id and, once erased, the
 * SHA-256 of the address (so that restoring an older backup can erase them again).
 */
export const dataRequestsPersonalData: readonly PersonalDataPart[] = [
  {
    module: "personal-data",
    table: "demandes_donnees",
    title: "Demandes d'accès et d'effacement",
    columns: ["etudiant_id", "type", "staff_id", "motif", "empreinte", "created_at"],
    purpose:
      "Vos demandes d'accès à vos données (les exports précédents : celui-ci s'y ajoute une fois téléchargé) et d'effacement, traitées par l'académie : type, date, et le membre du personnel qui l'a fait (aucun quand vous avez téléchargé vous-même).",
    retention: "journal",
    rows: (db, s) =>
      jsonRows(
        db,
        sql`select to_jsonb(d) as row from demandes_donnees d where d.etudiant_id = ${s.etudiantId} order by d.created_at, d.id`,
      ),
    erase: async () => NO_FILES,
    kept: "La trace de chaque demande traitée (type, date, motif, membre du personnel, numéro de l'étudiant et, après un effacement, l'empreinte SHA-256 de son adresse) : la preuve que l'académie a répondu à ses droits, et de quoi effacer à nouveau l'étudiant si une sauvegarde plus ancienne était restaurée.",
  },
  throttlesPart(
    "personal-data",
    "Le compteur qui limite les téléchargements de vos données depuis votre profil.",
    (s) => ({ exact: [dataExportKey(s.userId)], prefixes: [] }),
  ),
];
