import { sql } from "drizzle-orm";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { jsonRows, NO_FILES } from "../../lib/personal-data-sql.ts";

/** The student's acceptances of the non-refund policy (decision 112). */
export const policyPersonalData: readonly PersonalDataPart[] = [
  {
    module: "policy",
    table: "policy_acceptances",
    title: "Acceptations de la politique",
    columns: ["user_id", "policy_id", "accepted_at", "ip", "user_agent"],
    purpose:
      "Vos acceptations de la politique de non-remboursement : la version, la date, l'adresse IP et le navigateur utilisés, qui prouvent l'acceptation.",
    retention: "anciens_eleves",
    rows: (db, s) =>
      jsonRows(
        db,
        sql`select to_jsonb(a) || jsonb_build_object('version', p.version, 'titre', p.title) as row
            from policy_acceptances a join policies p on p.id = a.policy_id
            where a.user_id = ${s.userId} order by a.accepted_at`,
      ),
    async erase(tx, s) {
      await tx.execute(sql`delete from policy_acceptances where user_id = ${s.userId}`);
      return NO_FILES;
    },
  },
];
