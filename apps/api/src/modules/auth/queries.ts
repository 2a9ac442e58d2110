import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { accessTokens, centres, etudiants, options, users } from "../../db/schema/index.ts";

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function findUserWithEtudiant(db: Database, userId: number) {
  const [row] = await db
    .select({
      user: users,
      etudiant: etudiants,
      centre: { id: centres.id, nom: centres.nom },
      option: { id: options.id, nom: options.nom },
    })
    .from(users)
    .leftJoin(etudiants, eq(etudiants.userId, users.id))
    .leftJoin(centres, eq(centres.id, etudiants.centreId))
    .leftJoin(options, eq(options.id, etudiants.optionId))
    .where(eq(users.id, userId));
  return row;
}

export async function insertToken(db: Database, userId: number, tokenHash: string, lifetimeHours: number) {
  const [row] = await db
    .insert(accessTokens)
    .values({ userId, tokenHash, expiresAt: sql`now() + ${sql.raw(`interval '${lifetimeHours} hours'`)}` })
    .returning({ id: accessTokens.id });
  if (!row) throw new Error("token insert returned nothing");
  return row.id;
}

/** The token row with its validity judged by the database clock. */
export async function findLiveToken(db: Database, id: number, idleMinutes: number) {
  const [row] = await db
    .select({
      userId: accessTokens.userId,
      tokenHash: accessTokens.tokenHash,
      live: sql<boolean>`(${accessTokens.expiresAt} > now() and ${accessTokens.lastUsedAt} > now() - ${sql.raw(`interval '${idleMinutes} minutes'`)})`,
      stale: sql<boolean>`${accessTokens.lastUsedAt} < now() - interval '1 minute'`,
    })
    .from(accessTokens)
    .where(eq(accessTokens.id, id));
  return row;
}

export async function touchToken(db: Database, id: number) {
  await db.update(accessTokens).set({ lastUsedAt: sql`now()` }).where(eq(accessTokens.id, id));
}

export async function deleteToken(db: Database, id: number) {
  await db.delete(accessTokens).where(eq(accessTokens.id, id));
}

export async function deleteUserTokens(db: Database, userId: number, exceptId?: number) {
  await db
    .delete(accessTokens)
    .where(
      exceptId === undefined
        ? eq(accessTokens.userId, userId)
        : and(eq(accessTokens.userId, userId), ne(accessTokens.id, exceptId)),
    );
}
