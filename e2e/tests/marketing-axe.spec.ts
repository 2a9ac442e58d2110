import { test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/session.ts";
import { MARKETING_PAGES } from "./marketing-routes.ts";

const PATHS = [...MARKETING_PAGES.map((p) => p.path), "/blog-2/article-qui-n-existe-pas"];

// Each page is independent of the others: both workers take some.
test.describe.configure({ mode: "parallel" });

for (const path of PATHS) {
  test(`${path} has no axe violation at 1280 px, then at 390 px`, async ({ page }) => {
    // The home page is the longest: axe takes some seconds on it at each width, more when the
    // other worker keeps the second core busy.
    if (path === "/") test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await expectNoAxeViolations(page);
    // The same page on a phone: the layout follows the width (media queries, and the carousels
    // count their cards again on resize), as a fresh load at 390 px would lay it out.
    await page.setViewportSize({ width: 390, height: 900 });
    await expectNoAxeViolations(page);
  });
}
