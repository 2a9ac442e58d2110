import { createChallenge, randomInt } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { verify } from "altcha-lib/frameworks/shared";
import { lt, sql } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { spentCaptchas } from "../db/schema/index.ts";

const CHALLENGE_LIFETIME_SECONDS = 10 * 60;

/**
 * Self-hosted ALTCHA proof of work. A challenge is signed with the app secret; a solved
 * payload is accepted once, which the `spent_captchas` table enforces across processes.
 */
export function createCaptcha(db: Database, config: Config) {
  const hmacSignatureSecret = `${config.appSecret}:captcha`;
  const hmacKeySignatureSecret = `${config.appSecret}:captcha-key`;
  const store = {
    async setIfAbsent(id: string) {
      const inserted = await db.insert(spentCaptchas).values({ id }).onConflictDoNothing().returning();
      return inserted.length === 1;
    },
    async get() {
      return undefined;
    },
    async set() {},
  };

  return {
    async challenge() {
      if (Math.random() < 0.05) {
        await db.delete(spentCaptchas).where(lt(spentCaptchas.spentAt, sql`now() - interval '1 day'`));
      }
      const { cost, maxCounter } = config.captcha;
      return createChallenge({
        algorithm: "PBKDF2/SHA-256",
        cost,
        counter: randomInt(maxCounter, Math.max(1, Math.floor(maxCounter / 2))),
        deriveKey,
        expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_SECONDS * 1000),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    },
    /** True only for a valid, unexpired payload seen for the first time. */
    async verify(payload: string): Promise<boolean> {
      try {
        const result = await verify(payload, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret, store);
        return result.error === null;
      } catch {
        return false;
      }
    },
  };
}

export type Captcha = ReturnType<typeof createCaptcha>;
