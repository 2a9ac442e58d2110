import { createHash } from "node:crypto";
import { LIMITS, type LoginRequest, MESSAGES, type User } from "@puerta/contract";
import type { CoreContext } from "../../context.ts";
import type { AuthContext } from "../../lib/auth-guard.ts";
import { HttpError, unauthenticated, validationFailed } from "../../lib/errors.ts";
import { hashPassword, verifyPassword } from "../../lib/password-hash.ts";
import { clearHits, hit, lockedFor } from "../../lib/throttle.ts";
import { parseBearer, randomToken, sameHash, sha256Hex } from "../../lib/tokens.ts";
import * as q from "./queries.ts";

export { hashPassword, verifyPassword } from "../../lib/password-hash.ts";
export type { AuthContext };

/** Hash compared against when the e-mail is unknown, so both paths do the same work. */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hashPassword(randomToken());
  return dummyHash;
};

export function createAuthService({ db, config, captcha }: CoreContext) {
  const findLiveToken = q.liveTokenQuery(db, config.tokenIdleMinutes);
  const throttleKey = (email: string, ip: string) =>
    `login:${createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 32)}:${ip}`;

  const loginRule = {
    max: LIMITS.loginMaxFailures,
    windowSeconds: LIMITS.loginWindowSeconds,
    // 1, 2, 4 … times the base, at most one hour.
    lockSeconds: ({ lockouts }: { lockouts: number }) =>
      Math.min(3600, config.loginLockoutSeconds * 2 ** (lockouts - 1)),
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

  return {
    getUser,
    issueToken,

    async login(input: LoginRequest, ip: string) {
      const key = throttleKey(input.email, ip);
      const locked = await lockedFor(db, key);
      if (locked > 0) throw throttled(locked);
      if (!(await captcha.verify(input.recaptcha_token))) {
        throw validationFailed({ recaptcha_token: [MESSAGES.login.captchaFailed] });
      }
      const account = await q.findUserByEmail(db, input.email);
      const ok = await verifyPassword(account?.passwordHash ?? (await getDummyHash()), input.password);
      if (!account || !ok) {
        const lockSeconds = await hit(db, key, loginRule);
        if (lockSeconds > 0) throw throttled(lockSeconds);
        throw new HttpError(401, { message: MESSAGES.login.invalidCredentials });
      }
      await clearHits(db, key);
      const { token } = await issueToken(account.id);
      return { token, user: await getUser(account.id) };
    },

    /** Resolves a bearer header to its user, or null for a missing, unknown, expired or revoked token. */
    async authenticate(header: string | undefined): Promise<AuthContext | null> {
      const parsed = parseBearer(header);
      if (!parsed) return null;
      const row = await findLiveToken(parsed.id);
      if (!row || !sameHash(row.tokenHash, sha256Hex(parsed.secret))) return null;
      if (!row.live) {
        await q.deleteToken(db, parsed.id);
        return null;
      }
      if (row.stale) await q.touchToken(db, parsed.id);
      return { userId: row.userId, tokenId: parsed.id };
    },

    logout: (auth: AuthContext) => q.deleteToken(db, auth.tokenId),
    /** After a password change: every other session of the user ends. */
    revokeOtherTokens: (auth: AuthContext) => q.deleteUserTokens(db, auth.userId, auth.tokenId),
    revokeAllTokens: (userId: number) => q.deleteUserTokens(db, userId),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
