/**
 * Loads the ALTCHA widget in the browser only (it touches `window` when imported, so it can
 * never run while pages are prerendered). The `external` build ships no inline worker code:
 * the PBKDF2 worker is a separate file from our own origin, which the strict CSP allows
 * (`worker-src 'self'`), and no inline script is needed. See docs/decisions/002-web-shell.md.
 */
import "altcha/altcha.css";
import "altcha/i18n/fr-fr";
import "altcha/external";
import Pbkdf2Worker from "altcha/workers/pbkdf2?worker";

// The API's challenges are PBKDF2/SHA-256 (apps/api/src/lib/captcha.ts); the other sizes cost nothing to allow.
for (const algorithm of ["PBKDF2/SHA-256", "PBKDF2/SHA-384", "PBKDF2/SHA-512"]) {
  globalThis.$altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
}
