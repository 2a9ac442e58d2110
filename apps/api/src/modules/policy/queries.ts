import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { policies, policyAcceptances } from "../../db/schema/index.ts";

/** The policy in force: the highest published version; drafts of the back-office never count. */
export const publishedPolicy = eq(policies.status, "publiee");

export async function currentPolicy(db: Pick<Database, "select">) {
  const [row] = await db.select().from(policies).where(publishedPolicy).orderBy(desc(policies.version)).limit(1);
  return row;
}

export async function hasAccepted(db: Database, userId: number, policyId: number) {
  const [row] = await db
    .select({ id: policyAcceptances.id })
    .from(policyAcceptances)
    .where(and(eq(policyAcceptances.userId, userId), eq(policyAcceptances.policyId, policyId)));
  return row !== undefined;
}

/** When the user accepted that policy, or null. */
export async function acceptedAt(db: Database, userId: number, policyId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: policyAcceptances.acceptedAt })
    .from(policyAcceptances)
    .where(and(eq(policyAcceptances.userId, userId), eq(policyAcceptances.policyId, policyId)));
  return row?.at ?? null;
}

export async function recordAcceptance(
  db: Database,
  values: { userId: number; policyId: number; ip: string; userAgent: string },
) {
  await db.insert(policyAcceptances).values(values).onConflictDoNothing();
}
