import { type APIRequestContext, expect, type Page, type Request, test } from "@playwright/test";
import { FIXTURE_PASSWORD, FIXTURE_STUDENTS } from "../support/fixture-students.ts";
import { ALL_SCRIPTS, holdScripts } from "../support/hold-scripts.ts";
import { waitForApp } from "../support/in-app.ts";
import { signIn } from "../support/session.ts";

/**
 * The script files the page has asked for so far. A public page asks for its islands after
 * its first paint, which can come after the network has gone quiet: `settled` waits until it
 * has asked for some, and all have arrived.
 */
function scriptsRequested(page: Page): string[] & { settled: () => Promise<void> } {
  const urls: string[] = [];
  const pending = new Set<Request>();
  page.on("request", (request) => {
    if (request.resourceType() !== "script") return;
    urls.push(new URL(request.url()).pathname);
    pending.add(request);
  });
  page.on("requestfinished", (request) => pending.delete(request));
  page.on("requestfailed", (request) => pending.delete(request));
  const settled = () => expect.poll(() => urls.length > 0 && pending.size === 0).toBe(true);
  return Object.assign(urls, { settled });
}

/** When the page first painted, and when it first asked for a script. */
const paintAndFirstScript = (page: Page) =>
  page.evaluate(() => ({
    paint: performance.getEntriesByName("first-paint")[0]?.startTime ?? Number.POSITIVE_INFINITY,
    firstScript: Math.min(
      ...performance
        .getEntriesByType("resource")
        .filter((e) => e.name.endsWith(".js"))
        .map((e) => e.startTime),
    ),
  }));

const isCaptchaCode = (path: string) => /\/assets\/(islands\/)?altcha-client-/.test(path);

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
  await scripts.settled();
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
  expect(answer?.headers()["permissions-policy"]).toContain("camera=()");
  await scripts.settled();
  // The largest: a file under 1 KB is not worth compressing, and is sent as it is.
  const answers = await Promise.all(scripts.map((path) => request.get(path, { headers: { "accept-encoding": "br" } })));
  const sizes = await Promise.all(answers.map(async (answer) => (await answer.body()).length));
  const script = answers[sizes.indexOf(Math.max(...sizes))];
  if (!script) throw new Error("the page asked for no script");
  expect(script.status()).toBe(200);
  expect(script.headers()["content-encoding"]).toBe("br");
  expect(script.headers()["x-content-type-options"]).toBe("nosniff");
  expect(script.headers()["content-security-policy"]).toBeUndefined();
  expect(script.headers()["permissions-policy"]).toBeUndefined();
  expect(script.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});

test("a public page paints first, then loads only the scripts of its islands; its links load documents", async ({
  page,
  request,
}) => {
  const sent: { path: string; type: string }[] = [];
  page.on("request", (r) =>
    // The page's own loads (the map frames of the home page are documents of their own).
    sent.push({ path: new URL(r.url()).pathname, type: r.frame() === page.mainFrame() ? r.resourceType() : "frame" }),
  );
  const scripts = scriptsRequested(page);
  await page.goto("/blog-2");
  await scripts.settled();

  // No client-side router on a public page (decision 008): one inline module, hashed in the
  // CSP, imports the islands' loader and names the files of the page's islands (the header
  // and the contact form here).
  const html = await (await request.get("/blog-2")).text();
  expect(html).not.toContain("__reactRouterContext");
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
  expect(inline).toHaveLength(1);
  expect(inline[0]).toMatch(/\/assets\/islands\/site-header-[\w-]+\.js/);
  expect(inline[0]).toMatch(/\/assets\/islands\/contact-form-[\w-]+\.js/);
  expect(scripts.every((path) => path.startsWith("/assets/islands/"))).toBe(true);
  // The page painted before any script was asked for.
  const timing = await paintAndFirstScript(page);
  expect(timing.paint).toBeLessThanOrEqual(timing.firstScript);
  // A visitor's header is right as written, and the contact form is far down: while the page
  // loads, the loader alone comes. The islands' code, React's included, is fetched once the
  // page has loaded, to run when an island is touched or comes near.
  const islandCode = (name: string) => scripts.some((path) => path.startsWith(`/assets/islands/${name}-`));
  expect(islandCode("load-islands")).toBe(true);
  // A file is in the page's resource timings once it has come whole: poll until all three have.
  const fetchedAfterLoad = () =>
    page.evaluate(() => {
      const loaded = performance.getEntriesByType("navigation")[0]?.toJSON().loadEventStart as number;
      return performance
        .getEntriesByType("resource")
        .filter((e) => /\/assets\/islands\/(hydrate|site-header|contact-form)-/.test(e.name))
        .map((e) => e.startTime >= loaded);
    });
  await expect.poll(fetchedAfterLoad).toEqual([true, true, true]);
  expect(["hydrate", "site-header", "contact-form"].every(islandCode)).toBe(true);

  // The islands are live (the menu of a section opens at its first click), and a link loads
  // the next page whole.
  await page.getByRole("button", { name: "Sections de la page Orientation" }).click();
  await expect(page.getByRole("link", { name: "Journée des alumni" })).toBeVisible();
  sent.length = 0;
  await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Accueil" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("université espagnole");
  expect(sent.filter((s) => s.type === "document").map((s) => s.path)).toEqual(["/"]);

  // The pages the server renders (the back-office's sign-in here; the student area's, signed in)
  // are the app, with React Router.
  expect(await (await request.get("/gestion/connexion")).text()).toContain("__reactRouterContext");
});

test("a student page is rendered by the server: its data shows before any script, then the app hydrates it, with no error", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  // The demo student of the Zenith centre (read only).
  await signIn(page, "etudiant2.demo@example.com", "Selectividad2025");

  const release = await holdScripts(page, ALL_SCRIPTS);
  await page.goto("/planning", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { level: 1, name: "Planning" })).toBeVisible();
  // The student's centre and its plannings are in the HTML (decision 101).
  await expect(page.getByRole("button", { name: /Centre Zenith/ })).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("status")).toHaveCount(0);

  release();
  await waitForApp(page);
  await expect(page.getByRole("button", { name: "Déconnexion" })).toBeVisible();
  // Hydration matched the server's HTML, and the CSP's nonce let the app's scripts run.
  expect(errors).toEqual([]);
});

test("a student page shows its data before it asks for what its first screen does not need: the CSRF cookie, the header's unread count; the validator not at all", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  // The demo student of the Zenith centre (read only).
  await signIn(page, "etudiant2.demo@example.com", "Selectividad2025");
  // When the first notification came into the page, on the page's own clock.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector("article")) return;
      observer.disconnect();
      (window as unknown as { firstArticleAt: number }).firstArticleAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  const validatorFiles: string[] = [];
  await page.route("**/assets/**/*.js", async (route) => {
    const response = await route.fetch();
    if ((await response.text()).includes("ZodError")) validatorFiles.push(new URL(route.request().url()).pathname);
    await route.fulfill({ response });
  });

  await page.goto("/notifications");
  await expect(page.getByRole("article").first()).toBeVisible();
  await expect(page.getByRole("banner").getByText("Bonjour,")).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: /^Notifications/ }),
  ).toContainText(/\d+ non lues?/);
  // Who is signed in is the server's answer (GET /api/user, decision 100), not a stored record
  // to check: this page needs no validator.
  expect(validatorFiles).toEqual([]);
  const asked = await page.evaluate(() =>
    performance.getEntriesByType("resource").map((e) => ({ path: new URL(e.name).pathname, at: e.startTime })),
  );
  const firstArticleAt = await page.evaluate(() => (window as unknown as { firstArticleAt: number }).firstArticleAt);
  const askedAt = (test: (path: string) => boolean) => asked.filter((e) => test(e.path)).map((e) => e.at);
  const csrf = askedAt((path) => path === "/sanctum/csrf-cookie");
  expect(csrf.length).toBeGreaterThan(0);
  for (const at of csrf) expect(at).toBeGreaterThan(firstArticleAt);
  // The unread count's code is part of the app's file (decision 102): no file of its own.
  expect(asked.filter((e) => /\/unread-count-[\w-]+\.js$/.test(e.path))).toEqual([]);
  // The page painted its HTML before it asked for any script (decision 102).
  const timing = await paintAndFirstScript(page);
  expect(timing.paint).toBeLessThanOrEqual(timing.firstScript);
  // Hydration matched and the CSP had nothing to refuse.
  expect(errors).toEqual([]);

  // Where the list is not the page's data, the badge's read waits for the first screen too.
  await page.evaluate(() => performance.clearResourceTimings());
  await page.goto("/planning");
  const centre = page.getByRole("button", { name: /^Centre / }).first();
  await expect(centre).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: /^Notifications/ }),
  ).toContainText(/\d+ non lues?/);
  const planningTimes = await page.evaluate(() => ({
    firstArticleAt: (window as unknown as { firstArticleAt: number }).firstArticleAt,
    list: performance
      .getEntriesByType("resource")
      .filter((e) => new URL(e.name).pathname === "/api/notifications")
      .map((e) => e.startTime),
  }));
  expect(planningTimes.list.length).toBeGreaterThan(0);
  for (const at of planningTimes.list) expect(at).toBeGreaterThan(planningTimes.firstArticleAt);
  expect(errors).toEqual([]);
});

test("a student page's data comes with its HTML: the browser asks the API nothing for its first screen", async ({
  page,
}) => {
  // The demo student of the Zenith centre (read only).
  await signIn(page, "etudiant2.demo@example.com", "Selectividad2025");
  const reads: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/notifications") reads.push(request.method());
  });

  const release = await holdScripts(page, ALL_SCRIPTS);
  await page.goto("/notifications", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("article").first()).toBeVisible();

  release();
  await waitForApp(page);
  // The header's unread count reads the same answer, from the page's cache.
  await expect(
    page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: /^Notifications/ }),
  ).toContainText(/\d+ non lues?/);
  expect(reads).toEqual([]);
});

test.describe("a student whose clock and time zone are not the server's", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("the notifications and a notification's page hydrate without a mismatch", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    page.on("pageerror", (error) => errors.push(error.message));
    await signIn(page, FIXTURE_STUDENTS.otherClock.email, FIXTURE_PASSWORD);
    // Three hours ahead: every "Il y a …" the server wrote is something else in this browser.
    await page.clock.setFixedTime(Date.now() + 3 * 3_600_000);

    await page.goto("/notifications");
    await waitForApp(page);
    const href = await page
      .getByRole("article")
      .first()
      .getByRole("link", { name: /Voir détails/ })
      .getAttribute("href");
    // The page of a notification, rendered by the server: its full date is in the academy's time.
    await page.goto(href ?? "/notification/0");
    await waitForApp(page);
    await expect(page.getByText(/^Priorité (élevée|moyenne|normale)$/)).toBeVisible();
    expect(errors).toEqual([]);
  });
});
