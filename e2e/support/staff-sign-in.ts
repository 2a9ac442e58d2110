import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { FIXTURE_STAFF_PASSWORD } from "./fixture-staff.ts";
import { STAFF_DEMO_PASSWORD, secretFromEnrolmentScreen, submitStaffCredentials, totpCode } from "./staff.ts";

/**
 * The TOTP secret of a demo staff account, kept in the run's data directory once a spec has
 * enrolled it: any spec may then sign the same account in again, in any order.
 */
const secretFile = (email: string) => {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (see playwright.config.ts)");
  return path.join(dataDir, `totp-${email.replace(/[^a-z0-9.]/gi, "_")}.txt`);
};

const TOTP_STEP_MS = 30_000;

/**
 * A code of a time step this account has not used yet: the server refuses a step it has seen
 * (no replay), and specs sign the same demo account in one after another, sometimes within
 * 30 seconds. The last step used is kept beside the secret; a spec that comes too soon waits
 * for the next one, as a person would for the app's next code.
 */
async function unusedCode(email: string, secret: string): Promise<string> {
  const stepFile = `${secretFile(email)}.step`;
  const lastStep = existsSync(stepFile) ? Number(readFileSync(stepFile, "utf8")) : -1;
  const wait = (lastStep + 1) * TOTP_STEP_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 250));
  const code = await totpCode(secret);
  writeFileSync(stepFile, String(Math.floor(Date.now() / TOTP_STEP_MS)));
  return code;
}

/**
 * Signs a demo staff account in through /gestion/connexion: enrols the second factor on its
 * first sign-in (and keeps the secret), or types a code from the kept secret.
 */
export async function signInDemoStaff(page: Page, email: string) {
  await page.goto("/gestion/connexion");
  await expect(page.getByRole("heading", { name: "Connexion à la gestion" })).toBeVisible({ timeout: 30_000 });
  await submitStaffCredentials(page, email, STAFF_DEMO_PASSWORD);
  const enrol = page.getByRole("heading", { name: "Activer la double authentification" });
  const code = page.getByLabel("Code de vérification");
  await expect(enrol.or(code)).toBeVisible();
  if (await enrol.isVisible()) {
    const secret = await secretFromEnrolmentScreen(page);
    writeFileSync(secretFile(email), secret);
    await page.getByLabel("Code de confirmation").fill(await unusedCode(email, secret));
    await page.getByRole("button", { name: "Confirmer" }).click();
    await page.getByRole("button", { name: /continuer/ }).click();
  } else {
    const file = secretFile(email);
    if (!existsSync(file)) throw new Error(`${email} was enrolled without keeping its secret`);
    await code.fill(await unusedCode(email, readFileSync(file, "utf8")));
    await page.getByRole("button", { name: "Se connecter" }).click();
  }
  await expect(page.getByRole("navigation", { name: "Sections de la gestion" })).toBeAttached();
}

/** First sign-in of a fixture account: password, enrolment with a code from the shown secret, on to `to`. */
export async function signInFixtureStaff(page: Page, email: string, to: string) {
  await page.goto(`/gestion/connexion?retour=${encodeURIComponent(to)}`);
  await submitStaffCredentials(page, email, FIXTURE_STAFF_PASSWORD);
  await enrolSecondFactor(page);
  await expect(page).toHaveURL(new RegExp(`${to.replace(/[/?]/g, "\\$&")}$`));
}

/** After a first sign-in's password: the second factor enrolled with a code from the shown secret, past the recovery codes. */
export async function enrolSecondFactor(page: Page) {
  await expect(page.getByRole("heading", { name: "Activer la double authentification" })).toBeVisible();
  const secret = await secretFromEnrolmentScreen(page);
  await page.getByLabel("Code de confirmation").fill(await totpCode(secret));
  await page.getByRole("button", { name: "Confirmer" }).click();
  await expect(page.getByRole("heading", { name: "Vos codes de secours" })).toBeVisible();
  await page.getByRole("button", { name: /continuer/ }).click();
}
