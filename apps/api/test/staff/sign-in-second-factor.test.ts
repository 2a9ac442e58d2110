import { STAFF_MESSAGES } from "@puerta/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, queryRows, type TestApp } from "../support/app.ts";
import { FACTORY_PASSWORD, uniqueEmail } from "../support/factories.ts";
import { createMailServer, type MailServer, waitFor } from "../support/mail-server.ts";
import { type StaffBrowser, signInNewStaff, staffBrowser, totpCode } from "../support/staff-browser.ts";
import { createStaffMember } from "../support/staff-factories.ts";

/**
 * Issue 31 items 3 and 8: consecutive wrong codes counted on their own and locking for longer
 * each time; the per-account ceiling no denial of service; a fresh secret per pending enrolment;
 * the member told by e-mail.
 */
describe("staff second factor: consecutive failures, ceiling, enrolment", () => {
  let t: TestApp;
  let smtp: MailServer;
  let direction: StaffBrowser;
  beforeAll(async () => {
    smtp = await createMailServer();
    await smtp.start();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: "https://portail.puerta.example" } });
    direction = (await signInNewStaff(t, "direction")).browser;
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  /** What many addresses would do: the per-IP and per-account keys of the sign-in forgotten. */
  const newAddress = () => queryRows(t, sql`delete from throttles where key like 'staff-login:%'`);
  const code = (browser: StaffBrowser, value: string) => browser.post("/api/gestion/login/totp", { code: value });
  // Each test locks, resets or enrols an account of its own, so that they hold in any order.
  const aCentre = async () =>
    (await queryRows<{ id: number }>(t, sql`select id from centres order by id limit 1`))[0]?.id;
  const endLock = (id: number | undefined) =>
    queryRows(t, sql`update throttles set locked_until = now() - interval '1 second' where key = ${`staff-2fa:${id}`}`);

  it("locks the code step after 10 consecutive wrong codes from any address, longer each time, and e-mails the member", async () => {
    const { secret, id, email } = await signInNewStaff(t, "pedagogie");
    const browser = await staffBrowser(t);
    await browser.login(email, FACTORY_PASSWORD);
    for (let i = 0; i < 10; i++) {
      await newAddress();
      await queryRows(t, sql`delete from throttles where key like 'staff-account:%'`);
      expect((await code(browser, "000000")).statusCode, `failure ${i + 1}`).toBe(422);
    }
    await newAddress();
    await queryRows(t, sql`delete from throttles where key like 'staff-account:%'`);
    await queryRows(t, sql`update staff_users set totp_last_step = null where id = ${id}`);
    // Even the right code waits: the lock is the account's, whatever the address.
    const locked = await code(browser, await totpCode(secret));
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: STAFF_MESSAGES.secondFactorLocked, retry_after: expect.any(Number) });
    expect(locked.json().retry_after).toBeGreaterThan(14 * 60);
    expect(locked.json().retry_after).toBeLessThanOrEqual(15 * 60);

    const alert = await waitFor(
      () => smtp.to(email).find((m) => m.email.subject?.startsWith("Codes de double authentification")),
      "alert e-mail",
    );
    expect(alert.email.text).toContain("changez-le");

    // The lock ended, the count did not: one more wrong code locks for twice as long.
    await endLock(id);
    await newAddress();
    expect((await code(browser, "000000")).statusCode).toBe(422);
    const longer = await code(browser, "000000");
    expect(longer.statusCode).toBe(429);
    expect(longer.json().retry_after).toBeGreaterThan(29 * 60);

    // A right code once the lock is over forgets the count.
    await endLock(id);
    await newAddress();
    expect((await code(browser, await totpCode(secret))).statusCode).toBe(200);
    expect(await queryRows(t, sql`select key from throttles where key = ${`staff-2fa:${id}`}`)).toEqual([]);
  });

  it("after 100 consecutive wrong codes, only the direction's reset unlocks", async () => {
    const { id, email } = await signInNewStaff(t, "secretariat", { centreIds: [(await aCentre()) ?? 0] });
    await newAddress();
    const browser = await staffBrowser(t);
    await browser.login(email, FACTORY_PASSWORD);
    await queryRows(
      t,
      sql`insert into throttles (key, hits, window_started_at) values (${`staff-2fa:${id}`}, 99, now())`,
    );
    expect((await code(browser, "000000")).statusCode).toBe(422);
    const forGood = await code(browser, "000000");
    expect(forGood.statusCode).toBe(429);
    expect(forGood.json().retry_after).toBeGreaterThan(365 * 86_400);

    expect((await direction.post(`/api/gestion/comptes/${id}/reinitialiser-2fa`)).statusCode).toBe(200);
    const reset = await waitFor(
      () => smtp.to(email).find((m) => m.email.subject?.includes("a été réinitialisée")),
      "reset e-mail",
    );
    expect(reset.email.text).toContain("La direction a réinitialisé");
    await newAddress();
    const again = await staffBrowser(t);
    expect((await again.login(email, FACTORY_PASSWORD)).json().step).toBe("enrol");
  });

  it("lets a right password and a right code through a locked per-account ceiling; wrong passwords learn nothing", async () => {
    const { secret, email } = await signInNewStaff(t, "direction");
    // Someone fails the password 20 times from as many addresses: the ceiling locks the account.
    const attacker = await staffBrowser(t);
    const answers: number[] = [];
    for (let i = 0; i < 21; i++) {
      await newAddress();
      answers.push((await attacker.login(email, `Mauvais-${i}-mot`)).statusCode);
    }
    expect(answers.slice(0, 19).every((status) => status === 401)).toBe(true);
    expect(answers[19]).toBe(429);
    // Locked: a wrong password now gets the code step, and no code passes it.
    expect(answers[20]).toBe(200);
    await newAddress();
    const decoy = await attacker.login(email, "Encore-Faux-2025");
    expect(decoy.json()).toEqual({ step: "totp" });
    await queryRows(t, sql`update staff_users set totp_last_step = null where email = ${email}`);
    const refused = await code(attacker, await totpCode(secret));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ code: [STAFF_MESSAGES.codeWrong] });

    // The member, with her password and her code, signs in all the same.
    await newAddress();
    const member = await staffBrowser(t);
    expect((await member.login(email, FACTORY_PASSWORD)).json()).toEqual({ step: "totp" });
    const inside = await code(member, await totpCode(secret, 1));
    expect(inside.statusCode).toBe(200);
    expect((await member.get("/api/gestion/me")).statusCode).toBe(200);

    // The per-IP limit still holds while the ceiling is locked.
    await newAddress();
    const limited: number[] = [];
    for (let i = 0; i < 6; i++) limited.push((await attacker.login(email, `Faux-${i}-2025`)).statusCode);
    expect(limited.at(-1)).toBe(429);
    await queryRows(t, sql`delete from throttles`);
  });

  it("hands a fresh secret to each pending enrolment, and e-mails the member once a factor is enrolled", async () => {
    await queryRows(t, sql`delete from throttles`);
    const email = uniqueEmail("secretariat");
    const centre = (await aCentre()) ?? 0;
    await createStaffMember(t.database.db, {
      name: "Secrétaire à enrôler",
      email,
      role: "secretariat",
      centreIds: [centre],
      password: FACTORY_PASSWORD,
    });
    const first = await staffBrowser(t);
    const a = (await first.login(email, FACTORY_PASSWORD)).json();
    const second = await staffBrowser(t);
    const b = (await second.login(email, FACTORY_PASSWORD)).json();
    expect(a.step).toBe("enrol");
    expect(b.step).toBe("enrol");
    expect(b.secret).not.toBe(a.secret);
    // The first pending sign-in is gone, and its secret with it.
    expect((await code(first, await totpCode(a.secret))).statusCode).toBe(401);
    const enrolled = await code(second, await totpCode(b.secret));
    expect(enrolled.statusCode).toBe(200);
    expect(enrolled.json().recovery_codes).toHaveLength(10);
    const mail = await waitFor(
      () => smtp.to(email).find((m) => m.email.subject?.startsWith("Double authentification activée")),
      "enrolment e-mail",
    );
    expect(mail.email.text).toContain("prévenez la direction");
  });
});
