import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { FIXTURE_PASSWORD, FIXTURE_STUDENTS } from "../support/fixture-students.ts";
import { storedSession, submitLogin } from "../support/login-form.ts";
import { captchaPayload, signIn } from "../support/session.ts";

/** The student's session cookie as the browser keeps it (a test may read it; the page may not). */
async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === "puerta_session");
}

/** Everything a script of the page can read: its cookies and both storages. */
const readableByScripts = (page: Page) =>
  page.evaluate(() => ({
    cookies: document.cookie,
    local: Object.entries(localStorage),
    session: Object.entries(sessionStorage),
  }));

test("a protected page sends a visitor to /login, which keeps where they were going", async ({ page }) => {
  for (const path of ["/planning", "/profile", "/policy-acceptance", "/parascolaire/3"]) {
    await page.goto(path);
    await expect(page).toHaveURL(`/login?retour=${encodeURIComponent(path)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();
  }
});

test("after signing in on the web, no script of the page can read anything that authenticates the student", async ({
  page,
  playwright,
}) => {
  const { email } = FIXTURE_STUDENTS.cookieSession;
  await page.goto("/login");
  await submitLogin(page, email, FIXTURE_PASSWORD);
  await expect(page).toHaveURL(/\/planning$/);
  await expect(page.getByRole("button", { name: "Déconnexion" })).toBeVisible();
  await page.goto("/notifications");
  await expect(page.getByRole("heading", { level: 1, name: /Notifications/ })).toBeVisible();

  const cookie = await sessionCookie(page.context());
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe("Strict");
  const secret = cookie?.value.split("|")[1] ?? "";
  expect(secret).toMatch(/^[A-Za-z0-9]{40}$/);

  const readable = await readableByScripts(page);
  const everything = JSON.stringify(readable);
  expect(everything).not.toContain(secret);
  expect(readable.cookies).not.toContain("puerta_session");
  // What scripts may read authenticates nothing: the CSRF token and the signed-in hint.
  const names = readable.cookies.split("; ").map((c) => c.split("=")[0]);
  expect(names.sort()).toEqual(["XSRF-TOKEN", "puerta_student"]);
  for (const key of ["token", "user", "student_data"]) {
    expect(readable.local.some(([k]) => k === key)).toBe(false);
    expect(readable.session.some(([k]) => k === key)).toBe(false);
  }
  // Those readable values open nothing on the server, as cookies or as a bearer token.
  const stranger = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await stranger.get("/api/user", { headers: { Cookie: readable.cookies } })).status()).toBe(401);
  for (const value of readable.cookies.split("; ").map((c) => c.split("=")[1])) {
    expect((await stranger.get("/api/user", { headers: { Authorization: `Bearer ${value}` } })).status()).toBe(401);
  }
  await stranger.dispose();
});

test("logout ends the cookie session on the server and returns to /login", async ({ page, playwright }) => {
  await signIn(page, FIXTURE_STUDENTS.logout.email, FIXTURE_PASSWORD);
  await page.goto("/planning");
  await expect(page.getByRole("button", { name: "Déconnexion" })).toBeVisible();
  const before = await sessionCookie(page.context());
  expect(before).toBeDefined();

  await page.getByRole("button", { name: "Déconnexion" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("link", { name: "Connexion" })).toBeVisible();
  expect(await sessionCookie(page.context())).toBeUndefined();
  expect(await storedSession(page)).toMatchObject({ token: null, user: null, studentData: null });

  // The session is revoked on the server too: the old cookie opens nothing.
  const other = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const replay = await other.get("/api/user", { headers: { Cookie: `puerta_session=${before?.value}` } });
  expect(replay.status()).toBe(401);
  await other.dispose();

  await page.goto("/planning");
  await expect(page).toHaveURL("/login?retour=%2Fplanning");
});

test("a 401 from the server logs the student out", async ({ page, request }) => {
  await signIn(page, FIXTURE_STUDENTS.expired.email, FIXTURE_PASSWORD);
  // The header asks for the unread count once it is up: that call must not be the one to fail.
  const unreadCount = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/notifications");
  await page.goto("/planning");
  await expect(page.getByRole("button", { name: "Déconnexion" })).toBeVisible();
  expect((await unreadCount).status()).toBe(200);

  // The session ends on the server behind the page's back (a separate client, without the page's
  // cookies: the cookie holds a personal access token, which the bearer API revokes).
  const web = await sessionCookie(page.context());
  const revoked = await request.post("/api/logout", { headers: { Authorization: `Bearer ${web?.value}` } });
  expect(revoked.status()).toBe(200);

  // The next call (the policy check of a gated page) gets a 401: the student is logged out.
  await page.getByRole("link", { name: "Profil" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("link", { name: "Connexion" })).toBeVisible();
  expect((await readableByScripts(page)).cookies).not.toContain("puerta_student");
});

test("a student signed in by the older version (a token in localStorage) signs in once, never stuck", async ({
  page,
  request,
}) => {
  const { email } = FIXTURE_STUDENTS.storedToken;
  const login = await request.post("/api/login", {
    data: { email, password: FIXTURE_PASSWORD, recaptcha_token: await captchaPayload(request) },
  });
  const { token, user } = await login.json();
  await page.addInitScript(
    ([t, u]) => {
      if (sessionStorage.getItem("e2e-old-session")) return;
      sessionStorage.setItem("e2e-old-session", "1");
      localStorage.setItem("token", t);
      localStorage.setItem("user", u);
    },
    [token, JSON.stringify(user)],
  );
  // The server cannot see a token in the browser's storage (decision 101): it asks for a sign-in.
  await page.goto("/planning");
  await expect(page).toHaveURL("/login?retour=%2Fplanning");
  await submitLogin(page, email, FIXTURE_PASSWORD);
  await expect(page).toHaveURL(/\/planning$/);
  await expect(page.getByText(`Bonjour, ${user.etudiant.prenom}`)).toBeAttached();
  expect(await storedSession(page)).toMatchObject({ token: null, user: null, studentData: null });
  expect((await sessionCookie(page.context()))?.httpOnly).toBe(true);

  // A reload stays signed in, on the cookie alone.
  await page.reload();
  await expect(page.getByRole("button", { name: "Déconnexion" })).toBeVisible();
  await expect(page).toHaveURL(/\/planning$/);
});

test("a stored token the server no longer knows asks the student to sign in, once", async ({ page }) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem("e2e-dead-session")) return;
    sessionStorage.setItem("e2e-dead-session", "1");
    localStorage.setItem("token", `999999|${"a".repeat(40)}`);
  });
  await page.goto("/planning");
  await expect(page).toHaveURL("/login?retour=%2Fplanning");
  await submitLogin(page, FIXTURE_STUDENTS.storedToken.email, FIXTURE_PASSWORD);
  await expect(page).toHaveURL(/\/planning$/);
});
