import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, request, test } from "@playwright/test";
import { solveCaptchaChallenge } from "@puerta/api/testing";
import type { User } from "@puerta/contract";

/** Solves a real captcha challenge from the server, as the widget would. */
export async function captchaPayload(request: APIRequestContext): Promise<string> {
  const challenge = await (await request.get("/api/captcha/challenge")).json();
  return solveCaptchaChallenge(challenge);
}

/**
 * Signs the page's browser in as the web does (decision 100): the CSRF cookie, then
 * `POST /api/session`, whose HttpOnly session cookie lands in the browser's cookie jar (the
 * page's `request` shares it). Also returns a bearer token of the same student from
 * `POST /api/login`, asked without the browser's cookies, for the test's own reads of the API.
 */
export async function signIn(page: Page, email: string, password: string): Promise<{ token: string; user: User }> {
  await page.request.get("/sanctum/csrf-cookie");
  const xsrf = (await page.context().cookies()).find((c) => c.name === "XSRF-TOKEN")?.value ?? "";
  const response = await page.request.post("/api/session", {
    data: { email, password, recaptcha_token: await captchaPayload(page.request) },
    headers: { "X-XSRF-TOKEN": xsrf },
  });
  expect(response.status()).toBe(200);
  const { user } = (await response.json()) as { user: User };
  return { token: await bearerToken(email, password), user };
}

/** A bearer token from the API of the student spec (section 7), as a mobile client gets one. */
async function bearerToken(email: string, password: string): Promise<string> {
  const api = await request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const response = await api.post("/api/login", {
      data: { email, password, recaptcha_token: await captchaPayload(api) },
    });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { token: string }).token;
  } finally {
    await api.dispose();
  }
}

/** Fails with the list of violations when axe finds any on the current page. */
export async function expectNoAxeViolations(page: Page) {
  // Judged at rest: text caught halfway through a fade (the questions banner changes every few
  // seconds) has no contrast worth measuring. Under reduced motion the pages do not animate.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.evaluate(() => new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled))));
  const results = await new AxeBuilder({ page }).analyze();
  // Each violation names its elements: a failure on CI must say where to look.
  const found = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(" ")).join(", ")})`,
  );
  expect(found).toEqual([]);
}
