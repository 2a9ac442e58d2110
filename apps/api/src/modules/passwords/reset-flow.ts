import { PASSWORD_LIMITS, PASSWORD_MESSAGES, type ResetPasswordRequest } from "@puerta/contract";
import type { Database } from "../../db/client.ts";
import { HttpError, validationFailed } from "../../lib/errors.ts";
import type { Mailer, OutgoingMail } from "../../lib/mailer/index.ts";
import { reserveAttempt, type ThrottleRule } from "../../lib/throttle.ts";
import { randomToken, sha256Hex } from "../../lib/tokens.ts";
import { hashPassword } from "../auth/service.ts";
import { newPasswordProblem } from "./policy.ts";

const m = PASSWORD_MESSAGES;
const RESET_TOKEN_LENGTH = 64;
const QUARTER_HOUR = 15 * 60;

/** Counted and locked until the end of the window in which the limit was reached. */
export const perQuarterHour = (max: number, counts: ThrottleRule["counts"]): ThrottleRule => ({
  max,
  windowSeconds: QUARTER_HOUR,
  lock: { untilWindowEnds: true },
  counts,
});

/** `max` attempts pass; the next one is answered 429 (or, per address, silently sends nothing). */
const RULES = {
  /** Forgot-password requests per IP. */
  forgotPerIp: perQuarterHour(5, "successes"),
  /** Reset e-mails per address and hour: beyond, the answer is the same but no e-mail leaves. */
  forgotPerEmail: { ...perQuarterHour(3, "successes"), windowSeconds: 60 * 60 },
  /** Invalid reset links tried per IP. */
  resetFailuresPerIp: perQuarterHour(20, "failures"),
} satisfies Record<string, ThrottleRule>;

export const tooMany = (message: string, seconds: number) =>
  new HttpError(429, { message, retry_after: seconds }, { "Retry-After": String(seconds) });

/** What the reset links' rate-limit keys (`forgot:email:<hash>`) hold of the address. */
export const emailKey = (email: string) => sha256Hex(email.trim().toLowerCase()).slice(0, 32);

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A transaction, or the database itself for a write that stands alone. */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete">;

/**
 * Where the accounts of one kind keep their reset links: students (`password_resets`) and staff
 * (`staff_password_resets`) differ only here, so both follow the same rules.
 */
export type ResetAccountStore<Account extends { id: number; email: string }> = {
  /** Throttle keys are `${keyPrefix}forgot:…`: each kind counts on its own. */
  keyPrefix: string;
  /** The account that may receive a link (none: the same answer, and no e-mail). */
  findAccount(email: string): Promise<Account | undefined>;
  replaceToken(tx: Executor, accountId: number, tokenHash: string, minutes: number): Promise<void>;
  isTokenLive(email: string, tokenHash: string): Promise<boolean>;
  /** Marks the token used, atomically; answers the account id, or undefined when the link is not live. */
  spendToken(tx: Transaction, email: string, tokenHash: string): Promise<number | undefined>;
  /** Stores the new hash and whatever else the reset does in its transaction (sessions, journal). */
  applyReset(tx: Transaction, accountId: number, passwordHash: string, ip: string): Promise<void>;
  /** After the commit: what cannot share the transaction (students' tokens). */
  afterReset?(accountId: number): Promise<void>;
  resetLink(token: string, account: Account): string;
  resetMail(account: Account, link: string): OutgoingMail;
};

/**
 * "Mot de passe oublié" (docs/spec/student-portal.md sections 2 and 7, docs/spec/back-office.md section 2): a link by
 * e-mail, single use, valid PASSWORD_LIMITS.resetTokenMinutes, stored hashed; the same answer
 * whether or not the address has an account; the rate limits of RULES.
 */
export function createResetFlow<Account extends { id: number; email: string }>(
  { db, mail }: { db: Database; mail: Mailer },
  store: ResetAccountStore<Account>,
) {
  const key = (name: string) => `${store.keyPrefix}${name}`;

  async function reserveOr429(name: string, rule: ThrottleRule, message: string) {
    const attempt = await reserveAttempt(db, [{ key: key(name), rule }]);
    if (!attempt.allowed) throw tooMany(message, attempt.retryAfter);
    return attempt;
  }

  /** A new link (replacing the account's earlier ones) and its e-mail, queued inside `tx`. */
  async function queueResetLink(tx: Executor, account: Account) {
    const token = randomToken(RESET_TOKEN_LENGTH);
    await store.replaceToken(tx, account.id, sha256Hex(token), PASSWORD_LIMITS.resetTokenMinutes);
    await mail.queue(store.resetMail(account, store.resetLink(token, account)), tx);
  }

  return {
    queueResetLink,
    async forgot(email: string, ip: string) {
      await (await reserveOr429(`forgot:ip:${ip}`, RULES.forgotPerIp, m.tooManyRequests)).succeeded();
      const perEmail = await reserveAttempt(db, [
        { key: key(`forgot:email:${emailKey(email)}`), rule: RULES.forgotPerEmail },
      ]);
      if (perEmail.allowed) await perEmail.succeeded();
      const account = await store.findAccount(email.trim().toLowerCase());
      if (account && perEmail.allowed) {
        await db.transaction((tx) => queueResetLink(tx, account));
        void mail.flush();
      }
      return { message: m.forgotSent };
    },

    async verify(email: string, token: string, ip: string) {
      const attempt = await reserveOr429(`reset:ip:${ip}`, RULES.resetFailuresPerIp, m.tooManyAttempts);
      if (await store.isTokenLive(email, sha256Hex(token))) {
        await attempt.succeeded();
        return { valid: true, message: m.linkValid };
      }
      await attempt.failed();
      return { valid: false, message: m.linkInvalid };
    },

    /**
     * Checks the new password's rules first, so a refused password does not spend the link;
     * then spends the token, and only then pays for the hash: an invalid link costs no argon2.
     */
    async reset(body: ResetPasswordRequest, ip: string) {
      const attempt = await reserveOr429(`reset:ip:${ip}`, RULES.resetFailuresPerIp, m.tooManyAttempts);
      const account = await store.findAccount(body.email.trim().toLowerCase());
      const problem = await newPasswordProblem(db, body.password, {
        email: body.email,
        names: account ? Object.values(account).filter((v): v is string => typeof v === "string") : [],
      });
      if (problem) {
        await attempt.cancelled();
        throw validationFailed({ password: [problem] });
      }
      const accountId = await db.transaction(async (tx) => {
        const spentBy = await store.spendToken(tx, body.email, sha256Hex(body.token));
        if (spentBy === undefined) return undefined;
        await store.applyReset(tx, spentBy, await hashPassword(body.password), ip);
        return spentBy;
      });
      if (accountId === undefined) {
        await attempt.failed();
        throw validationFailed({ token: [m.linkInvalid] });
      }
      await attempt.succeeded();
      await store.afterReset?.(accountId);
      return { message: m.resetDone };
    },
  };
}
