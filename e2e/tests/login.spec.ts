import { expect, test } from "@playwright/test";
import { FIXTURE_PASSWORD, FIXTURE_STUDENTS } from "../support/fixture-students.ts";
import { solveCaptchaWidget, storedSession, submitLogin } from "../support/login-form.ts";
import { expectNoAxeViolations } from "../support/session.ts";

const DEMO = { email: "etudiant.demo@example.com", password: "Selectividad2025" };

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

  test("shows 'Connexion en cours...' while the login is sent", async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/session", async (route) => {
      await held;
      await route.fulfill({ status: 401, json: { message: "Identifiants invalides" } });
    });
    await page.goto("/login");
    await submitLogin(page, DEMO.email, "pas-le-bon");
    const button = page.getByRole("button", { name: "Connexion en cours..." });
    await expect(button).toBeDisabled();
    await expect(page.getByLabel("Adresse e-mail")).toBeDisabled();
    release();
    await expect(page.getByRole("alert")).toHaveText("Identifiants invalides");
  });

  test("shows the client validation messages and sends nothing", async ({ page }) => {
    let sent = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/session")) sent += 1;
    });
    await page.goto("/login");
    await solveCaptchaWidget(page);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByText("L'email est requis")).toBeVisible();
    await expect(page.getByText("Le mot de passe est requis")).toBeVisible();
    await expect(page.getByLabel("Adresse e-mail")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Adresse e-mail").fill("pas-une-adresse");
    await page.getByLabel("Mot de passe", { exact: true }).fill("quelque-chose");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByText("Format d'email invalide")).toBeVisible();
    await expect(page.getByText("Le mot de passe est requis")).toBeHidden();
    expect(sent).toBe(0);
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

  const serverCases = [
    { name: "422 without a message", status: 422, body: { errors: {} }, text: "Données invalides" },
    {
      name: "422 with the server's message",
      status: 422,
      body: { message: "La vérification anti-robot a échoué. Veuillez réessayer.", errors: {} },
      text: "La vérification anti-robot a échoué. Veuillez réessayer.",
    },
    { name: "401 without a message", status: 401, body: {}, text: "Identifiants invalides" },
    { name: "500", status: 500, body: {}, text: "Erreur du serveur" },
    {
      name: "503 with a message",
      status: 503,
      body: { message: "Maintenance en cours" },
      text: "Maintenance en cours",
    },
    { name: "200 without a session", status: 200, body: { user: {} }, text: "Réponse du serveur invalide" },
  ];
  for (const c of serverCases) {
    test(`server answer ${c.name} → '${c.text}'`, async ({ page }) => {
      await page.route("**/api/session", (route) => route.fulfill({ status: c.status, json: c.body }));
      await page.goto("/login");
      await submitLogin(page, DEMO.email, DEMO.password);
      await expect(page.getByRole("alert")).toHaveText(c.text);
      expect((await storedSession(page)).token).toBeNull();
    });
  }

  test("no answer → 'Impossible de contacter le serveur'; unreadable answer → 'Une erreur s'est produite'", async ({
    page,
  }) => {
    await page.route("**/api/session", (route) => route.abort("connectionrefused"));
    await page.goto("/login");
    await submitLogin(page, DEMO.email, DEMO.password);
    await expect(page.getByRole("alert")).toHaveText("Impossible de contacter le serveur");

    await page.unroute("**/api/session");
    await page.route("**/api/session", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: "<html>pas du JSON</html>" }),
    );
    await solveCaptchaWidget(page);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByRole("alert")).toHaveText("Une erreur s'est produite");
  });
});
