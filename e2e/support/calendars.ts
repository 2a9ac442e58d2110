import { expect, type Page } from "@playwright/test";
import { filterByMonth, MONTH_OPTIONS, type MonthFilter } from "@puerta/contract";

export const DEMO_ACCEPTED = { email: "etudiant2.demo@example.com", password: "Selectividad2025" };

/** Reads an API list with the student's token, as the page will. */
export async function apiData<T>(page: Page, token: string, path: string): Promise<T> {
  const response = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/**
 * Clicks each of the 13 month buttons and checks, for each, that the cards shown are the
 * items of that month (by title, in order) or that the page says the month is empty.
 */
export async function checkEveryMonth<T extends { raw_date: string; title: string }>(
  page: Page,
  listName: string,
  items: T[],
  expectEmpty: (month: MonthFilter, label: string) => Promise<void>,
) {
  const months = MONTH_OPTIONS;
  expect(months).toHaveLength(13);
  let emptyMonths = 0;
  for (const { value, label } of months) {
    const button = page.getByRole("button", { name: label, exact: true });
    await button.click();
    await expect(button).toHaveAttribute("aria-pressed", "true");
    const expected = filterByMonth(items, value).map((item) => item.title);
    if (expected.length === 0) {
      emptyMonths++;
      await expect(page.getByRole("list", { name: listName })).toHaveCount(0);
      await expectEmpty(value, label);
    } else {
      await expect(page.getByRole("list", { name: listName }).getByRole("heading", { level: 2 })).toHaveText(expected);
    }
  }
  return { emptyMonths };
}

/** Counts the requests made to each API path while the page lives. */
export function countRequests(page: Page, paths: string[]): Record<string, number> {
  const counts = Object.fromEntries(paths.map((p) => [p, 0]));
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname in counts) counts[pathname] = (counts[pathname] ?? 0) + 1;
  });
  return counts;
}

/** No horizontal scrolling: the page fits the viewport. */
export async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
