import type { Page } from "@playwright/test";

/**
 * A page rendered for a request keeps its controls disabled until its app has hydrated
 * (decision 102, app/inert-until-hydrated.tsx): true once they are usable, or on a page without
 * that guard (a prerendered one).
 */
export const CONTROLS_USABLE = () => !document.querySelector("fieldset[role=none][disabled]");

/** Until the server-rendered page has its client router (React Router sets it as it hydrates) and its controls are usable. */
export async function waitForApp(page: Page) {
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.waitForFunction(CONTROLS_USABLE);
  await page.evaluate(() => new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled))));
}

/**
 * Opens a student page as a navigation inside the app, by the header's link from /planning
 * (or /support-cours): its data is then fetched by the browser, where a test's network mocks reach
 * it. A first visit is rendered by the server with its data (decision 101).
 */
export async function openInApp(page: Page, path: string) {
  // Pages exempt from the policy gate: any student can start there.
  const start = path === "/planning" ? "/support-cours" : "/planning";
  await page.goto(start);
  await waitForApp(page);
  await page.locator(`header a[href="${path}"]:visible`).first().click();
  // Where it lands is the caller's to check (the policy gate may redirect).
  await page.waitForURL((url) => url.pathname !== start);
}
