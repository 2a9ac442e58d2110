import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { solveCaptchaChallenge } from "@puerta/api/testing";
import { toStudentData, type User } from "@puerta/contract";

/** Solves a real captcha challenge from the server, as the widget would. */
export async function captchaPayload(request: APIRequestContext): Promise<string> {
  const challenge = await (await request.get("/api/captcha/challenge")).json();
  return solveCaptchaChallenge(challenge);
}

/** Signs in through the real API and stores the session the way the login page does. */
export async function signIn(page: Page, email: string, password: string): Promise<{ token: string; user: User }> {
  const response = await page.request.post("/api/login", {
    data: { email, password, recaptcha_token: await captchaPayload(page.request) },
  });
  expect(response.status()).toBe(200);
  const session = (await response.json()) as { token: string; user: User };
  await page.addInitScript(
    (s) => {
      if (window.sessionStorage.getItem("e2e-session-set")) return;
      window.sessionStorage.setItem("e2e-session-set", "1");
      window.localStorage.setItem("token", s.token);
      window.localStorage.setItem("user", JSON.stringify(s.user));
      if (s.studentData) window.localStorage.setItem("student_data", JSON.stringify(s.studentData));
    },
    { ...session, studentData: session.user.etudiant ? toStudentData(session.user.etudiant) : null },
  );
  return session;
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
