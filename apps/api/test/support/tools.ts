/**
 * What API tests, e2e/ and the benches (scripts/bench) all need around a running server: a
 * free port, and a captcha solved as the ALTCHA widget solves it. One copy, published with the
 * factories as `@puerta/api/testing`.
 */
import { createServer } from "node:net";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

/** A port nobody listens on yet (the kernel's choice, released at once). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * The `recaptcha_token` for a challenge of GET /api/captcha/challenge: the proof of work done
 * the way the browser widget does it, encoded as the widget sends it.
 */
export async function solveCaptchaChallenge(challenge: Parameters<typeof solveChallenge>[0]["challenge"]) {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("captcha not solved");
  return btoa(JSON.stringify({ challenge, solution }));
}
