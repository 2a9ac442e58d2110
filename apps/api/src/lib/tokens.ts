import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

const SECRET_LENGTH = 40;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A random string over [A-Za-z0-9], without modulo bias. */
export function randomToken(length = SECRET_LENGTH): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** An attestation's verification code: 128 random bits in RFC 4648 base32, without padding (26 characters). */
export function verificationCode(): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of randomBytes(16)) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export const sha256Hex = (value: string) => createHash("sha256").update(value).digest("hex");

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Splits a Sanctum-style `<id>|<secret>` token (from a bearer header or the session cookie); anything else is null. */
export function parseToken(token: string | undefined): { id: number; secret: string } | null {
  const match = /^(\d{1,15})\|([A-Za-z0-9]{40})$/.exec(token ?? "");
  if (!match?.[1] || !match[2]) return null;
  return { id: Number(match[1]), secret: match[2] };
}

/** The token of an `Authorization: Bearer <token>` header (anything else is no token). */
export function bearerToken(header: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)$/.exec(header?.trim() ?? "")?.[1];
}
