import { expect, test } from "@playwright/test";

const ANCHORS: Record<string, string[]> = {
  "/": ["academic-pathways", "accompaniment-section", "sejour-linguistique", "majors-section", "questions-faq"],
  "/orientation": ["eleves", "Almuni", "Preinscriptions"],
  "/temoignages": ["Parents", "Laureats", "Alumni"],
  "/caplife": ["citoyennete", "omra", "giving-back", "parties", "sorties", "graduation-parties"],
};

for (const [path, ids] of Object.entries(ANCHORS)) {
  test(`the anchors of ${path} scroll to their sections`, async ({ page }) => {
    for (const id of ids) {
      await page.goto(`${path}#${id}`);
      await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
    }
  });
}

test("moving between pages scrolls to the top, or to the hash after the short caplife delay", async ({ page }) => {
  await page.goto("/caplife");
  await page.getByRole("navigation", { name: "Rubriques de la page" }).getByRole("link", { name: "Sorties" }).click();
  await expect(page.locator("#sorties")).toBeInViewport();

  // A client-side navigation from the bottom of a page lands at the top of the next one.
  await page.goto("/");
  const link = page.getByRole("link", { name: "Le programme en détail" });
  await link.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await link.click();
  await expect(page).toHaveURL(/\/selectividad-casablanca$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
