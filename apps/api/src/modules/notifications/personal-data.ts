import { ERASED } from "@puerta/contract";
import { sql } from "drizzle-orm";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { jsonRows, NO_FILES } from "../../lib/personal-data-sql.ts";

/**
 * Notifications (decision 112): which ones the student read, and those addressed to them by name
 * (`etudiant_ids`). A notification is the staff's text for its whole audience: an erasure takes
 * the student out of it (and their name out of its text), the notification stays for the others.
 */
export const notificationsPersonalData: readonly PersonalDataPart[] = [
  {
    module: "notifications",
    table: "notification_reads",
    title: "Notifications lues",
    columns: ["etudiant_id", "notification_id", "read_at"],
    purpose: "Les notifications que vous avez ouvertes, et quand (elles s'affichent alors comme lues).",
    retention: "anciens_eleves",
    rows: (db, s) =>
      jsonRows(
        db,
        sql`select to_jsonb(r) || jsonb_build_object('titre', n.titre) as row
            from notification_reads r join notifications n on n.id = r.notification_id
            where r.etudiant_id = ${s.etudiantId} order by r.read_at`,
      ),
    async erase(tx, s) {
      await tx.execute(sql`delete from notification_reads where etudiant_id = ${s.etudiantId}`);
      return NO_FILES;
    },
  },
  {
    module: "notifications",
    table: "notifications",
    title: "Notifications adressées nommément",
    columns: ["etudiant_ids"],
    purpose: "Les notifications que le personnel vous a adressées nommément.",
    retention: "anciens_eleves",
    // The others it was addressed to are theirs: their ids stay out of the export.
    rows: (db, s) =>
      jsonRows(
        db,
        sql`select jsonb_build_object('id', n.id, 'titre', n.titre, 'message', n.message, 'type_destinataire',
              n.type_destinataire, 'created_at', n.created_at, 'published_at', n.published_at) as row
            from notifications n where ${s.etudiantId} = any(n.etudiant_ids) order by n.created_at`,
      ),
    async erase(tx, s) {
      await tx.execute(
        sql`update notifications n set etudiant_ids = array_remove(n.etudiant_ids, ${s.etudiantId}),
              titre = replace(n.titre, e.prenom || ' ' || e.nom, ${ERASED}),
              message = replace(n.message, e.prenom || ' ' || e.nom, ${ERASED})
            from etudiants e where e.id = ${s.etudiantId} and ${s.etudiantId} = any(n.etudiant_ids)`,
      );
      return NO_FILES;
    },
  },
];
