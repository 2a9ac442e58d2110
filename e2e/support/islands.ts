import type { Page } from "@playwright/test";

/**
 * Holds back every island script of the pages `page` loads until the returned function is
 * called: what a visitor does before then meets the prerendered markup alone.
 */
export async function holdIslandScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/islands/**", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
