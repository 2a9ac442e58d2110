import { createHash } from "node:crypto";
import { LIMITS, type LoginRequest, MESSAGES, STUDENT_STAFF_MESSAGES, type User } from "@puerta/contract";
import type { CoreContext } from "../../context.ts";
import type { AuthContext } from "../../lib/auth-guard.ts";
import { forbidden, HttpError, unauthenticated, validationFailed } from "../../lib/errors.ts";
import { hashPassword, verifyPassword } from "../../lib/password-hash.ts";
import { reserveUnderCeiling, type ThrottleRule } from "../../lib/throttle.ts";
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
 * Slower and longer than the per-IP lock (decision 004). It keeps nobody out: while it is
 * locked, a sign-in goes on under the per-IP rule and `LOGIN_THROUGH_CEILING` (decision 106).
 */
export const LOGIN_PER_ACCOUNT: ThrottleRule = {
  max: 20,
  windowSeconds: 60 * 60,
  lock: { seconds: 15 * 60 },
  counts: "failures",
};

/**
 * While the account's ceiling is locked, a student's sign-in goes on from any address, with the
 * right password as from before the attack, but each address gets two wrong passwords (a typo
 * and one more) until its quarter of an hour ends, instead of five: the attacker who locked the
 * ceiling keeps guessing more slowly than without it, and cannot keep the student out (decision 106).
 */
export const LOGIN_THROUGH_CEILING: ThrottleRule = {
  max: 2,
  windowSeconds: 15 * 60,
  lock: { untilWindowEnds: true },
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

/** What the sign-in's lockout keys (`login:<hash>:<ip>`…) hold of the address: never the address itself. */
export const emailHash = (email: string) => createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 32);

export function createAuthService({ db, config, captcha }: CoreContext) {
  const findLiveToken = q.liveTokenQuery(db, config.tokenIdleMinutes);
  const findUserWithEtudiant = q.userWithEtudiantQuery(db);
  const perEmailAndIp = loginPerEmailAndIp(config);

  const reserveSignIn = (email: string, ip: string) => {
    const perAddress = { key: `login:${emailHash(email)}:${ip}`, rule: perEmailAndIp };
    return reserveUnderCeiling(db, {
      perAddress,
      ceiling: { key: `login-account:${emailHash(email)}`, rule: LOGIN_PER_ACCOUNT },
      throughCeiling: [perAddress, { key: `login-through:${emailHash(email)}:${ip}`, rule: LOGIN_THROUGH_CEILING }],
    });
  };

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
    const row = await findUserWithEtudiant(userId);
    if (!row) throw unauthenticated();
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      created_at: new Date(row.created_at).toISOString(),
      etudiant:
        row.e_id === null
          ? null
          : {
              id: row.e_id,
              student_id: row.student_id,
              centre_id: row.centre_id,
              option_id: row.option_id,
              filiere_id: row.filiere_id,
              centre: row.centre_id !== null && row.c_nom !== null ? { id: row.centre_id, nom: row.c_nom } : null,
              option: row.option_id !== null && row.o_nom !== null ? { id: row.option_id, nom: row.o_nom } : null,
              telephone_etudiant: row.telephone,
              nom: row.nom,
              prenom: row.prenom,
              email: row.e_email,
              profile_image: row.profile_image,
              cin_etudiant: row.cin,
              statut_scolaire: row.statut_scolaire === "ancien_eleve" ? "ancien_eleve" : "inscrit",
            },
    };
  }

  /**
   * Look-ups on their way, by token: the loaders of a page the server renders call the API
   * together with the same session (apps/api/src/modules/web/server-pages.ts), and share one.
   */
  const pendingLookups = new Map<string, Promise<Omit<AuthContext, "via"> | null>>();

  /** Resolves a token (bearer or cookie) to its user, or null for a missing, unknown, expired or revoked one. */
  function authenticateToken(token: string | undefined): Promise<Omit<AuthContext, "via"> | null> {
    if (!token) return Promise.resolve(null);
    let lookup = pendingLookups.get(token);
    if (!lookup) {
      lookup = lookUpToken(token).finally(() => pendingLookups.delete(token));
      pendingLookups.set(token, lookup);
    }
    return lookup;
  }

  async function lookUpToken(token: string): Promise<Omit<AuthContext, "via"> | null> {
    const parsed = parseToken(token);
    if (!parsed) return null;
    const row = await findLiveToken(parsed.id);
    if (!row || !sameHash(row.tokenHash, sha256Hex(parsed.secret))) return null;
    if (!row.live) {
      await q.deleteToken(db, parsed.id);
      return null;
    }
    if (row.stale) await q.touchToken(db, parsed.id);
    return { userId: row.userId, tokenId: parsed.id, formerStudent: row.formerStudent };
  }

  return {
    getUser,
    issueToken,
    recordLogin: (userId: number) => q.recordLogin(db, userId),

    async login(input: LoginRequest, ip: string) {
      const reserved = await reserveSignIn(input.email, ip);
      if ("retryAfter" in reserved) throw throttled(reserved.retryAfter);
      const { attempt } = reserved;
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
