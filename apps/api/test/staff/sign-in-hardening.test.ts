import { createHash } from "node:crypto";
import { PASSWORD_MESSAGES } from "@puerta/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, queryRows, type TestApp } from "../support/app.ts";
import { FACTORY_PASSWORD } from "../support/factories.ts";
import { signInNewStaff, staffBrowser, totpCode } from "../support/staff-browser.ts";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Issue 31 (security findings), the staff side: passwords, activation and half-done sign-ins. */
describe("staff sign-in hardening", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await queryRows(t, sql`delete from throttles`);
  });

  /** An account invited by the direction, its link's token as the e-mail carries it. */
  async function invited(name: string, email: string) {
    const token = `invitation-${Math.random().toString(36).slice(2)}-${Date.now()}`;
    const [row] = await queryRows<{ id: number }>(
      t,
      sql`insert into staff_users (name, email, role) values (${name}, ${email}, 'pedagogie') returning id`,
    );
    await queryRows(
      t,
      sql`insert into staff_invitations (staff_id, token_hash, expires_at)
          values (${row?.id}, ${sha256(token)}, now() + interval '1 day')`,
    );
    return token;
  }

  const activate = async (token: string, password: string) =>
    (await staffBrowser(t)).post("/api/activation", { token, password, password_confirmation: password });

  it("refuses a new password made of the site's words or the member's own name (change and activation)", async () => {
    // Named so: her own name is one of the words refused below.
    const { browser } = await signInNewStaff(t, "secretariat", { name: "Salma Tazi", centres: ["Ain Sebaa"] });
    for (const password of [
      "Gestion2025",
      "Selectividad2026",
      "Puerta2025!",
      "Casablanca2025",
      "Salma-Tazi-1",
      "Zenith2026",
    ]) {
      const res = await browser.post("/api/gestion/mot-de-passe", {
        current_password: FACTORY_PASSWORD,
        password,
        password_confirmation: password,
      });
      expect(res.statusCode, password).toBe(422);
      expect(res.json().errors, password).toEqual({ password: [PASSWORD_MESSAGES.contextWord] });
    }

    const token = await invited("Leïla Benjelloun", "leila.benjelloun@example.com");
    for (const password of ["Selectividad2025", "Benjelloun2025!", "Leila-1999"]) {
      const res = await activate(token, password);
      expect(res.statusCode, password).toBe(422);
      expect(res.json().errors, password).toEqual({ password: [PASSWORD_MESSAGES.contextWord] });
    }
    // The refused passwords did not spend the link.
    expect((await activate(token, "Un-Nouveau-Mot-2025")).statusCode).toBe(200);
  });

  it("checks the activation link before the password, and limits bogus links per address (429)", async () => {
    // A bogus link is refused as such whatever the password: nothing else is looked at (no argon2).
    const bogus = await activate("pas-un-lien", "iloveyou");
    expect(bogus.statusCode).toBe(404);
    expect(bogus.json()).toEqual({ message: "Ce lien d'activation n'est plus valide." });

    const answers: number[] = [];
    for (let i = 0; i < 21; i++) answers.push((await activate(`faux-${i}`, "Un-Nouveau-Mot-2025")).statusCode);
    expect(answers.slice(0, 19).every((code) => code === 404)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    const locked = await activate("encore-faux", "Un-Nouveau-Mot-2025");
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    expect((await t.app.inject({ method: "GET", url: "/api/activation?token=faux" })).statusCode).toBe(429);
  });

  it("ends a half-done sign-in when the password changes", async () => {
    const { browser: session, secret, email } = await signInNewStaff(t, "pedagogie");
    // Someone holding the old password passes step 1…
    const attacker = await staffBrowser(t);
    expect((await attacker.login(email, FACTORY_PASSWORD)).json()).toEqual({ step: "totp" });
    // …the member changes it…
    const changed = await session.post("/api/gestion/mot-de-passe", {
      current_password: FACTORY_PASSWORD,
      password: "Un-Nouveau-Mot-2025",
      password_confirmation: "Un-Nouveau-Mot-2025",
    });
    expect(changed.statusCode).toBe(204);
    // …and the pending sign-in is gone, even with a good code.
    await queryRows(t, sql`update staff_users set totp_last_step = null where email = ${email}`);
    const code = await attacker.post("/api/gestion/login/totp", { code: await totpCode(secret) });
    expect(code.statusCode).toBe(401);
    expect(code.json()).toEqual({ message: "Votre connexion a expiré. Recommencez." });
  });
});
