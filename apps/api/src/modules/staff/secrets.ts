import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { TOTP_ISSUER } from "@puerta/contract";

/**
 * The staff's second factor: TOTP secrets encrypted at rest (AES-256-GCM, key derived from
 * APP_SECRET with HKDF) and recovery codes kept as a keyed hash, so that a copy of the database
 * alone gives neither.
 */
export function createStaffSecrets(appSecret: string) {
  const derive = (info: string) => Buffer.from(hkdfSync("sha256", appSecret, "puerta-staff", info, 32));
  const encryptionKey = derive("totp-secret-encryption");
  const recoveryKey = derive("recovery-code-hash");

  return {
    /** `v1.<iv>.<tag>.<ciphertext>` in base64url; the version leaves room for a key rotation. */
    encrypt(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", encryptionKey, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },

    decrypt(stored: string): string {
      const [version, iv, tag, body] = stored.split(".");
      if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("unknown secret format");
      const decipher = createDecipheriv("aes-256-gcm", encryptionKey, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },

    hashRecoveryCode: (code: string) => createHmac("sha256", recoveryKey).update(code).digest("hex"),
  };
}

export type StaffSecrets = ReturnType<typeof createStaffSecrets>;

/** otplib and its hash libraries are loaded by the first staff sign-in, not at start (decision 080). */
const otp = () => import("otplib");

export const newTotpSecret = async () => (await otp()).generateSecret();

export const otpauthUri = async (email: string, secret: string) =>
  (await otp()).generateURI({ issuer: TOTP_ISSUER, label: email, secret });

/**
 * RFC 6238 with 30-second steps, SHA-1 and 6 digits (otplib's defaults, which authenticator apps
 * expect), one step of drift either way. Returns the matched time step, or null; a step at or
 * before `lastStep` is refused so that a code seen once cannot be replayed.
 */
export async function verifyTotp(secret: string, code: string, lastStep: number | null): Promise<number | null> {
  const { verify } = await otp();
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: 30,
      ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
    });
    return result.valid && "timeStep" in result ? result.timeStep : null;
  } catch {
    // otplib throws on input it cannot judge (e.g. a step already used): a wrong code all the same.
    return null;
  }
}

const RECOVERY_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/** `xxxxx-xxxxx`, without the look-alike characters 0, o, 1 and l. */
export function newRecoveryCode(): string {
  let out = "";
  for (const byte of randomBytes(10)) out += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}
