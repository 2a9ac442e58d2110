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

/** A user with their student record (null columns without one), its centre and option names. */
export type UserRow = {
  id: number;
  name: string;
  email: string;
  created_at: Date | string;
  e_id: number | null;
  student_id: string;
  centre_id: number | null;
  option_id: number | null;
  filiere_id: number | null;
  telephone: string | null;
  nom: string;
  prenom: string;
  e_email: string;
  profile_image: string | null;
  cin: string | null;
  statut_scolaire: string | null;
  c_nom: string | null;
  o_nom: string | null;
};

/**
 * The user with their student record, prepared once (decision 050): every student page the
 * server renders asks for it, and planning a four-table join cost more than running it.
 */
export function userWithEtudiantQuery(db: Database) {
  const query = prepared<UserRow>(
    db,
    "user_with_etudiant",
    sql`select ${users.id} as id, ${users.name} as name, ${users.email} as email, ${users.createdAt} as created_at,
      ${etudiants.id} as e_id, ${etudiants.studentId} as student_id, ${etudiants.centreId} as centre_id,
      ${etudiants.optionId} as option_id, ${etudiants.filiereId} as filiere_id, ${etudiants.telephone} as telephone,
      ${etudiants.nom} as nom, ${etudiants.prenom} as prenom, ${etudiants.email} as e_email,
      ${etudiants.profileImage} as profile_image, ${etudiants.cin} as cin, ${etudiants.statutScolaire} as statut_scolaire, ${centres.nom} as c_nom, ${options.nom} as o_nom
      from ${users} left join ${etudiants} on ${etudiants.userId} = ${users.id}
      left join ${centres} on ${centres.id} = ${etudiants.centreId}
      left join ${options} on ${options.id} = ${etudiants.optionId}
      where ${users.id} = ${sql.placeholder("userId")}`,
  );
  return async (userId: number): Promise<UserRow | undefined> => (await query({ userId }))[0];
}

export async function insertToken(db: Database, userId: number, tokenHash: string, lifetimeHours: number) {
  const [row] = await db
    .insert(accessTokens)
    .values({ userId, tokenHash, expiresAt: sql`now() + ${sql.raw(`interval '${lifetimeHours} hours'`)}` })
    .returning({ id: accessTokens.id });
  if (!row) throw new Error("token insert returned nothing");
  return row.id;
}

export type LiveToken = { userId: number; tokenHash: string; live: boolean; stale: boolean; formerStudent: boolean };

/**
 * Looks a token up by id, its validity judged by the database clock: `live` while neither
 * expired nor idle too long; `stale` once its last use is a minute old, so that the use is
 * written at most once a minute (decision 050); `formerStudent` when the user's student record is
 * an *Ancien élève*'s (the scopes of route-scopes.ts reduce their area, docs/spec/school-year-and-data.md
 * section 3). Prepared once: it runs on every request.
 */
export function liveTokenQuery(db: Database, idleMinutes: number) {
  const t = accessTokens;
  const query = prepared<LiveToken>(
    db,
    "live_token",
    sql`select ${t.userId} as "userId", ${t.tokenHash} as "tokenHash",
      (${t.expiresAt} > now() and ${t.lastUsedAt} > now() - ${sql.raw(`interval '${Math.trunc(idleMinutes)} minutes'`)}) as "live",
      ${t.lastUsedAt} < now() - interval '1 minute' as "stale",
      coalesce((select ${etudiants.statutScolaire} = 'ancien_eleve' from ${etudiants} where ${etudiants.userId} = ${t.userId} limit 1), false) as "formerStudent"
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
