import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { certificateRequests, etudiants } from "../../db/schema/index.ts";

const c = certificateRequests;
const columns = {
  id: c.id,
  type: c.type,
  niveau: c.niveau,
  langues: c.langues,
  status: c.status,
  createdAt: c.createdAt,
};

/** The requests of a user's student record, newest first. */
export function listForUser(db: Database, userId: number) {
  return db
    .select(columns)
    .from(c)
    .innerJoin(etudiants, eq(etudiants.id, c.etudiantId))
    .where(eq(etudiants.userId, userId))
    .orderBy(desc(c.createdAt), desc(c.id));
}

/**
 * Inserts a request unless an identical one is still 'En Cours' (the partial unique index
 * decides, atomically): undefined means refused as a duplicate.
 */
export async function insertUnlessPending(db: Database, values: typeof c.$inferInsert) {
  const [row] = await db.insert(c).values(values).onConflictDoNothing().returning(columns);
  return row;
}
