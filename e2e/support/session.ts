import { type APIRequestContext, expect, type Frame, type Page, request, test } from "@playwright/test";
import { solveCaptchaChallenge } from "@puerta/api/testing";
import type { User } from "@puerta/contract";
import axe from "axe-core";
import { CONTROLS_USABLE } from "./in-app.ts";

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

/**
 * axe-core in each frame of the page, once per document: a check after a click or a resize runs
 * the copy already there (a navigation or a reload drops it, and the next check brings it back).
 * Frames of another origin answer the top frame's axe too, as @axe-core/playwright lets them.
 */
async function injectAxe(page: Page) {
  const inject = async (frame: Frame) => {
    if (await frame.evaluate(() => "axe" in window)) return;
    await frame.evaluate(axe.source);
    await frame.evaluate(() => window.axe.configure({ allowedOrigins: ["<unsafe_all_origins>"] }));
  };
  await inject(page.mainFrame());
  // A frame that cannot take the script within a second (gone meanwhile, or still loading an
  // address this machine cannot reach: the maps of the home page) is left out, as
  // @axe-core/playwright leaves it out; axe's frame-tested check notes it.
  const frames = page.frames().filter((frame) => frame !== page.mainFrame());
  const aSecond = () => new Promise<void>((resolve) => setTimeout(resolve, 1_000));
  await Promise.all(frames.map((frame) => Promise.race([inject(frame).catch(() => undefined), aSecond()])));
}

/**
 * Fails with the list of violations when axe finds any on the current page. A page rendered for
 * a request is judged once its app has hydrated: its controls change state as it does (decision
 * 102), and a check running across that moment reads half of the page before and half after.
 * `beforeHydration` judges it as painted, before its scripts (which the caller holds).
 */
export async function expectNoAxeViolations(page: Page, { beforeHydration = false } = {}) {
  if (!beforeHydration) await page.waitForFunction(CONTROLS_USABLE);
  // Judged at rest: text caught halfway through a fade (the questions banner changes every few
  // seconds) has no contrast worth measuring. Under reduced motion the pages do not animate.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.evaluate(() => new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled))));
  await injectAxe(page);
  // Every rule runs as before; only the violations are listed in full (axe then skips writing a
  // selector for each element that passes, most of its time on a long page).
  const violations = await page.evaluate(async () => {
    const results = await window.axe.run(document, { resultTypes: ["violations"] });
    // Each violation names its elements: a failure on CI must say where to look.
    return results.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    );
  });
  expect(violations).toEqual([]);
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}
