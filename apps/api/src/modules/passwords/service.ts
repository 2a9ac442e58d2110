import { type ChangePasswordRequest, PASSWORD_MESSAGES } from "@puerta/contract";
import type { AppContext } from "../../app-context.ts";
import { validationFailed } from "../../lib/errors.ts";
import { reserveAttempt, type ThrottleRule } from "../../lib/throttle.ts";
import type { AuthContext } from "../auth/service.ts";
import { hashPassword, verifyPassword } from "../auth/service.ts";
import { resetPasswordMail } from "./mail.ts";
import { assertNewPassword } from "./policy.ts";
import * as q from "./queries.ts";
import { createResetFlow, perQuarterHour, tooMany } from "./reset-flow.ts";

const m = PASSWORD_MESSAGES;

/** Wrong current passwords per student: a stolen session cannot guess the password. */
const CHANGE_FAILURES: ThrottleRule = perQuarterHour(5, "failures");

export function createPasswordService({ db, config, auth, mail }: AppContext) {
  // Students' links: `password_resets`; the staff's follow the same flow (modules/staff/password-reset.ts).
  const resetFlow = createResetFlow(
    { db, mail },
    {
      keyPrefix: "",
      findAccount: (email) => q.findAccountByEmail(db, email),
      replaceToken: (tx, id, tokenHash, minutes) => q.replaceResetToken(tx, id, tokenHash, minutes),
      isTokenLive: (email, tokenHash) => q.isResetTokenLive(db, email, tokenHash),
      spendToken: (tx, email, tokenHash) => q.spendResetToken(tx, email, tokenHash),
      async applyReset(tx, userId, passwordHash) {
        await q.updatePasswordHash(tx, userId, passwordHash);
        await q.deleteUnusedResets(tx, userId);
      },
      afterReset: (userId) => auth.revokeAllTokens(userId),
      resetLink: (token, account) =>
        `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(account.email)}`,
      resetMail: (account, link) => resetPasswordMail(account.email, account.prenom, link),
    },
  );

  return {
    /** The back-office's "Envoyer un lien de réinitialisation" (modules/students), inside its transaction. */
    queueResetLink: resetFlow.queueResetLink,

    async change(who: AuthContext, body: ChangePasswordRequest) {
      const attempt = await reserveAttempt(db, [{ key: `change-password:${who.userId}`, rule: CHANGE_FAILURES }]);
      if (!attempt.allowed) throw tooMany(m.tooManyAttempts, attempt.retryAfter);
      const currentHash = await q.findPasswordHash(db, who.userId);
      if (!currentHash || !(await verifyPassword(currentHash, body.current_password))) {
        await attempt.failed();
        throw validationFailed({ current_password: [m.currentWrong] });
      }
      await attempt.succeeded();
      if (body.new_password === body.current_password) {
        throw validationFailed({ new_password: [m.sameAsCurrent] });
      }
      const owner = await q.findOwner(db, who.userId);
      await assertNewPassword(
        db,
        body.new_password,
        { email: owner?.email, names: [owner?.name, owner?.prenom, owner?.nom] },
        "new_password",
      );
      await q.updatePasswordHash(db, who.userId, await hashPassword(body.new_password));
      await auth.revokeOtherTokens(who);
      return { message: m.changed };
    },

    /**
     * Always the same answer, whether or not the address has an account, so the form
     * cannot be used to find out who studies here.
     */
    forgot: resetFlow.forgot,
    verify: resetFlow.verify,
    reset: resetFlow.reset,
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
