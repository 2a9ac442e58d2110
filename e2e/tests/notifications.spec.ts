import { expect, type Page, test } from "@playwright/test";
import { FIXTURE_PASSWORD, FIXTURE_STUDENTS } from "../support/fixture-students.ts";
import { expectNoAxeViolations, signIn } from "../support/session.ts";

/** The unread count in the page title's badge (0 when no badge is shown). */
async function titleCount(page: Page): Promise<number> {
  const heading = page.getByRole("heading", { level: 1, name: /^Notifications/ });
  // Generous: the app may be loading while other browsers share the machine.
  await expect(heading).toBeVisible({ timeout: 30_000 });
  // The badge is known once the list has loaded.
  await expect(page.getByRole("article").first().or(page.getByText("Aucune notification"))).toBeVisible({
    timeout: 30_000,
  });
  const match = ((await heading.textContent()) ?? "").match(/(\d+)/);
  return match ? Number(match[1]) : 0;
}

const navLink = (page: Page) =>
  page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: /^Notifications/ });

test("opening a notification marks it read and lowers the unread count everywhere", async ({ page }) => {
  const s = FIXTURE_STUDENTS.notificationRead;
  await signIn(page, s.email, FIXTURE_PASSWORD);
  await page.goto("/notifications");
  const before = await titleCount(page);
  expect(before).toBeGreaterThan(1);
  await expect(page.getByText("Nouveau")).toHaveCount(before);
  await expect(navLink(page)).toContainText(`${before} non lues`);
  await expect(page.getByText(/Il y a \d+ (minute|heure|jour)s?|À l'instant/).first()).toBeVisible();
  await expectNoAxeViolations(page);

  const first = page.getByRole("article").first();
  const title = (await first.getByRole("heading").textContent()) ?? "";
  const recorded = page.waitForResponse((r) => r.url().endsWith("/mark-viewed") && r.status() === 200);
  await first.getByRole("link", { name: /Voir détails/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(/^Priorité (élevée|moyenne|normale)$/)).toBeVisible();
  await expect(navLink(page)).toContainText(`${before - 1} non lue`);
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Retour aux notifications" }).click();
  expect(await titleCount(page)).toBe(before - 1);
  // Still read after a reload, once the server has answered the mark: it recorded it.
  await recorded;
  await page.reload();
  expect(await titleCount(page)).toBe(before - 1);
  await expect(page.getByText("Nouveau")).toHaveCount(before - 1);
});

test("the read state is reverted when the server refuses the mark", async ({ page }) => {
  const s = FIXTURE_STUDENTS.notificationRevert;
  await signIn(page, s.email, FIXTURE_PASSWORD);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/notifications/*/mark-viewed", async (route) => {
    await held;
    await route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"Erreur du serveur"}' });
  });

  await page.goto("/notifications");
  const before = await titleCount(page);
  await page
    .getByRole("article")
    .first()
    .getByRole("link", { name: /Voir détails/ })
    .click();
  // At once, before the server answers: one fewer unread.
  await expect(navLink(page)).toContainText(`${before - 1} non lue`);
  release();
  await expect(navLink(page)).toContainText(`${before} non lues`);
  await page.getByRole("link", { name: "Retour aux notifications" }).click();
  expect(await titleCount(page)).toBe(before);
});

test("a notification that is not addressed to the student is not found", async ({ page }) => {
  const s = FIXTURE_STUDENTS.notificationRead;
  await signIn(page, s.email, FIXTURE_PASSWORD);
  await page.goto("/notification/999999");
  await expect(page.getByRole("heading", { name: "Notification non trouvée" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Cette notification n'existe pas ou a été supprimée.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Retour aux notifications" })).toHaveAttribute("href", "/notifications");
  await expectNoAxeViolations(page);
});

test("an external link opens safely in a new tab", async ({ page }) => {
  const s = FIXTURE_STUDENTS.notificationRead;
  await signIn(page, s.email, FIXTURE_PASSWORD);
  await page.goto("/notifications");
  await expect(page.getByRole("article").first()).toBeVisible({ timeout: 30_000 });
  await page
    .getByRole("article")
    .filter({ hasText: "Examen blanc de Selectividad" })
    .getByRole("link", { name: /Voir détails/ })
    .click();
  const link = page.getByRole("link", { name: /Voir plus de détails →/ });
  await expect(link).toHaveAttribute("href", /^https:\/\//);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
});

for (const width of [390, 1280]) {
  test(`screenshots at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const s = FIXTURE_STUDENTS.notificationRead;
    await signIn(page, s.email, FIXTURE_PASSWORD);
    await page.goto("/notifications");
    await expect(page.getByRole("article").first()).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: test.info().outputPath(`notifications-${width}.png`), fullPage: true });
    await page.getByRole("link", { name: /Voir détails : Examen blanc/ }).click();
    await expect(page.getByRole("link", { name: /Voir plus de détails/ })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`notification-detail-${width}.png`), fullPage: true });
  });
}
