import { expect, type Page, test } from "@playwright/test";
import { FIXTURE_STAFF, FIXTURE_STAFF_PASSWORD } from "../support/fixture-staff.ts";
import { submitStaffCredentials } from "../support/staff.ts";
import { enrolSecondFactor } from "../support/staff-sign-in.ts";

/**
 * Every back-office list at the widths the staff use (issue 28 item 7): at 1280×800 and 1366×768
 * the table fits without a sideways scroll; at 390 px each row's main action ("Gérer") stays in
 * view. Only a browser lays out a table, so this is a browser test.
 */
const LISTS = [
  "/gestion/etudiants",
  "/gestion/comptes",
  "/gestion/plannings",
  "/gestion/orientation",
  "/gestion/parascolaire",
  "/gestion/jours-feries",
  "/gestion/demandes",
  "/gestion/messages",
  "/gestion/notifications",
  "/gestion/politique",
  "/gestion/corbeille",
  "/gestion/journal",
];

async function signInAndEnrol(page: Page, email: string) {
  await page.goto("/gestion/connexion");
  await submitStaffCredentials(page, email, FIXTURE_STAFF_PASSWORD);
  await enrolSecondFactor(page);
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
}

/** The list's table once loaded: its scroll region's widths and, per row, where its last button sits. */
async function measure(page: Page) {
  const region = page.locator("section:has(> table)").first();
  await expect(region).toBeVisible();
  await expect(page.getByTestId("ligne-squelette")).toHaveCount(0);
  return region.evaluate((section) => {
    const rows = [...section.querySelectorAll("tbody tr")];
    return {
      scrollWidth: section.scrollWidth,
      clientWidth: section.clientWidth,
      actions: rows
        .map((row) => row.querySelector("td:last-child button, td:last-child a"))
        .filter((button): button is Element => button !== null && button.closest("td")?.dataset.column === "actions")
        .map((button) => {
          const box = button.getBoundingClientRect();
          return { left: box.left, right: box.right, text: button.textContent ?? "" };
        }),
      pageWidth: document.documentElement.scrollWidth,
    };
  });
}

test("every back-office list fits 1280 and 1366 px, and keeps each row's action in view at 390 px", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signInAndEnrol(page, FIXTURE_STAFF.tablesDirection.email);
  for (const path of LISTS) {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 1366, height: 768 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(path);
      const seen = await measure(page);
      expect.soft(seen.scrollWidth, `${path} at ${viewport.width} px`).toBeLessThanOrEqual(seen.clientWidth + 1);
      expect.soft(seen.pageWidth, `${path} at ${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    const phone = await measure(page);
    expect.soft(phone.pageWidth, `${path} at 390 px`).toBeLessThanOrEqual(390);
    for (const action of phone.actions) {
      expect.soft(action.right, `${path} at 390 px: « ${action.text} »`).toBeLessThanOrEqual(390);
      expect.soft(action.left, `${path} at 390 px: « ${action.text} »`).toBeGreaterThanOrEqual(0);
    }
  }
});
