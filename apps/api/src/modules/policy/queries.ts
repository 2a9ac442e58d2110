import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { policies, policyAcceptances } from "../../db/schema/index.ts";

export async function currentPolicy(db: Database) {
  const [row] = await db.select().from(policies).orderBy(desc(policies.version)).limit(1);
  return row;
}

export async function hasAccepted(db: Database, userId: number, policyId: number) {
  const [row] = await db
    .select({ id: policyAcceptances.id })
    .from(policyAcceptances)
    .where(and(eq(policyAcceptances.userId, userId), eq(policyAcceptances.policyId, policyId)));
  return row !== undefined;
}

export async function recordAcceptance(
  db: Database,
  values: { userId: number; policyId: number; ip: string; userAgent: string },
) {
  await db.insert(policyAcceptances).values(values).onConflictDoNothing();
}
