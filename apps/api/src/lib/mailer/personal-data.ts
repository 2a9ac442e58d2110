import { sql } from "drizzle-orm";
import type { DataSubject, PersonalDataPart } from "../personal-data.ts";
import { addressOf, jsonRows, NO_FILES } from "../personal-data-sql.ts";

/** The outbox rows about the student: to them, from their address (contact form), their notification copies. */
const aboutTheStudent = (s: DataSubject) =>
  sql`(lower(trim(m.to_address)) = ${addressOf(s.email)} or lower(trim(coalesce(m.reply_to, ''))) = ${addressOf(s.email)}
    or m.unsubscribe_etudiant_id = ${s.etudiantId})`;

/**
 * The mail outbox (decision 112). The export leaves out the bodies: a message still waiting holds
 * a live link (invitation, password reset) that is the student's alone, and one sent has none left
 * (markSent empties it). The erasure deletes the rows; the `.eml` copies of DATA_DIR/mail are
 * files of the erasure's own (modules/personal-data), not of the storage.
 */
export const mailPersonalData: readonly PersonalDataPart[] = [
  {
    module: "mail",
    table: "mail_outbox",
    title: "E-mails",
    columns: ["to_address", "reply_to", "subject", "text_body", "html_body", "unsubscribe_etudiant_id"],
    purpose:
      "Les e-mails que l'académie vous a envoyés ou va vous envoyer (et ceux du formulaire de contact envoyés depuis votre adresse) : destinataire, objet, état et dates ; leur contenu n'est pas exporté (un e-mail en attente peut contenir un lien personnel encore valable, celui d'un e-mail envoyé est effacé).",
    retention: "emails_envoyes",
    rows: (db, s) =>
      jsonRows(
        db,
        sql`select to_jsonb(m) - 'text_body' - 'html_body' - 'leased_until' - 'last_error' as row
            from mail_outbox m where ${aboutTheStudent(s)} order by m.created_at, m.id`,
      ),
    async erase(tx, s) {
      await tx.execute(sql`delete from mail_outbox m where ${aboutTheStudent(s)}`);
      return NO_FILES;
    },
  },
];
