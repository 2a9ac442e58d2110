import type { Page } from "@playwright/test";

/** The island scripts of the public pages. */
export const ISLAND_SCRIPTS = "**/assets/islands/**";
/** Every script file, the client-side app's included. */
export const ALL_SCRIPTS = "**/assets/**/*.js";

/**
 * Holds back the scripts matching `glob` of the pages `page` loads until the returned
 * function is called: what a visitor sees and does before then meets the prerendered markup
 * alone.
 */
export async function holdScripts(page: Page, glob: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(glob, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
