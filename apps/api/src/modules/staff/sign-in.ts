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
import type { Database } from "../../db/client.ts";
import type { Captcha } from "../../lib/captcha.ts";
import { HttpError, validationFailed } from "../../lib/errors.ts";
import { randomToken, sha256Hex } from "../../lib/tokens.ts";
import { audit } from "../audit/audit.ts";
import { hashPassword, verifyPassword } from "../auth/service.ts";
import { assertNewPassword } from "../passwords/policy.ts";
import type { StaffLockout } from "./lockout.ts";
import * as q from "./queries.ts";
import { auditActor } from "./scope.ts";
import { newRecoveryCode, newTotpSecret, otpauthUri, type StaffSecrets, verifyTotp } from "./secrets.ts";
import type { StaffSessions } from "./sessions.ts";

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
const pendingExpired = () => new HttpError(401, { message: STAFF_MESSAGES.pendingExpired });

type Deps = {
  db: Database;
  captcha: Captcha;
  secrets: StaffSecrets;
  sessions: StaffSessions;
  lockout: StaffLockout;
};

/** The staff sign-in in two steps (docs/spec/back-office.md sections 2 and 8), sign-out and password change. */
export function createStaffSignIn({ db, captcha, secrets, sessions, lockout }: Deps) {
  /** Reserves the attempt before anything is checked; a locked key answers 429 at once. */
  async function reserveAttempt(email: string, ip: string) {
    const attempt = await lockout.reserve(email, ip);
    if (!attempt.allowed) throw throttled(attempt.retryAfter);
    return attempt;
  }

  async function countFailure(attempt: { failed(): Promise<number> }) {
    const lockSeconds = await attempt.failed();
    if (lockSeconds > 0) throw throttled(lockSeconds);
  }

  /** Checks a second-factor code; a recovery code is spent by the check itself. */
  async function codeAccepted(
    tx: q.Executor,
    pending: NonNullable<Awaited<ReturnType<typeof q.findChallenge>>>,
    code: string,
  ): Promise<boolean> {
    if (RECOVERY_CODE_PATTERN.test(code)) {
      return pending.totpEnrolled && q.spendRecoveryCode(tx, pending.staffId, secrets.hashRecoveryCode(code));
    }
    if (!pending.totpSecretEncrypted) return false;
    const step = await verifyTotp(secrets.decrypt(pending.totpSecretEncrypted), code, pending.totpLastStep);
    return step !== null && q.claimTotpStep(tx, pending.staffId, step);
  }

  return {
    /**
     * Step 1: e-mail and password. The same 401 for an unknown e-mail, a wrong password and a
     * deactivated account, after the same amount of work. Returns the pending cookie's value.
     */
    async login(input: StaffLoginRequest, ip: string): Promise<{ answer: StaffLoginResponse; pendingToken: string }> {
      const attempt = await reserveAttempt(input.email, ip);
      if (!(await captcha.verify(input.recaptcha_token))) {
        await attempt.cancelled(); // a refused captcha is no password guess
        throw validationFailed({ recaptcha_token: [MESSAGES.login.captchaFailed] });
      }
      const account = await q.findStaffForLogin(db, input.email);
      const ok = await verifyPassword(account?.passwordHash ?? (await getDummyHash()), input.password);
      if (!account?.passwordHash || account.deactivatedAt || !ok) {
        await countFailure(attempt);
        throw new HttpError(401, { message: MESSAGES.login.invalidCredentials });
      }
      // The right password alone forgets nothing: failures are forgotten once the second factor passes.
      await attempt.cancelled();
      const pendingToken = randomToken(48);
      await q.insertChallenge(db, account.id, sha256Hex(pendingToken), ip, STAFF_LIMITS.pendingLoginSeconds);
      if (account.totpEnrolled) return { answer: { step: "totp" }, pendingToken };

      // Enrolment: the same secret until a code confirms it, so a QR code already scanned stays good.
      let secret: string;
      if (account.totpSecretEncrypted) {
        secret = secrets.decrypt(account.totpSecretEncrypted);
      } else {
        secret = await newTotpSecret();
        await q.setTotpSecret(db, account.id, secrets.encrypt(secret));
      }
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
      if (!pending) throw pendingExpired();
      const attempt = await reserveAttempt(pending.email, ip);

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
        await countFailure(attempt);
        throw wrongCode();
      }
      await attempt.succeeded();
      return result;
    },

    async logout(staff: q.LiveSession, ip: string) {
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
    async changePassword(staff: q.LiveSession, body: StaffPasswordChangeRequest, ip: string) {
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
