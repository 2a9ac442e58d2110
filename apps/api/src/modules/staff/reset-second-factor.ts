import { asc, eq, isNotNull, or } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { staffUsers } from "../../db/schema/index.ts";
import { audit } from "../audit/service.ts";
import * as q from "./staff-queries.ts";

/**
 * The operator's "réinitialiser la 2FA", from a command rather than the back-office (whose
 * direction may itself be locked out): the next sign-in enrols a new second factor, the
 * account's sessions end, and the journal says so, with no staff author (decision 084).
 * `all` resets every account that has a second factor (a restore under a new secret).
 */
export async function resetSecondFactorsByOperator(
  db: Database,
  target: { email: string } | { all: true },
  why: string,
): Promise<{ name: string; email: string }[]> {
  return db.transaction(async (tx) => {
    const accounts = await tx
      .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email, enrolled: staffUsers.totpEnrolled })
      .from(staffUsers)
      .where(
        "email" in target
          ? eq(staffUsers.email, target.email.toLowerCase())
          : or(eq(staffUsers.totpEnrolled, true), isNotNull(staffUsers.totpSecretEncrypted)),
      )
      .orderBy(asc(staffUsers.id));
    for (const account of accounts) {
      await q.resetSecondFactor(tx, account.id);
      await q.revokeAllSessions(tx, account.id);
      await audit(tx, {
        actor: null,
        ip: null,
        action: "reinitialisation_2fa",
        entity: "comptes",
        entityId: account.id,
        summary: `Double authentification de ${account.name} réinitialisée ${why}.`,
        changes: { totp_enrolled: { before: account.enrolled, after: false } },
      });
    }
    return accounts.map(({ name, email }) => ({ name, email }));
  });
}
