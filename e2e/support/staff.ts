import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { generate } from "otplib";
import { staffOnlyAssets } from "../../apps/web/scripts/staff-assets.ts";
import { solveCaptchaWidget } from "./login-form.ts";
import { expectNoAxeViolations } from "./session.ts";

export const STAFF_DEMO_PASSWORD = "Gestion2025";

/** Step 1 of /gestion/connexion, through the real captcha widget. */
export async function submitStaffCredentials(page: Page, email: string, password: string) {
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(password);
  await solveCaptchaWidget(page);
  await page.getByRole("button", { name: "Continuer" }).click();
}

/** The secret the enrolment screen shows in text, as a person would type it into an app. */
export async function secretFromEnrolmentScreen(page: Page): Promise<string> {
  const shown = await page.getByTestId("totp-secret").textContent();
  const secret = (shown ?? "").replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  return secret;
}

/** The code an authenticator app would show now for this secret (RFC 6238, 30 s, SHA-1). */
export const totpCode = (secret: string) => generate({ secret });

/** No axe violation on the screen at 1280 px, then at 390 px (docs/spec/back-office.md section 9: every staff screen, both widths). */
export async function expectAccessibleAtBothWidths(page: Page) {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await page.setViewportSize(size);
}

/** The built web app the e2e server serves (playwright.config.ts). */
const webDir = () => process.env.WEB_DIR ?? path.resolve(import.meta.dirname, "../../apps/web/build/client");

/** The files only the back-office loads, from the build's route manifest. */
export const staffAssets = () => new Set(staffOnlyAssets(webDir()));

/** Paths of every file the page has loaded so far (its resource timings). */
export const loadedPaths = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname));
