import { type APIRequestContext, expect, type Page, test } from "@playwright/test";

/** The script files the page has asked for so far. */
function scriptsRequested(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

const isCaptchaCode = (path: string) => /\/assets\/altcha-client-/.test(path);

/** Whether any of these scripts is the validation library (its code names ZodError). */
async function includesValidator(request: APIRequestContext, paths: string[]): Promise<boolean> {
  for (const path of paths) if ((await (await request.get(path)).text()).includes("ZodError")) return true;
  return false;
}

test("a visitor of the home page downloads no validator, and the captcha only near the contact form", async ({
  page,
  request,
}) => {
  const scripts = scriptsRequested(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(scripts.length).toBeGreaterThan(0);
  expect(await includesValidator(request, scripts)).toBe(false);
  expect(scripts.filter(isCaptchaCode)).toEqual([]);

  const form = page.getByRole("form", { name: "Formulaire de contact" });
  await form.scrollIntoViewIfNeeded();
  await expect(page.locator("altcha-widget").getByText("Je ne suis pas un robot")).toBeVisible();
  expect(scripts.filter(isCaptchaCode)).toHaveLength(1);

  // Filling the form fetches the checks it needs.
  await form.getByLabel("Nom").focus();
  await expect.poll(() => includesValidator(request, scripts)).toBe(true);
});

test("hashed scripts carry no document headers, and the pages still do", async ({ page, request }) => {
  const scripts = scriptsRequested(page);
  const answer = await page.goto("/blog-2");
  expect(answer?.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
  await page.waitForLoadState("networkidle");
  const script = await request.get(scripts[0] ?? "/missing", { headers: { "accept-encoding": "br" } });
  expect(script.status()).toBe(200);
  expect(script.headers()["content-encoding"]).toBe("br");
  expect(script.headers()["x-content-type-options"]).toBe("nosniff");
  expect(script.headers()["content-security-policy"]).toBeUndefined();
  expect(script.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});
