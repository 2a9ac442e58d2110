import {
  type ChangePasswordRequest,
  PASSWORD_LIMITS,
  PASSWORD_MESSAGES,
  type ResetPasswordRequest,
} from "@puerta/contract";
import type { AppContext } from "../../app-context.ts";
import { HttpError, validationFailed } from "../../lib/errors.ts";
import { hit, lockedFor, type ThrottleRule } from "../../lib/throttle.ts";
import { randomToken, sha256Hex } from "../../lib/tokens.ts";
import type { AuthContext } from "../auth/service.ts";
import { hashPassword, verifyPassword } from "../auth/service.ts";
import { isCommonPassword } from "./common-passwords.ts";
import { resetPasswordMail } from "./mail.ts";
import * as q from "./queries.ts";

const m = PASSWORD_MESSAGES;
const RESET_TOKEN_LENGTH = 64;
const QUARTER_HOUR = 15 * 60;

/** Locks until the end of the window in which the limit was reached. */
const untilWindowEnds: ThrottleRule["lockSeconds"] = ({ windowRemainingSeconds }) => windowRemainingSeconds;

/** `max` is the first refused hit: 5 tries pass, the 6th is answered 429. */
const RULES = {
  /** Wrong current passwords per student: a stolen session cannot guess the password. */
  changeFailures: { max: 6, windowSeconds: QUARTER_HOUR, lockSeconds: untilWindowEnds },
  /** Forgot-password requests per IP. */
  forgotPerIp: { max: 6, windowSeconds: QUARTER_HOUR, lockSeconds: untilWindowEnds },
  /** Reset e-mails per address and hour: beyond, the answer is the same but no e-mail leaves. */
  forgotPerEmail: { max: 4, windowSeconds: 60 * 60, lockSeconds: untilWindowEnds },
  /** Invalid reset links tried per IP. */
  resetFailuresPerIp: { max: 21, windowSeconds: QUARTER_HOUR, lockSeconds: untilWindowEnds },
} satisfies Record<string, ThrottleRule>;

const tooMany = (message: string, seconds: number) =>
  new HttpError(429, { message, retry_after: seconds }, { "Retry-After": String(seconds) });

const emailKey = (email: string) => sha256Hex(email.trim().toLowerCase()).slice(0, 32);

export function createPasswordService({ db, config, auth, mail }: AppContext) {
  /** Counts one hit; true when this hit went over the limit. */
  async function overLimit(key: string, rule: ThrottleRule): Promise<boolean> {
    if ((await lockedFor(db, key)) > 0) return true;
    return (await hit(db, key, rule)) > 0;
  }

  async function refuseWhileLocked(key: string, message: string) {
    const seconds = await lockedFor(db, key);
    if (seconds > 0) throw tooMany(message, seconds);
  }

  /** The rules beyond length that both change and reset apply to a new password. */
  function assertStrongEnough(password: string, field: string) {
    if (isCommonPassword(password)) throw validationFailed({ [field]: [m.tooCommon] });
  }

  return {
    async change(who: AuthContext, body: ChangePasswordRequest) {
      const key = `change-password:${who.userId}`;
      await refuseWhileLocked(key, m.tooManyAttempts);
      const currentHash = await q.findPasswordHash(db, who.userId);
      if (!currentHash || !(await verifyPassword(currentHash, body.current_password))) {
        const lockSeconds = await hit(db, key, RULES.changeFailures);
        if (lockSeconds > 0) throw tooMany(m.tooManyAttempts, lockSeconds);
        throw validationFailed({ current_password: [m.currentWrong] });
      }
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
      const ipKey = `forgot:ip:${ip}`;
      await refuseWhileLocked(ipKey, m.tooManyRequests);
      const ipLock = await hit(db, ipKey, RULES.forgotPerIp);
      if (ipLock > 0) throw tooMany(m.tooManyRequests, ipLock);

      const mailboxFlooded = await overLimit(`forgot:email:${emailKey(email)}`, RULES.forgotPerEmail);
      const account = await q.findAccountByEmail(db, email);
      if (account && !mailboxFlooded) {
        const token = randomToken(RESET_TOKEN_LENGTH);
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(account.email)}`;
        await db.transaction(async (tx) => {
          await q.replaceResetToken(tx, account.id, sha256Hex(token), PASSWORD_LIMITS.resetTokenMinutes);
          await mail.queue(resetPasswordMail(account.email, account.prenom, link), tx);
        });
        void mail.flush();
      }
      return { message: m.forgotSent };
    },

    async verify(email: string, token: string, ip: string) {
      const key = `reset:ip:${ip}`;
      await refuseWhileLocked(key, m.tooManyAttempts);
      if (await q.isResetTokenLive(db, email, sha256Hex(token))) return { valid: true, message: m.linkValid };
      const lockSeconds = await hit(db, key, RULES.resetFailuresPerIp);
      if (lockSeconds > 0) throw tooMany(m.tooManyAttempts, lockSeconds);
      return { valid: false, message: m.linkInvalid };
    },

    /** Checks the new password first, so a refused password does not spend the link. */
    async reset(body: ResetPasswordRequest, ip: string) {
      const key = `reset:ip:${ip}`;
      await refuseWhileLocked(key, m.tooManyAttempts);
      assertStrongEnough(body.password, "password");
      const passwordHash = await hashPassword(body.password);
      const userId = await db.transaction(async (tx) => {
        const spentBy = await q.spendResetToken(tx, body.email, sha256Hex(body.token));
        if (spentBy === undefined) return undefined;
        await q.updatePasswordHash(tx, spentBy, passwordHash);
        await q.deleteUnusedResets(tx, spentBy);
        return spentBy;
      });
      if (userId === undefined) {
        const lockSeconds = await hit(db, key, RULES.resetFailuresPerIp);
        if (lockSeconds > 0) throw tooMany(m.tooManyAttempts, lockSeconds);
        throw validationFailed({ token: [m.linkInvalid] });
      }
      await auth.revokeAllTokens(userId);
      return { message: m.resetDone };
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
