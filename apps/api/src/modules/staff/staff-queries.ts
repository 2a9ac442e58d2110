import type { StaffRole, StaffUser } from "@puerta/contract";
import { type AnyColumn, and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  staffInvitations,
  staffLoginChallenges,
  staffRecoveryCodes,
  staffSessions,
  staffUserCentres,
  staffUsers,
} from "../../db/schema/index.ts";
import type { LiveSession } from "../../lib/staff-session.ts";

/** The database itself or a transaction opened on it. */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

const interval = (seconds: number) => sql.raw(`interval '${Math.trunc(seconds)} seconds'`);

/** A staff account's centre ids, in order, as one SQL expression. */
const centreIdsOf = (staffId: AnyColumn) =>
  sql<
    number[]
  >`coalesce((select array_agg(${staffUserCentres.centreId} order by ${staffUserCentres.centreId}) from ${staffUserCentres} where ${staffUserCentres.staffId} = ${staffId}), '{}')`;

export const staffUserColumns = {
  id: staffUsers.id,
  name: staffUsers.name,
  email: staffUsers.email,
  role: sql<StaffRole>`${staffUsers.role}`,
  centre_ids: centreIdsOf(staffUsers.id),
};

export async function findStaffUser(db: Executor, id: number): Promise<StaffUser | undefined> {
  const [row] = await db.select(staffUserColumns).from(staffUsers).where(eq(staffUsers.id, id));
  return row;
}

export async function findStaffForLogin(db: Executor, email: string) {
  const [row] = await db
    .select({
      id: staffUsers.id,
      email: staffUsers.email,
      passwordHash: staffUsers.passwordHash,
      totpSecretEncrypted: staffUsers.totpSecretEncrypted,
      totpEnrolled: staffUsers.totpEnrolled,
      deactivatedAt: staffUsers.deactivatedAt,
    })
    .from(staffUsers)
    .where(eq(staffUsers.email, email.trim().toLowerCase()));
  return row;
}

export async function setTotpSecret(db: Executor, staffId: number, encrypted: string) {
  await db
    .update(staffUsers)
    .set({ totpSecretEncrypted: encrypted, updatedAt: sql`now()` })
    .where(eq(staffUsers.id, staffId));
}

// ---------------------------------------------------------------- pending sign-ins

export async function insertChallenge(db: Executor, staffId: number, tokenHash: string, ip: string, seconds: number) {
  // A new sign-in replaces the account's earlier pending ones, and expired ones of anyone go.
  await db
    .delete(staffLoginChallenges)
    .where(or(eq(staffLoginChallenges.staffId, staffId), lt(staffLoginChallenges.expiresAt, sql`now()`)));
  await db
    .insert(staffLoginChallenges)
    .values({ staffId, tokenHash, ip, expiresAt: sql`now() + ${interval(seconds)}` });
}

/** The live pending sign-in behind a cookie, with what the second step needs of the account. */
export async function findChallenge(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: staffLoginChallenges.id,
      staffId: staffUsers.id,
      email: staffUsers.email,
      totpSecretEncrypted: staffUsers.totpSecretEncrypted,
      totpEnrolled: staffUsers.totpEnrolled,
      totpLastStep: staffUsers.totpLastStep,
    })
    .from(staffLoginChallenges)
    .innerJoin(staffUsers, eq(staffUsers.id, staffLoginChallenges.staffId))
    .where(
      and(
        eq(staffLoginChallenges.tokenHash, tokenHash),
        gt(staffLoginChallenges.expiresAt, sql`now()`),
        isNull(staffUsers.deactivatedAt),
      ),
    );
  return row;
}

export async function deleteChallenge(db: Executor, id: number) {
  await db.delete(staffLoginChallenges).where(eq(staffLoginChallenges.id, id));
}

/**
 * Records the time step of an accepted code, atomically: of two requests with the same code,
 * only one finds the step still newer than the last one.
 */
export async function claimTotpStep(db: Executor, staffId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(staffUsers)
    .set({ totpLastStep: step })
    .where(and(eq(staffUsers.id, staffId), or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step))))
    .returning({ id: staffUsers.id });
  return rows.length === 1;
}

/** Spends an unused recovery code, atomically; false when there is none with that hash. */
export async function spendRecoveryCode(db: Executor, staffId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, codeHash),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: Executor, staffId: number, codeHashes: string[]) {
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  await db.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ staffId, codeHash })));
}

export async function markEnrolledAndSignedIn(db: Executor, staffId: number, enrolled: boolean) {
  await db
    .update(staffUsers)
    .set({ lastLoginAt: sql`now()`, ...(enrolled ? { totpEnrolled: true } : {}) })
    .where(eq(staffUsers.id, staffId));
}

/** Forgets the second factor: the next sign-in enrols again. */
export async function resetSecondFactor(db: Executor, staffId: number) {
  await db
    .update(staffUsers)
    .set({ totpSecretEncrypted: null, totpEnrolled: false, totpLastStep: null, updatedAt: sql`now()` })
    .where(eq(staffUsers.id, staffId));
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  await db.delete(staffLoginChallenges).where(eq(staffLoginChallenges.staffId, staffId));
  // The consecutive wrong codes counted against the old factor, and their lock, go with it (lockout.ts).
  await db.execute(sql`delete from throttles where key = ${`staff-2fa:${staffId}`}`);
}

// ---------------------------------------------------------------- sessions

export async function insertSession(db: Executor, staffId: number, tokenHash: string) {
  await db.insert(staffSessions).values({ staffId, tokenHash });
}

/**
 * The live session behind a cookie's hash, judged by the database clock: not revoked, the
 * account not deactivated, signed in less than `absoluteSeconds` ago and seen less than
 * `idleSeconds` ago. `stale` once the last sighting is a minute old: it is then written again.
 */
export async function findLiveSession(
  db: Executor,
  tokenHash: string,
  idleSeconds: number,
  absoluteSeconds: number,
): Promise<LiveSession | undefined> {
  const [row] = await db
    .select({
      ...staffUserColumns,
      sessionId: staffSessions.id,
      stale: sql<boolean>`${staffSessions.lastSeenAt} < now() - interval '1 minute'`,
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        isNull(staffSessions.revokedAt),
        isNull(staffUsers.deactivatedAt),
        gt(staffSessions.createdAt, sql`now() - ${interval(absoluteSeconds)}`),
        gt(staffSessions.lastSeenAt, sql`now() - ${interval(idleSeconds)}`),
      ),
    );
  return row;
}

export async function touchSession(db: Executor, sessionId: number) {
  await db.update(staffSessions).set({ lastSeenAt: sql`now()` }).where(eq(staffSessions.id, sessionId));
}

export async function revokeSession(db: Executor, sessionId: number) {
  await db.update(staffSessions).set({ revokedAt: sql`now()` }).where(eq(staffSessions.id, sessionId));
}

/** Ends every session of an account (deactivation, role or centres changed, second factor reset). */
export async function revokeAllSessions(db: Executor, staffId: number, exceptSessionId?: number) {
  await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.revokedAt),
        exceptSessionId === undefined ? undefined : sql`${staffSessions.id} <> ${exceptSessionId}`,
      ),
    );
}

// ---------------------------------------------------------------- passwords and invitations

export async function findPasswordHash(db: Executor, staffId: number) {
  const [row] = await db
    .select({ passwordHash: staffUsers.passwordHash })
    .from(staffUsers)
    .where(eq(staffUsers.id, staffId));
  return row?.passwordHash ?? null;
}

/** A new password: the sign-ins half done with the old one (step 1 passed) go with it. */
export async function updatePasswordHash(db: Executor, staffId: number, passwordHash: string) {
  await db.update(staffUsers).set({ passwordHash, updatedAt: sql`now()` }).where(eq(staffUsers.id, staffId));
  await db.delete(staffLoginChallenges).where(eq(staffLoginChallenges.staffId, staffId));
}

/** A new invitation replaces the account's unused ones: only the latest e-mail works. */
export async function replaceInvitation(db: Executor, staffId: number, tokenHash: string, days: number) {
  await db.delete(staffInvitations).where(and(eq(staffInvitations.staffId, staffId), isNull(staffInvitations.usedAt)));
  await db.insert(staffInvitations).values({ staffId, tokenHash, expiresAt: sql`now() + ${interval(days * 86_400)}` });
}

const liveInvitation = (tokenHash: string) =>
  and(
    eq(staffInvitations.tokenHash, tokenHash),
    isNull(staffInvitations.usedAt),
    gt(staffInvitations.expiresAt, sql`now()`),
    sql`exists (select 1 from ${staffUsers} where ${staffUsers.id} = ${staffInvitations.staffId} and ${staffUsers.deactivatedAt} is null)`,
  );

export async function findInvitation(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ staffId: staffUsers.id, name: staffUsers.name, email: staffUsers.email })
    .from(staffInvitations)
    .innerJoin(staffUsers, eq(staffUsers.id, staffInvitations.staffId))
    .where(liveInvitation(tokenHash));
  return row;
}

/** Marks the invitation used, atomically: of two activations with one link, one gets the account. */
export async function spendInvitation(db: Executor, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .update(staffInvitations)
    .set({ usedAt: sql`now()` })
    .where(liveInvitation(tokenHash))
    .returning({ staffId: staffInvitations.staffId });
  return row?.staffId;
}
