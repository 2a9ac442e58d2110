import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The one-click unsubscribe link of a notification copy (RFC 8058): `<student id>.<HMAC>`,
 * signed with a key derived from APP_SECRET. Nothing is stored: the link stays valid as long as
 * the secret, and names one student only, whose copies it stops (it can do nothing else).
 */
const signature = (secret: string, etudiantId: number) =>
  createHmac("sha256", secret).update(`puerta:copies-email:${etudiantId}`).digest("base64url");

export const unsubscribeToken = (secret: string, etudiantId: number) =>
  `${etudiantId}.${signature(secret, etudiantId)}`;

/** The student id a token names, or null for anything not signed by us. */
export function verifyUnsubscribeToken(secret: string, token: string): number | null {
  const match = /^(\d{1,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const id = Number(match[1]);
  const expected = Buffer.from(signature(secret, id));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/** Where the mail client posts the one click (and where a person's GET lands on /profile). */
export const UNSUBSCRIBE_PATH = "/api/profile/email-copies/unsubscribe";

export const unsubscribeUrl = (publicUrl: string, secret: string, etudiantId: number) =>
  `${publicUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken(secret, etudiantId))}`;
