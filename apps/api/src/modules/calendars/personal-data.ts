import { sql } from "drizzle-orm";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { jsonRows, NO_FILES } from "../../lib/personal-data-sql.ts";

/** The student's iCalendar subscription (decision 112). */
export const calendarsPersonalData: readonly PersonalDataPart[] = [
  {
    module: "calendars",
    table: "calendar_subscriptions",
    title: "Abonnement au calendrier",
    columns: ["user_id", "secret_hash", "created_at", "last_used_at"],
    purpose:
      "Votre abonnement au calendrier (iCalendar) : sa date de création et de dernière lecture (l'adresse secrète du flux n'est pas exportée).",
    retention: "anciens_eleves",
    rows: (db, s) =>
      jsonRows(
        db,
        sql`select to_jsonb(t) - 'secret_hash' as row from calendar_subscriptions t where t.user_id = ${s.userId}`,
      ),
    async erase(tx, s) {
      await tx.execute(sql`delete from calendar_subscriptions where user_id = ${s.userId}`);
      return NO_FILES;
    },
  },
];
