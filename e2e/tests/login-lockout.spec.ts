import { expect, test } from "@playwright/test";
import { storedSession, submitLogin } from "../support/login-form.ts";
import { captchaPayload, expectNoAxeViolations } from "../support/session.ts";

// An address no account uses: its lockout (per e-mail and IP) concerns this spec alone.
const EMAIL = "personne.inconnue.lockout@example.com";
const COUNTDOWN = /Trop de tentatives de connexion\. Réessayez dans (1:00|0:[0-5]\d)\./;

test("after 5 failures the form counts down, and the countdown survives a reload", async ({ page }) => {
  // Four failures straight through the API, the fifth through the form.
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    const response = await page.request.post("/api/login", {
      data: { email: EMAIL, password: "mauvais", recaptcha_token: await captchaPayload(page.request) },
    });
    expect(response.status()).toBe(401);
  }
  await page.goto("/login");
  await submitLogin(page, EMAIL, "mauvais");

  const alert = page.getByRole("alert");
  await expect(alert).toHaveText(COUNTDOWN);
  const button = page.getByRole("button", { name: /^Réessayez dans \d:\d\d$/ });
  await expect(button).toBeDisabled();
  await expect(page.getByLabel("Adresse e-mail")).toBeDisabled();
  await expect(page.getByLabel("Mot de passe", { exact: true })).toBeDisabled();

  const { unblockAt } = await storedSession(page);
  const end = Number(unblockAt);
  expect(end - Date.now()).toBeGreaterThan(45_000);
  expect(end - Date.now()).toBeLessThanOrEqual(61_000);

  // The countdown ticks.
  const first = await button.textContent();
  await expect(button).not.toHaveText(first ?? "");

  await page.reload();
  await expect(page.getByRole("alert")).toHaveText(COUNTDOWN);
  await expect(page.getByRole("button", { name: /^Réessayez dans \d:\d\d$/ })).toBeDisabled();
  await expect(page.getByLabel("Adresse e-mail")).toBeDisabled();
  expect((await storedSession(page)).unblockAt).toBe(unblockAt);
  await expectNoAxeViolations(page);
});

test("the countdown shows the server's retry_after as m:ss and ends by itself", async ({ page }) => {
  let retryAfter = 2;
  await page.route("**/api/session", (route) =>
    route.fulfill({
      status: 429,
      headers: { "Retry-After": String(retryAfter) },
      json: { message: "Trop de tentatives de connexion", retry_after: retryAfter },
    }),
  );
  await page.goto("/login");
  await submitLogin(page, EMAIL, "mauvais");
  await expect(page.getByRole("alert")).toHaveText(/Réessayez dans 0:0[12]\./);
  await expect(page.getByLabel("Adresse e-mail")).toBeDisabled();
  // At zero the message goes, the inputs come back and unblockAt is removed.
  await expect(page.getByRole("alert")).toBeHidden({ timeout: 5_000 });
  await expect(page.getByLabel("Adresse e-mail")).toBeEnabled();
  expect((await storedSession(page)).unblockAt).toBeNull();

  retryAfter = 75;
  await submitLogin(page, EMAIL, "mauvais");
  // 75 seconds read as 1:15 (or 1:14 once the first second has ticked).
  await expect(page.getByRole("alert")).toHaveText(/^Trop de tentatives de connexion\. Réessayez dans 1:1[45]\.$/);
  await expect(page.getByRole("button", { name: /^Réessayez dans 1:1[45]$/ })).toBeDisabled();
});
