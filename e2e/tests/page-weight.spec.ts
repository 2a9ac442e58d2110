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

test("a public page asks for its stylesheet first and its scripts at low priority; the student area's shell does not", async ({
  page,
  request,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const sent: { path: string; type: string; priority: string }[] = [];
  cdp.on("Network.requestWillBeSent", (event) =>
    sent.push({
      path: new URL(event.request.url).pathname,
      type: event.type ?? "",
      priority: event.request.initialPriority,
    }),
  );
  await page.goto("/blog-2");
  await page.waitForLoadState("networkidle");

  const html = await (await request.get("/blog-2")).text();
  // React Router lists the entry module twice; it is fetched once.
  const preloaded = [
    ...new Set([...html.matchAll(/<link rel="modulepreload" fetchpriority="low" href="([^"]+)"/g)].map((m) => m[1])),
  ];
  expect(preloaded.length).toBeGreaterThan(5);
  expect(html).not.toMatch(/<link rel="modulepreload" href=/);
  const scripts = sent.filter((s) => preloaded.includes(s.path));
  expect(scripts.map((s) => s.priority)).toEqual(preloaded.map(() => "Low"));
  const stylesheet = sent.findIndex((s) => s.type === "Stylesheet");
  expect(stylesheet).toBeGreaterThan(0);
  expect(stylesheet).toBeLessThan(sent.findIndex((s) => s.type === "Script"));
  // Still a live page once the scripts arrive: client-side navigation works.
  await page.getByRole("link", { name: "Accueil" }).first().click();
  await expect(page).toHaveURL(/\/$/);

  // The student area shows nothing before its scripts run: they keep their priority.
  expect(await (await request.get("/planning")).text()).not.toContain('fetchpriority="low"');
});
