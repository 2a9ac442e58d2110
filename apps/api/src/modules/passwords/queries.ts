import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { etudiants, passwordResets, users } from "../../db/schema/index.ts";

/** The database itself or a transaction opened on it. */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete">;

export async function findPasswordHash(db: Database, userId: number) {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash;
}

/** Whose password it is: what a guesser would try (policy.ts). */
export async function findOwner(db: Database, userId: number) {
  const [row] = await db
    .select({ email: users.email, name: users.name, prenom: etudiants.prenom, nom: etudiants.nom })
    .from(users)
    .leftJoin(etudiants, eq(etudiants.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** The account behind an e-mail address, with the first name used to greet the student. */
export async function findAccountByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, prenom: etudiants.prenom })
    .from(users)
    .leftJoin(etudiants, eq(etudiants.userId, users.id))
    .where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function updatePasswordHash(executor: Executor, userId: number, passwordHash: string) {
  await executor.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/** A new link replaces the student's earlier ones: only the latest e-mail works. */
export async function replaceResetToken(executor: Executor, userId: number, tokenHash: string, minutes: number) {
  await executor.delete(passwordResets).where(eq(passwordResets.userId, userId));
  await executor.insert(passwordResets).values({
    userId,
    tokenHash,
    expiresAt: sql`now() + ${sql.raw(`interval '${Math.trunc(minutes)} minutes'`)}`,
  });
}

const liveFor = (email: string, tokenHash: string) =>
  and(
    eq(passwordResets.tokenHash, tokenHash),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, sql`now()`),
    eq(passwordResets.userId, sql`(select ${users.id} from ${users} where ${users.email} = ${email.toLowerCase()})`),
  );

/** True when the token is unused, unexpired and belongs to the account of `email`. */
export async function isResetTokenLive(db: Database, email: string, tokenHash: string): Promise<boolean> {
  const [row] = await db.select({ id: passwordResets.id }).from(passwordResets).where(liveFor(email, tokenHash));
  return row !== undefined;
}

/** Marks the token used, atomically: of two concurrent resets with one link, one gets the user id. */
export async function spendResetToken(executor: Executor, email: string, tokenHash: string) {
  const [row] = await executor
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(liveFor(email, tokenHash))
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}

/** Once the password changed, any other link still in a mailbox stops working. */
export async function deleteUnusedResets(executor: Executor, userId: number) {
  await executor.delete(passwordResets).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
