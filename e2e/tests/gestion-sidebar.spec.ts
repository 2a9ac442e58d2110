import { expect, type Locator, type Page, test } from "@playwright/test";
import { FIXTURE_STAFF, FIXTURE_STAFF_PASSWORD } from "../support/fixture-staff.ts";
import { expectNoAxeViolations } from "../support/session.ts";
import { secretFromEnrolmentScreen, submitStaffCredentials, totpCode } from "../support/staff.ts";

/** First sign-in of a fixture account: password, enrolment with a code from the shown secret. */
async function signInStaff(page: Page, email: string) {
  await page.goto("/gestion/connexion?retour=%2Fgestion%2Fjournal");
  await submitStaffCredentials(page, email, FIXTURE_STAFF_PASSWORD);
  await expect(page.getByRole("heading", { name: "Activer la double authentification" })).toBeVisible();
  const secret = await secretFromEnrolmentScreen(page);
  await page.getByLabel("Code de confirmation").fill(await totpCode(secret));
  await page.getByRole("button", { name: "Confirmer" }).click();
  await page.getByRole("button", { name: /continuer/ }).click();
  await expect(page.getByRole("navigation", { name: "Sections de la gestion" })).toBeVisible();
}

/**
 * Tabs from the top of the page (its skip link, the first stop) until `target` has the focus; fails
 * after `limit` presses. A blur would not do: Chromium then goes on from where the focus last was.
 */
async function tabTo(page: Page, target: Locator, limit = 60) {
  await page.getByRole("link", { name: "Aller au contenu" }).focus();
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return presses + 1;
  }
  throw new Error(`not reached by Tab in ${limit} presses`);
}

const ROLES = [
  ["direction", FIXTURE_STAFF.shellDirection],
  ["secrétariat", FIXTURE_STAFF.shellSecretary],
  ["pédagogie", FIXTURE_STAFF.shellPedagogie],
] as const;

for (const [role, account] of ROLES) {
  test(`${role}: "Changer mon mot de passe" and "Se déconnecter" stay on screen at 1280×800 and 1366×768, by mouse and by keyboard`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await signInStaff(page, account.email);
    const password = page.getByRole("link", { name: "Changer mon mot de passe" });
    const signOut = page.getByRole("button", { name: "Se déconnecter" });

    for (const size of [
      { width: 1280, height: 800 },
      { width: 1366, height: 768 },
    ]) {
      await page.setViewportSize(size);
      // At the top of the page, then scrolled to its end: both controls are wholly on screen.
      for (const scroll of ["top", "bottom"] as const) {
        await page.evaluate((where) => window.scrollTo(0, where === "top" ? 0 : document.body.scrollHeight), scroll);
        await expect(password, `${size.width}×${size.height}, ${scroll}`).toBeInViewport({ ratio: 1 });
        await expect(signOut, `${size.width}×${size.height}, ${scroll}`).toBeInViewport({ ratio: 1 });
      }
      // The last section of the menu can still be reached: the menu scrolls inside the sidebar.
      const lastSection = page.getByRole("navigation", { name: "Sections de la gestion" }).getByRole("link").last();
      await lastSection.scrollIntoViewIfNeeded();
      await expect(lastSection).toBeInViewport({ ratio: 1 });
      await expect(signOut).toBeInViewport({ ratio: 1 });
      // By keyboard: Tab reaches each control, and the focused control is on screen.
      await tabTo(page, password);
      await expect(password).toBeInViewport({ ratio: 1 });
      await tabTo(page, signOut);
      await expect(signOut).toBeInViewport({ ratio: 1 });
      const shot = testInfo.outputPath(`sidebar-${size.width}x${size.height}.png`);
      await page.screenshot({ path: shot });
      await testInfo.attach(`sidebar-${size.width}x${size.height}`, { path: shot, contentType: "image/png" });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Menu" }).click();
    await signOut.scrollIntoViewIfNeeded();
    await expect(signOut).toBeInViewport();
    await expectNoAxeViolations(page);
    const shot = testInfo.outputPath("sidebar-390.png");
    await page.screenshot({ path: shot, fullPage: true });
    await testInfo.attach("sidebar-390", { path: shot, contentType: "image/png" });

    // The screens this change touched, as this role sees them, at the three sizes (axe at each).
    const screens: Record<string, { path: string; ready: () => Locator }> = {
      direction: {
        path: "/gestion/demandes",
        ready: () => page.getByRole("heading", { name: "Signataire des attestations" }),
      },
      secrétariat: {
        path: "/gestion/messages",
        ready: () => page.getByRole("heading", { name: "Répondre par e-mail" }),
      },
      pédagogie: {
        path: "/gestion/supports",
        ready: () => page.getByRole("dialog", { name: "Ajouter des documents" }).getByText("Choisir des fichiers"),
      },
    };
    const screen = screens[role];
    if (screen) {
      await page.goto(screen.path);
      if (role === "pédagogie") {
        const subject = page.getByLabel("Matière");
        const value = await subject.locator("option", { hasText: "Méthodologie de l'examen" }).getAttribute("value");
        await subject.selectOption(value ?? "");
        await page.getByRole("button", { name: "Ajouter des documents" }).click();
      }
      if (role === "secrétariat") {
        await page.getByRole("link", { name: /Tarifs de la préparation DELE B2/ }).click();
        await expect(page.getByLabel("Votre réponse")).toHaveValue(
          /^Bonjour Khadija Ouazzani,\n\n\n\nSecrétariat Menu E2E\n/,
        );
      }
      await expect(screen.ready()).toBeVisible();
      for (const size of [
        { width: 390, height: 844 },
        { width: 1280, height: 800 },
        { width: 1366, height: 768 },
      ]) {
        await page.setViewportSize(size);
        await expectNoAxeViolations(page);
        const path = testInfo.outputPath(`screen-${size.width}.png`);
        await page.screenshot({ path, fullPage: true });
        await testInfo.attach(`screen-${size.width}`, { path, contentType: "image/png" });
      }
    }

    if (role === "pédagogie") await page.keyboard.press("Escape");

    // Signing out by keyboard ends the session.
    await page.setViewportSize({ width: 1280, height: 800 });
    await tabTo(page, signOut);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/gestion\/connexion$/);
  });
}
