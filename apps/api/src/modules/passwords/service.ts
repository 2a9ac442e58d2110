import {
  type ChangePasswordRequest,
  PASSWORD_LIMITS,
  PASSWORD_MESSAGES,
  type ResetPasswordRequest,
} from "@puerta/contract";
import type { AppContext } from "../../app-context.ts";
import { HttpError, validationFailed } from "../../lib/errors.ts";
import { reserveAttempt, type ThrottleRule } from "../../lib/throttle.ts";
import { randomToken, sha256Hex } from "../../lib/tokens.ts";
import type { AuthContext } from "../auth/service.ts";
import { hashPassword, verifyPassword } from "../auth/service.ts";
import { isCommonPassword } from "./common-passwords.ts";
import { resetPasswordMail } from "./mail.ts";
import * as q from "./queries.ts";

const m = PASSWORD_MESSAGES;
const RESET_TOKEN_LENGTH = 64;
const QUARTER_HOUR = 15 * 60;

/** Counted and locked until the end of the window in which the limit was reached. */
const perQuarterHour = (max: number, counts: ThrottleRule["counts"]): ThrottleRule => ({
  max,
  windowSeconds: QUARTER_HOUR,
  lock: { untilWindowEnds: true },
  counts,
});

/** `max` attempts pass; the next one is answered 429 (or, per address, silently sends nothing). */
const RULES = {
  /** Wrong current passwords per student: a stolen session cannot guess the password. */
  changeFailures: perQuarterHour(5, "failures"),
  /** Forgot-password requests per IP. */
  forgotPerIp: perQuarterHour(5, "successes"),
  /** Reset e-mails per address and hour: beyond, the answer is the same but no e-mail leaves. */
  forgotPerEmail: { ...perQuarterHour(3, "successes"), windowSeconds: 60 * 60 },
  /** Invalid reset links tried per IP. */
  resetFailuresPerIp: perQuarterHour(20, "failures"),
} satisfies Record<string, ThrottleRule>;

const tooMany = (message: string, seconds: number) =>
  new HttpError(429, { message, retry_after: seconds }, { "Retry-After": String(seconds) });

const emailKey = (email: string) => sha256Hex(email.trim().toLowerCase()).slice(0, 32);

export function createPasswordService({ db, config, auth, mail }: AppContext) {
  /** Takes one attempt on the key, or answers 429 with `message`. */
  async function reserveOr429(key: string, rule: ThrottleRule, message: string) {
    const attempt = await reserveAttempt(db, [{ key, rule }]);
    if (!attempt.allowed) throw tooMany(message, attempt.retryAfter);
    return attempt;
  }

  /** The rules beyond length that both change and reset apply to a new password. */
  function assertStrongEnough(password: string, field: string) {
    if (isCommonPassword(password)) throw validationFailed({ [field]: [m.tooCommon] });
  }

  /**
   * Creates a reset link (replacing the account's earlier ones) and queues its e-mail, inside the
   * caller's transaction: "mot de passe oublié", and the back-office's "Envoyer un lien de
   * réinitialisation" (modules/students), which then flushes the outbox itself.
   */
  async function queueResetLink(tx: q.Executor, account: { id: number; email: string; prenom: string | null }) {
    const token = randomToken(RESET_TOKEN_LENGTH);
    const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(account.email)}`;
    await q.replaceResetToken(tx, account.id, sha256Hex(token), PASSWORD_LIMITS.resetTokenMinutes);
    await mail.queue(resetPasswordMail(account.email, account.prenom, link), tx);
  }

  return {
    queueResetLink,

    async change(who: AuthContext, body: ChangePasswordRequest) {
      const attempt = await reserveOr429(`change-password:${who.userId}`, RULES.changeFailures, m.tooManyAttempts);
      const currentHash = await q.findPasswordHash(db, who.userId);
      if (!currentHash || !(await verifyPassword(currentHash, body.current_password))) {
        await attempt.failed();
        throw validationFailed({ current_password: [m.currentWrong] });
      }
      await attempt.succeeded();
      if (body.new_password === body.current_password) {
        throw validationFailed({ new_password: [m.sameAsCurrent] });
      }
      assertStrongEnough(body.new_password, "new_password");
      await q.updatePasswordHash(db, who.userId, await hashPassword(body.new_password));
      await auth.revokeOtherTokens(who);
      return { message: m.changed };
    },

    /**
     * Always the same answer, whether or not the address has an account, so the form
     * cannot be used to find out who studies here.
     */
    async forgot(email: string, ip: string) {
      await (await reserveOr429(`forgot:ip:${ip}`, RULES.forgotPerIp, m.tooManyRequests)).succeeded();
      const perEmail = await reserveAttempt(db, [
        { key: `forgot:email:${emailKey(email)}`, rule: RULES.forgotPerEmail },
      ]);
      if (perEmail.allowed) await perEmail.succeeded();
      const account = await q.findAccountByEmail(db, email);
      if (account && perEmail.allowed) {
        await db.transaction((tx) => queueResetLink(tx, account));
        void mail.flush();
      }
      return { message: m.forgotSent };
    },

    async verify(email: string, token: string, ip: string) {
      const attempt = await reserveOr429(`reset:ip:${ip}`, RULES.resetFailuresPerIp, m.tooManyAttempts);
      if (await q.isResetTokenLive(db, email, sha256Hex(token))) {
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
      try {
        assertStrongEnough(body.password, "password");
      } catch (error) {
        await attempt.cancelled();
        throw error;
      }
      const userId = await db.transaction(async (tx) => {
        const spentBy = await q.spendResetToken(tx, body.email, sha256Hex(body.token));
        if (spentBy === undefined) return undefined;
        await q.updatePasswordHash(tx, spentBy, await hashPassword(body.password));
        await q.deleteUnusedResets(tx, spentBy);
        return spentBy;
      });
      if (userId === undefined) {
        await attempt.failed();
        throw validationFailed({ token: [m.linkInvalid] });
      }
      await attempt.succeeded();
      await auth.revokeAllTokens(userId);
      return { message: m.resetDone };
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
