import { expect, type Page, test } from "@playwright/test";
import { signIn } from "../support/session.ts";
import { loadedPaths, staffAssets } from "../support/staff.ts";

/** Waits until the page has loaded its scripts (a public page asks for its islands after the first paint). */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect.poll(async () => (await loadedPaths(page)).some((p) => p.endsWith(".js"))).toBe(true);
  await page.waitForLoadState("networkidle");
}

test("public and student pages download no byte of the back-office; /gestion does", async ({ page }) => {
  const staffOnly = staffAssets();
  expect(staffOnly.size).toBeGreaterThan(0);

  for (const path of ["/", "/login", "/blog-2"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await settle(page);
    expect(
      (await loadedPaths(page)).filter((file) => staffOnly.has(file)),
      `${path}`,
    ).toEqual([]);
  }

  // The same check is worth something only if the back-office's own pages load those files.
  await page.goto("/gestion/connexion");
  await expect(page.getByRole("heading", { name: "Connexion à la gestion" })).toBeVisible();
  await settle(page);
  expect((await loadedPaths(page)).filter((file) => staffOnly.has(file)).length).toBeGreaterThan(0);
});

test("a signed-in student's pages download no byte of the back-office", async ({ page }) => {
  const staffOnly = staffAssets();
  await signIn(page, "etudiant2.demo@example.com", "Selectividad2025");
  for (const path of ["/planning", "/notifications"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await settle(page);
    expect(
      (await loadedPaths(page)).filter((file) => staffOnly.has(file)),
      `${path}`,
    ).toEqual([]);
  }
});

test("every /gestion address is the app (status 200), its unknown screens its own 404 page", async ({ page }) => {
  const response = await page.goto("/gestion/connexion");
  expect(response?.status()).toBe(200);
  const unknown = await page.goto("/gestion/pas-une-page");
  expect(unknown?.status()).toBe(200);
  // Not signed in: the back-office sends to its sign-in page, and back once signed in.
  await expect(page).toHaveURL(/\/gestion\/connexion\?retour=%2Fgestion%2Fpas-une-page$/);
});
