import { expect, type Page } from "@playwright/test";

/** Solves the real ALTCHA widget on the page the way a student does: one click, then wait. */
export async function solveCaptchaWidget(page: Page) {
  const widget = page.locator("altcha-widget");
  await expect(widget.getByText("Je ne suis pas un robot")).toBeVisible();
  await widget.getByText("Je ne suis pas un robot").click();
  // The proof of work runs in web workers: allow for a machine busy with other tests.
  await expect(widget.getByText("Vérifié")).toBeVisible({ timeout: 30_000 });
}

/** Fills the login form, solves the captcha and submits. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(password);
  await solveCaptchaWidget(page);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

/**
 * What localStorage holds under the keys of docs/spec/student-portal.md section 3: since the
 * amendment of 26 Nov 2026, only unblockAt may be there (the session is an HttpOnly cookie).
 */
export function storedSession(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem("token"),
    user: localStorage.getItem("user"),
    studentData: localStorage.getItem("student_data"),
    unblockAt: localStorage.getItem("unblockAt"),
  }));
}
