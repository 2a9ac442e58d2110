import { readFile } from "node:fs/promises";
import { type Download, expect, type Page, type TestInfo } from "@playwright/test";

/** The data of a signed-in API call, to compare the screen with what the server sent. */
export async function apiData<T>(page: Page, token: string, path: string): Promise<T> {
  const response = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** Saves a finished download and checks it is a real PDF file. */
export async function expectPdfDownload(download: Download, testInfo: TestInfo) {
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile(file);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return bytes;
}

/** The text of the next window.alert, which is dismissed. */
export function nextAlert(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once("dialog", (dialog) => {
      resolve(dialog.message());
      void dialog.dismiss();
    });
  });
}

/**
 * Clicks 'Voir le PDF' and checks the new tab: it shows the file from an object URL (no token
 * in any URL) and the browser has loaded it as a PDF document.
 */
export async function expectPdfInNewTab(page: Page, button: ReturnType<Page["getByRole"]>) {
  const [tab] = await Promise.all([page.context().waitForEvent("page"), button.click()]);
  await tab.waitForURL(/^blob:/);
  await expect.poll(() => tab.evaluate(() => document.contentType)).toBe("application/pdf");
  await tab.close();
}

/** After a failed 'Voir le PDF', the tab opened for it is closed again. */
export async function expectNoExtraTab(page: Page) {
  await expect.poll(() => page.context().pages().length).toBe(1);
}

/** Full-page screenshots at phone and desktop widths, attached to the report. */
export async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [390, 1280, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    // Polled: the page lays itself out again after the resize; an overflow that stays still fails.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
        message: `no horizontal scroll at ${width} px`,
      })
      .toBeLessThanOrEqual(width);
    expect(await fileButtonsOnTwoLines(page), `file buttons whose label wraps at ${width} px`).toEqual([]);
    const path = testInfo.outputPath(`${name}-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`${name}-${width}`, { path, contentType: "image/png" });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Answers a JSON call with the given status and body. */
export function fulfilJson(page: Page, pattern: string, status: number, body: unknown) {
  return page.route(pattern, (route) =>
    route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) }),
  );
}

/** The labels of the page's "Voir le PDF" and "Télécharger…" buttons that take more than one line. */
function fileButtonsOnTwoLines(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button[aria-label^="Voir le PDF"], button[aria-label^="Télécharger"]')]
      .filter((button) => {
        const style = getComputedStyle(button);
        const oneLine =
          Number.parseFloat(style.lineHeight) +
          Number.parseFloat(style.paddingTop) +
          Number.parseFloat(style.paddingBottom);
        return button.getBoundingClientRect().height > oneLine * 1.25;
      })
      .map((button) => button.textContent),
  );
}
