import { test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/session.ts";
import { MARKETING_PAGES } from "./marketing-routes.ts";

const PATHS = [...MARKETING_PAGES.map((p) => p.path), "/blog-2/article-qui-n-existe-pas"];

for (const width of [1280, 390]) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const path of PATHS) {
      test(`${path} has no axe violation`, async ({ page }) => {
        // The home page is the longest: axe takes some 20 s on it alone, and up to a minute when
        // the other worker keeps the second core busy.
        if (path === "/") test.slow();
        await page.goto(path);
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        await expectNoAxeViolations(page);
      });
    }
  });
}
