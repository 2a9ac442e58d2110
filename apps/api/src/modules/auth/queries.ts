import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import { accessTokens, centres, etudiants, options, users } from "../../db/schema/index.ts";

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, deactivatedAt: users.deactivatedAt })
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

export type LiveToken = { userId: number; tokenHash: string; live: boolean; stale: boolean };

/**
 * Looks a token up by id, its validity judged by the database clock: `live` while neither
 * expired nor idle too long; `stale` once its last use is a minute old, so that the use is
 * written at most once a minute (decision 050). Prepared once: it runs on every request.
 */
export function liveTokenQuery(db: Database, idleMinutes: number) {
  const t = accessTokens;
  const query = prepared<LiveToken>(
    db,
    "live_token",
    sql`select ${t.userId} as "userId", ${t.tokenHash} as "tokenHash",
      (${t.expiresAt} > now() and ${t.lastUsedAt} > now() - ${sql.raw(`interval '${Math.trunc(idleMinutes)} minutes'`)}) as "live",
      ${t.lastUsedAt} < now() - interval '1 minute' as "stale"
      from ${t} where ${t.id} = ${sql.placeholder("id")}`,
  );
  return async (id: number): Promise<LiveToken | undefined> => (await query({ id }))[0];
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

export async function recordLogin(db: Database, userId: number) {
  await db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, userId));
}
