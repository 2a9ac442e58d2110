import { sql } from "drizzle-orm";
import type { DataSubject, PersonalDataPart } from "./personal-data.ts";
import { addressOf, jsonRows, NO_FILES } from "./personal-data-sql.ts";

/** The keys the student sent (lib/idempotency.ts names a student caller `etudiant:{user id}`). */
const theirs = (s: DataSubject) => sql`k.caller = ${`etudiant:${s.userId}`}`;

/**
 * Idempotency keys (lib/idempotency.ts, decision 112): a day of the student's own writes that
 * created or sent something, with the answer kept to replay it. The erasure also deletes the
 * answers kept for a staff member's key that name the student (creating or importing them): they
 * would otherwise hold the student's address for the rest of the day.
 */
export const idempotencyPersonalData: readonly PersonalDataPart[] = [
  {
    module: "idempotency",
    table: "idempotency_keys",
    title: "Envois récents",
    columns: ["caller", "key", "response_body", "created_at", "completed_at"],
    purpose:
      "Les dernières demandes que vous avez envoyées (une attestation demandée…) et la réponse donnée, gardées un jour pour qu'un envoi répété ne soit pas traité deux fois.",
    retention: "traces",
    rows: (db, s) =>
      jsonRows(
        db,
        sql`select to_jsonb(k) - 'fingerprint' - 'owner' - 'attempt' - 'lease_until' as row
            from idempotency_keys k where ${theirs(s)} order by k.created_at`,
      ),
    async erase(tx, s) {
      await tx.execute(
        sql`delete from idempotency_keys k
            where ${theirs(s)} or (k.response_body is not null and position(${addressOf(s.email)} in lower(k.response_body)) > 0)`,
      );
      return NO_FILES;
    },
  },
];
