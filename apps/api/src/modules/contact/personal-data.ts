import { sql } from "drizzle-orm";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { addressOf, jsonRows, NO_FILES } from "../../lib/personal-data-sql.ts";

/** The contact form's messages sent from the student's address (decision 112). */
const fromTheStudent = (email: string) => sql`lower(trim(m.email)) = ${addressOf(email)}`;

/**
 * The messages of the public contact form sent from the student's address, and the staff's
 * e-mailed replies to them. Replies go first: they are found through their message.
 */
export const contactPersonalData: readonly PersonalDataPart[] = [
  {
    module: "contact",
    table: "contact_replies",
    title: "Réponses à vos messages",
    columns: ["message_id", "subject", "body", "created_at"],
    purpose: "Les réponses que l'académie vous a envoyées par e-mail à vos messages.",
    retention: "messages",
    rows: (db, s) =>
      jsonRows(
        db,
        sql`select to_jsonb(r) - 'mail_id' as row from contact_replies r join contact_messages m on m.id = r.message_id
            where ${fromTheStudent(s.email)} order by r.created_at`,
      ),
    async erase(tx, s) {
      await tx.execute(
        sql`delete from contact_replies r using contact_messages m where m.id = r.message_id and ${fromTheStudent(s.email)}`,
      );
      return NO_FILES;
    },
  },
  {
    module: "contact",
    table: "contact_messages",
    title: "Messages de contact",
    columns: ["nom", "email", "telephone", "sujet", "message", "ip", "created_at"],
    purpose:
      "Les messages que vous avez envoyés par le formulaire de contact depuis votre adresse, avec le nom, le téléphone et l'adresse IP indiqués, pour vous répondre.",
    retention: "messages",
    rows: (db, s) =>
      jsonRows(
        db,
        sql`select to_jsonb(m) - 'mail_id' as row from contact_messages m where ${fromTheStudent(s.email)} order by m.created_at`,
      ),
    async erase(tx, s) {
      await tx.execute(sql`delete from contact_messages m where ${fromTheStudent(s.email)}`);
      return NO_FILES;
    },
  },
];
