import { expect, test } from "@playwright/test";
import { FIXTURE_PASSWORD, FIXTURE_STUDENTS } from "../support/fixture-students.ts";
import { storedSession, submitLogin } from "../support/login-form.ts";
import { expectNoAxeViolations } from "../support/session.ts";

const DEMO = { email: "etudiant.demo@example.com", password: "Selectividad2025" };

// What the form shows for each answer of the server, and while it waits, is checked on the
// component (apps/web/features/auth/login-form.test.tsx): here, the real captcha and server.
test.describe("login page", () => {
  test("signs in through the real captcha and lands on /planning", async ({ page }) => {
    await page.goto("/login");
    await expect(page).toHaveTitle(/Connexion/);
    await expect(page.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Mot de passe oublié ?" })).toHaveAttribute("href", "/forgot-password");
    // Without a solved captcha the button stays disabled and says why.
    await expect(page.getByRole("button", { name: "Se connecter" })).toBeDisabled();
    await expect(page.getByText("Veuillez compléter le reCAPTCHA")).toBeVisible();
    await expectNoAxeViolations(page);

    // The e-mail is trimmed before it is sent.
    const sent = page.waitForRequest("**/api/session");
    await submitLogin(page, `  ${DEMO.email}  `, DEMO.password);
    expect((await sent).postDataJSON()).toMatchObject({ email: DEMO.email, recaptcha_token: expect.any(String) });

    await expect(page).toHaveURL(/\/planning$/);
    await expect(page.getByRole("button", { name: "Déconnexion" })).toBeVisible();
    // docs/spec/student-portal.md section 3, amendment: nothing of the session in browser storage.
    expect(await storedSession(page)).toEqual({ token: null, user: null, studentData: null, unblockAt: null });
    await expect(page.getByText("Bonjour, ")).toBeAttached();
  });

  test("a wrong password gives 'Identifiants invalides' and a fresh captcha", async ({ page }) => {
    await page.goto("/login");
    await submitLogin(page, FIXTURE_STUDENTS.loginErrors.email, `${FIXTURE_PASSWORD}-faux`);
    await expect(page.getByRole("alert")).toHaveText("Identifiants invalides");
    await expect(page).toHaveURL(/\/login$/);
    // The captcha is reset after a failed login: a new one must be solved.
    await expect(page.locator("altcha-widget").getByText("Je ne suis pas un robot")).toBeVisible();
    await expect(page.getByRole("button", { name: "Se connecter" })).toBeDisabled();
    await expectNoAxeViolations(page);
    expect((await storedSession(page)).token).toBeNull();
  });
});
