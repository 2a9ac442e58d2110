import { createHash } from "node:crypto";
import { LIMITS, type LoginRequest, MESSAGES, STUDENT_STAFF_MESSAGES, type User } from "@puerta/contract";
import type { CoreContext } from "../../context.ts";
import type { AuthContext } from "../../lib/auth-guard.ts";
import { forbidden, HttpError, unauthenticated, validationFailed } from "../../lib/errors.ts";
import { hashPassword, verifyPassword } from "../../lib/password-hash.ts";
import { reserveAttempt, type ThrottleRule } from "../../lib/throttle.ts";
import { bearerToken, parseToken, randomToken, sameHash, sha256Hex } from "../../lib/tokens.ts";
import * as q from "./queries.ts";

export { hashPassword, verifyPassword } from "../../lib/password-hash.ts";
export type { AuthContext };

/** Hash compared against when the e-mail is unknown, so both paths do the same work. */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hashPassword(randomToken());
  return dummyHash;
};

/**
 * Ceiling per account, whatever the IP: each new IP would otherwise give 5 more guesses.
 * Slower and longer than the per-IP lock, but short, so that nobody can keep a student out
 * for long (decision 004).
 */
export const LOGIN_PER_ACCOUNT: ThrottleRule = {
  max: 20,
  windowSeconds: 60 * 60,
  lock: { seconds: 15 * 60 },
  counts: "failures",
};

/**
 * 5 failures per e-mail and IP in 15 minutes; the lock doubles from LOGIN_LOCKOUT_SECONDS up to
 * an hour. Students and staff sign in under the same rule.
 */
export const loginPerEmailAndIp = (config: Pick<CoreContext["config"], "loginLockoutSeconds">): ThrottleRule => ({
  max: LIMITS.loginMaxFailures,
  windowSeconds: LIMITS.loginWindowSeconds,
  lock: { seconds: config.loginLockoutSeconds, doublingUpTo: 3600 },
  counts: "failures",
  successForgetsFailures: true,
});

export function createAuthService({ db, config, captcha }: CoreContext) {
  const findLiveToken = q.liveTokenQuery(db, config.tokenIdleMinutes);
  const emailHash = (email: string) => createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 32);
  const perEmailAndIp = loginPerEmailAndIp(config);

  const throttleLimits = (email: string, ip: string) => [
    { key: `login:${emailHash(email)}:${ip}`, rule: perEmailAndIp },
    { key: `login-account:${emailHash(email)}`, rule: LOGIN_PER_ACCOUNT },
  ];

  const throttled = (seconds: number) =>
    new HttpError(
      429,
      { message: MESSAGES.login.tooManyAttempts, retry_after: seconds },
      { "Retry-After": String(seconds) },
    );

  async function issueToken(userId: number): Promise<{ id: number; token: string }> {
    const secret = randomToken();
    const id = await q.insertToken(db, userId, sha256Hex(secret), config.tokenLifetimeHours);
    return { id, token: `${id}|${secret}` };
  }

  async function getUser(userId: number): Promise<User> {
    const row = await q.findUserWithEtudiant(db, userId);
    if (!row) throw unauthenticated();
    const { user, etudiant: e, centre, option } = row;
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      created_at: user.createdAt.toISOString(),
      etudiant: e
        ? {
            id: e.id,
            student_id: e.studentId,
            centre_id: e.centreId,
            option_id: e.optionId,
            filiere_id: e.filiereId,
            centre: centre?.id ? centre : null,
            option: option?.id ? option : null,
            telephone_etudiant: e.telephone,
            nom: e.nom,
            prenom: e.prenom,
            email: e.email,
            profile_image: e.profileImage,
            cin_etudiant: e.cin,
          }
        : null,
    };
  }

  /** Resolves a token (bearer or cookie) to its user, or null for a missing, unknown, expired or revoked one. */
  async function authenticateToken(token: string | undefined): Promise<Omit<AuthContext, "via"> | null> {
    const parsed = parseToken(token);
    if (!parsed) return null;
    const row = await findLiveToken(parsed.id);
    if (!row || !sameHash(row.tokenHash, sha256Hex(parsed.secret))) return null;
    if (!row.live) {
      await q.deleteToken(db, parsed.id);
      return null;
    }
    if (row.stale) await q.touchToken(db, parsed.id);
    return { userId: row.userId, tokenId: parsed.id };
  }

  return {
    getUser,
    issueToken,
    recordLogin: (userId: number) => q.recordLogin(db, userId),

    async login(input: LoginRequest, ip: string) {
      const attempt = await reserveAttempt(db, throttleLimits(input.email, ip));
      if (!attempt.allowed) throw throttled(attempt.retryAfter);
      if (!(await captcha.verify(input.recaptcha_token))) {
        await attempt.cancelled(); // a refused captcha is no password guess
        throw validationFailed({ recaptcha_token: [MESSAGES.login.captchaFailed] });
      }
      const account = await q.findUserByEmail(db, input.email);
      const ok = await verifyPassword(account?.passwordHash ?? (await getDummyHash()), input.password);
      if (!account || !ok) {
        const lockSeconds = await attempt.failed();
        if (lockSeconds > 0) throw throttled(lockSeconds);
        throw new HttpError(401, { message: MESSAGES.login.invalidCredentials });
      }
      await attempt.succeeded();
      // Only once the password is right: a wrong one reads the same for every account.
      if (account.deactivatedAt) throw forbidden(STUDENT_STAFF_MESSAGES.deactivated);
      await q.recordLogin(db, account.id);
      const { token } = await issueToken(account.id);
      return { token, user: await getUser(account.id) };
    },

    authenticateToken,

    /** Resolves an `Authorization: Bearer` header the same way (API clients and tests). */
    authenticate: (header: string | undefined) => authenticateToken(bearerToken(header)),

    logout: (auth: Pick<AuthContext, "tokenId">) => q.deleteToken(db, auth.tokenId),
    /** After a password change: every other session of the user (bearer or cookie) ends. */
    revokeOtherTokens: (auth: Pick<AuthContext, "userId" | "tokenId">) =>
      q.deleteUserTokens(db, auth.userId, auth.tokenId),
    revokeAllTokens: (userId: number) => q.deleteUserTokens(db, userId),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
