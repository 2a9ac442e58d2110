import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { ownedRowsPart } from "../../lib/personal-data-sql.ts";

/** The student's iCalendar subscription (decision 112). */
export const calendarsPersonalData: readonly PersonalDataPart[] = [
  ownedRowsPart({
    module: "calendars",
    table: "calendar_subscriptions",
    title: "Abonnement au calendrier",
    columns: ["user_id", "secret_hash", "created_at", "last_used_at"],
    purpose:
      "Votre abonnement au calendrier (iCalendar) : sa date de création et de dernière lecture (l'adresse secrète du flux n'est pas exportée).",
    retention: "anciens_eleves",
    by: "user_id",
    hidden: ["secret_hash"],
  }),
];
