import { expect, type Page, test } from "@playwright/test";
import { FIXTURE_PASSWORD, FIXTURE_STUDENTS } from "../support/fixture-students.ts";
import { holdScripts, ISLAND_SCRIPTS } from "../support/hold-scripts.ts";
import { submitLogin } from "../support/login-form.ts";
import { resetLinkPath, waitForMail } from "../support/mailbox.ts";
import { expectNoAxeViolations, signIn } from "../support/session.ts";

/** Collects the API calls a page makes to `path`, to prove when nothing was sent. */
function recordCalls(page: Page, path: string) {
  const calls: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === path) calls.push(request.method());
  });
  return calls;
}

test.describe("password reset by e-mail", () => {
  test("from the forgot-password form, through the e-mail's link, to a login with the new password", async ({
    page,
  }) => {
    // A long journey (two captchas, five axe checks, a 3-second redirect): more than the default minute.
    test.setTimeout(150_000);
    const student = FIXTURE_STUDENTS.passwordReset;
    const newPassword = "Zenith-Nouveau-2026";

    await page.goto("/login");
    await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page).toHaveTitle(/Mot de passe oublié/);
    await expect(page.getByRole("heading", { level: 1, name: "Mot de passe oublié" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel("Adresse e-mail", { exact: true }).fill(student.email);
    await page.getByRole("button", { name: "Envoyer le lien" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "Si un compte correspond à cette adresse, un e-mail de réinitialisation vient de vous être envoyé.",
    );
    await expectNoAxeViolations(page);

    const mail = await waitForMail(student.email);
    expect(mail.subject).toBe("Réinitialisation de votre mot de passe — Puerta");
    expect(mail.html).toContain("Choisir un nouveau mot de passe");
    const link = resetLinkPath(mail);
    expect(link).toMatch(/^\/reset-password\?token=[A-Za-z0-9]{64}&email=/);

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Choisir un nouveau mot de passe" })).toBeVisible();
    const email = page.getByLabel("Adresse e-mail", { exact: true });
    await expect(email).toHaveValue(student.email);
    await expect(email).toHaveAttribute("readonly", "");
    await expectNoAxeViolations(page);

    // The rules are checked before anything is sent.
    const resets = recordCalls(page, "/api/student/reset-password");
    await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("court");
    await page.getByLabel("Confirmer le mot de passe", { exact: true }).fill("court");
    await page.getByRole("button", { name: "Réinitialiser le mot de passe" }).click();
    await expect(page.getByText("Le mot de passe doit contenir au moins 8 caractères.")).toBeVisible();
    await page.getByLabel("Nouveau mot de passe", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Réinitialiser le mot de passe" }).click();
    await expect(page.getByText("Les mots de passe ne correspondent pas")).toBeVisible();
    expect(resets).toEqual([]);

    await page.getByLabel("Confirmer le mot de passe", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Réinitialiser le mot de passe" }).click();
    await expect(page.getByRole("status")).toContainText("Votre mot de passe a été réinitialisé.");
    await expectNoAxeViolations(page);
    // Three seconds later, the login page.
    await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });

    await submitLogin(page, student.email, newPassword);
    await expect(page).toHaveURL(/\/planning$/);

    // The link was used once: opening it again shows the invalid-link screen.
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Lien invalide ou expiré" })).toBeVisible();
    await expect(page.getByText("Ce lien de réinitialisation est invalide ou a expiré.")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Nouvelle demande" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test("an address sent before the page's scripts have arrived is sent once they have, never in the address bar", async ({
    page,
  }) => {
    const release = await holdScripts(page, ISLAND_SCRIPTS);
    const requests = recordCalls(page, "/api/student/forgot-password");
    await page.goto("/forgot-password", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Adresse e-mail", { exact: true }).fill("personne@exemple.com");
    await page.getByLabel("Adresse e-mail", { exact: true }).press("Enter");
    await expect(page.getByRole("status")).toBeHidden();
    expect(requests).toEqual([]);

    release();
    await expect(page.getByRole("status")).toHaveText(
      "Si un compte correspond à cette adresse, un e-mail de réinitialisation vient de vous être envoyé.",
    );
    expect(requests).toEqual(["POST"]);
    expect(page.url()).toMatch(/\/forgot-password$/);
  });

  test("a link without its token says it is incomplete", async ({ page }) => {
    await page.goto("/reset-password?email=eleve%40example.com");
    await expect(page.getByRole("heading", { level: 1, name: "Lien invalide ou expiré" })).toBeVisible();
    await expect(page.getByText("Lien de réinitialisation incomplet.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Nouvelle demande" })).toHaveAttribute("href", "/forgot-password");
    await expectNoAxeViolations(page);
  });
});

test("a signed-in student changes the password; the other sessions end", async ({ page, browser }) => {
  const student = FIXTURE_STUDENTS.passwordChange;
  const newPassword = "Anfa-Boulevard-2026";
  // A second session, elsewhere, that the change must end.
  const elsewhere = await browser.newContext();
  const other = await signIn(await elsewhere.newPage(), student.email, FIXTURE_PASSWORD);
  await signIn(page, student.email, FIXTURE_PASSWORD);

  await page.goto("/modifier-mot-de-passe");
  await expect(page.getByRole("heading", { level: 1, name: "Modifier mon mot de passe" })).toBeVisible();
  await expectNoAxeViolations(page);

  const changes = recordCalls(page, "/api/change-password");
  await page.getByLabel("Mot de passe actuel", { exact: true }).fill(FIXTURE_PASSWORD);
  await page.getByLabel("Nouveau mot de passe", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirmer le nouveau mot de passe", { exact: true }).fill(`${newPassword}!`);
  await page.getByRole("button", { name: "Modifier le mot de passe" }).click();
  await expect(page.getByRole("alert")).toHaveText("Les mots de passe ne correspondent pas");
  expect(changes).toEqual([]);

  // The server's own refusal is shown as it is.
  await page.getByLabel("Confirmer le nouveau mot de passe", { exact: true }).fill(newPassword);
  await page.getByLabel("Mot de passe actuel", { exact: true }).fill("pas-le-bon-mot");
  await page.getByRole("button", { name: "Modifier le mot de passe" }).click();
  await expect(page.getByRole("alert")).toHaveText("Le mot de passe actuel est incorrect.");
  await expectNoAxeViolations(page);

  await page.getByLabel("Mot de passe actuel", { exact: true }).fill(FIXTURE_PASSWORD);
  await page.getByRole("button", { name: "Modifier le mot de passe" }).click();
  await expect(page.getByRole("status")).toHaveText("Votre mot de passe a été modifié avec succès.");
  await expect(page.getByLabel("Mot de passe actuel", { exact: true })).toHaveValue("");

  // This session goes on; the other one has ended.
  expect(
    // The page's own session: its HttpOnly cookie, which page.request shares.
    (await page.request.get("/api/user")).status(),
  ).toBe(200);
  expect((await page.request.get("/api/user", { headers: { authorization: `Bearer ${other.token}` } })).status()).toBe(
    401,
  );
  await elsewhere.close();

  await page.getByRole("button", { name: "Déconnexion" }).click();
  await page.goto("/login");
  await submitLogin(page, student.email, newPassword);
  await expect(page).toHaveURL(/\/planning$/);
});
