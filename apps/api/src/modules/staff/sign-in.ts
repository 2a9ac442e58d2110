import {
  MESSAGES,
  PASSWORD_MESSAGES,
  RECOVERY_CODE_PATTERN,
  STAFF_LIMITS,
  STAFF_MESSAGES,
  type StaffLoginRequest,
  type StaffLoginResponse,
  type StaffPasswordChangeRequest,
  type StaffTotpResponse,
} from "@puerta/contract";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { Captcha } from "../../lib/captcha.ts";
import { HttpError, validationFailed } from "../../lib/errors.ts";
import type { Mailer } from "../../lib/mailer/index.ts";
import { auditActor, type LiveSession } from "../../lib/staff-session.ts";
import { lockedFor } from "../../lib/throttle.ts";
import { randomToken, sha256Hex } from "../../lib/tokens.ts";
import { audit } from "../audit/service.ts";
import { hashPassword, verifyPassword } from "../auth/service.ts";
import { assertNewPassword } from "../passwords/policy.ts";
import { SECOND_FACTOR_FREE_FAILURES, type StaffLockout } from "./lockout.ts";
import { secondFactorAlertMail, secondFactorEnrolledMail } from "./mail.ts";
import { newRecoveryCode, newTotpSecret, otpauthUri, type StaffSecrets, verifyTotp } from "./secrets.ts";
import type { StaffSessions } from "./sessions.ts";
import * as q from "./staff-queries.ts";

/** Hash compared against when the e-mail is unknown, so that every wrong sign-in does the same work. */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hashPassword(randomToken());
  return dummyHash;
};

const throttled = (seconds: number) =>
  new HttpError(
    429,
    { message: MESSAGES.login.tooManyAttempts, retry_after: seconds },
    { "Retry-After": String(seconds) },
  );

const wrongCode = () => validationFailed({ code: [STAFF_MESSAGES.codeWrong] });

/**
 * A TOTP secret that APP_SECRET no longer decrypts (a database restored under another secret):
 * no code can be checked, and the person can do nothing about it. A French 409, never a 500;
 * the route logs what the operator does (decision 084).
 */
export class SecondFactorUnreadableError extends HttpError {
  readonly staffId: number;
  constructor(staffId: number) {
    super(409, { message: STAFF_MESSAGES.secondFactorUnreadable });
    this.staffId = staffId;
  }
}
const secondFactorLocked = (seconds: number) =>
  new HttpError(
    429,
    { message: STAFF_MESSAGES.secondFactorLocked, retry_after: seconds },
    { "Retry-After": String(seconds) },
  );
/** A pending sign-in that leads nowhere (see `login`), known only by its cookie's hash. */
const decoyKey = (pendingToken: string) => `staff-decoy:${sha256Hex(pendingToken)}`;
const pendingExpired = () => new HttpError(401, { message: STAFF_MESSAGES.pendingExpired });

type Deps = {
  db: Database;
  captcha: Captcha;
  secrets: StaffSecrets;
  sessions: StaffSessions;
  lockout: StaffLockout;
  mail: Mailer;
  publicUrl: string;
};

/** The staff sign-in in two steps (docs/spec/back-office.md sections 2 and 8), sign-out and password change. */
export function createStaffSignIn({ db, captcha, secrets, sessions, lockout, mail, publicUrl }: Deps) {
  /** Reserves the attempt before anything is checked; a locked key answers 429 at once. */
  async function reserveAttempt(email: string, ip: string) {
    const attempt = await lockout.reserve(email, ip);
    if (!attempt.allowed) throw throttled(attempt.retryAfter);
    return attempt;
  }

  /** As reserveAttempt, but through a locked per-account ceiling (lockout.ts). */
  async function reserveThroughCeiling(email: string, ip: string) {
    const reserved = await lockout.reserveThroughCeiling(email, ip);
    if ("retryAfter" in reserved) throw throttled(reserved.retryAfter);
    return reserved;
  }

  async function sendMail(message: Parameters<Mailer["queue"]>[0]) {
    await mail.queue(message);
    void mail.flush();
  }

  async function countFailure(attempt: { failed(): Promise<number> }) {
    const lockSeconds = await attempt.failed();
    if (lockSeconds > 0) throw throttled(lockSeconds);
  }

  /** The stored TOTP secret in clear, or null when APP_SECRET no longer decrypts it. */
  function decrypted(encrypted: string): string | null {
    try {
      return secrets.decrypt(encrypted);
    } catch {
      return null;
    }
  }

  /** Checks a second-factor code; a recovery code is spent by the check itself. */
  async function codeAccepted(
    tx: q.Executor,
    pending: NonNullable<Awaited<ReturnType<typeof q.findChallenge>>>,
    code: string,
  ): Promise<boolean> {
    // Recovery codes are keyed by the same secret: when the TOTP secret is unreadable, so are they.
    const secret = pending.totpSecretEncrypted ? decrypted(pending.totpSecretEncrypted) : null;
    if (pending.totpSecretEncrypted && secret === null) throw new SecondFactorUnreadableError(pending.staffId);
    if (RECOVERY_CODE_PATTERN.test(code)) {
      return pending.totpEnrolled && q.spendRecoveryCode(tx, pending.staffId, secrets.hashRecoveryCode(code));
    }
    if (secret === null) return false;
    const step = await verifyTotp(secret, code, pending.totpLastStep);
    return step !== null && q.claimTotpStep(tx, pending.staffId, step);
  }

  return {
    /**
     * Step 1: e-mail and password. The same 401 for an unknown e-mail, a wrong password and a
     * deactivated account, after the same amount of work. Returns the pending cookie's value.
     */
    async login(input: StaffLoginRequest, ip: string): Promise<{ answer: StaffLoginResponse; pendingToken: string }> {
      const { attempt, throughCeiling } = await reserveThroughCeiling(input.email, ip);
      if (!(await captcha.verify(input.recaptcha_token))) {
        await attempt.cancelled(); // a refused captcha is no password guess
        throw validationFailed({ recaptcha_token: [MESSAGES.login.captchaFailed] });
      }
      const account = await q.findStaffForLogin(db, input.email);
      if (throughCeiling && account && !account.totpEnrolled) {
        // An enrolment waits for the ceiling's lock to end: no code would vouch for the password.
        await attempt.cancelled();
        throw throttled(Math.max(1, await lockout.accountLockedFor(input.email)));
      }
      const ok = await verifyPassword(account?.passwordHash ?? (await getDummyHash()), input.password);
      if (!account?.passwordHash || account.deactivatedAt || !ok) {
        await countFailure(attempt);
        if (!throughCeiling) throw new HttpError(401, { message: MESSAGES.login.invalidCredentials });
        // While the ceiling is locked, a wrong password looks like a right one: the code step
        // follows, and no code passes it. Guessing the password now takes guessing a code too.
        const decoy = randomToken(48);
        await db.execute(
          sql`insert into throttles (key, hits, window_started_at, locked_until)
              values (${decoyKey(decoy)}, 0, now(), now() + ${STAFF_LIMITS.pendingLoginSeconds} * interval '1 second')`,
        );
        return { answer: { step: "totp" }, pendingToken: decoy };
      }
      // The right password alone forgets nothing: failures are forgotten once the second factor passes.
      await attempt.cancelled();
      const pendingToken = randomToken(48);
      await q.insertChallenge(db, account.id, sha256Hex(pendingToken), ip, STAFF_LIMITS.pendingLoginSeconds);
      if (account.totpEnrolled) return { answer: { step: "totp" }, pendingToken };

      // Enrolment: a fresh secret for each pending sign-in (the account has one at a time), so the
      // password alone never hands out a secret that someone else is about to confirm.
      const secret = await newTotpSecret();
      await q.setTotpSecret(db, account.id, secrets.encrypt(secret));
      return { answer: { step: "enrol", otpauth_uri: await otpauthUri(account.email, secret), secret }, pendingToken };
    },

    /** Step 2: a TOTP code or a recovery code. Returns the new session's cookie value. */
    async confirm(
      code: string,
      pendingToken: string | undefined,
      ip: string,
    ): Promise<{ answer: StaffTotpResponse; sessionToken: string }> {
      if (!pendingToken) throw pendingExpired();
      const pending = await q.findChallenge(db, sha256Hex(pendingToken));
      if (!pending) {
        if ((await lockedFor(db, decoyKey(pendingToken))) > 0) throw wrongCode();
        throw pendingExpired();
      }
      const { attempt } = await reserveThroughCeiling(pending.email, ip);
      const secondFactor = await lockout.reserveSecondFactor(pending.staffId);
      if ("retryAfter" in secondFactor) {
        await attempt.cancelled();
        throw secondFactorLocked(secondFactor.retryAfter);
      }

      const result = await db
        .transaction(async (tx) => {
          if (!(await codeAccepted(tx, pending, code))) return null;
          const enrolling = !pending.totpEnrolled;
          const recoveryCodes = enrolling
            ? Array.from({ length: STAFF_LIMITS.recoveryCodeCount }, newRecoveryCode)
            : undefined;
          if (recoveryCodes) {
            await q.replaceRecoveryCodes(tx, pending.staffId, recoveryCodes.map(secrets.hashRecoveryCode));
          }
          await q.markEnrolledAndSignedIn(tx, pending.staffId, enrolling);
          await q.deleteChallenge(tx, pending.id);
          const sessionToken = await sessions.open(tx, pending.staffId);
          const user = await q.findStaffUser(tx, pending.staffId);
          if (!user) throw new Error("staff account vanished during sign-in");
          await audit(tx, {
            actor: auditActor(user),
            ip,
            action: "connexion",
            entity: "comptes",
            entityId: user.id,
            summary: enrolling
              ? `${user.name} s'est connecté(e) et a activé la double authentification.`
              : `${user.name} s'est connecté(e).`,
          });
          return { answer: { user, ...(recoveryCodes ? { recovery_codes: recoveryCodes } : {}) }, sessionToken };
        })
        .catch(async (error: unknown) => {
          await attempt.cancelled(); // no verdict on the code: its place is given back
          await lockout.secondFactorCancelled(pending.staffId);
          throw error;
        });

      if (!result) {
        const user = await q.findStaffUser(db, pending.staffId);
        if (user) {
          await audit(db, {
            actor: auditActor(user),
            ip,
            action: "echec_2fa",
            entity: "comptes",
            entityId: user.id,
            summary: `Code de double authentification incorrect pour ${user.name}.`,
          });
        }
        if (secondFactor.number === SECOND_FACTOR_FREE_FAILURES && user) {
          await sendMail(secondFactorAlertMail(user.email, user.name, `${publicUrl}/gestion/connexion`));
        }
        await countFailure(attempt);
        throw wrongCode();
      }
      await attempt.succeeded();
      await lockout.secondFactorPassed(pending.staffId);
      if (result.answer.recovery_codes) {
        await sendMail(
          secondFactorEnrolledMail(result.answer.user.email, result.answer.user.name, `${publicUrl}/gestion/connexion`),
        );
      }
      return result;
    },

    async logout(staff: LiveSession, ip: string) {
      await db.transaction(async (tx) => {
        await q.revokeSession(tx, staff.sessionId);
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "deconnexion",
          entity: "comptes",
          entityId: staff.id,
          summary: `${staff.name} s'est déconnecté(e).`,
        });
      });
    },

    /** Same rules as a student's new password; the other sessions of the account end. */
    async changePassword(staff: LiveSession, body: StaffPasswordChangeRequest, ip: string) {
      const attempt = await reserveAttempt(staff.email, ip);
      const current = await q.findPasswordHash(db, staff.id);
      if (!current || !(await verifyPassword(current, body.current_password))) {
        await countFailure(attempt);
        throw validationFailed({ current_password: [PASSWORD_MESSAGES.currentWrong] });
      }
      await attempt.cancelled(); // the right current password is no guess, and forgets nothing
      if (body.password === body.current_password)
        throw validationFailed({ password: [PASSWORD_MESSAGES.sameAsCurrent] });
      await assertNewPassword(db, body.password, { email: staff.email, names: [staff.name] }, "password");
      const passwordHash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        await q.updatePasswordHash(tx, staff.id, passwordHash);
        await q.revokeAllSessions(tx, staff.id, staff.sessionId);
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "mot_de_passe",
          entity: "comptes",
          entityId: staff.id,
          summary: `${staff.name} a changé son mot de passe.`,
        });
      });
    },
  };
}

export type StaffSignIn = ReturnType<typeof createStaffSignIn>;
