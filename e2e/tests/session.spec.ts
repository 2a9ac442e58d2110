import { expect, test } from "@playwright/test";
import { FIXTURE_PASSWORD, FIXTURE_STUDENTS } from "../support/fixture-students.ts";
import { storedSession } from "../support/login-form.ts";
import { signIn } from "../support/session.ts";

test("a protected page sends a visitor to /login", async ({ page }) => {
  for (const path of ["/planning", "/profile", "/policy-acceptance", "/parascolaire/3"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();
  }
});

test("logout clears token, user and student_data and returns to /login", async ({ page }) => {
  await signIn(page, FIXTURE_STUDENTS.logout.email, FIXTURE_PASSWORD);
  await page.goto("/planning");
  await expect(page.getByRole("button", { name: "Déconnexion" })).toBeVisible();
  const { token } = await storedSession(page);
  expect(token).not.toBeNull();

  await page.getByRole("button", { name: "Déconnexion" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("link", { name: "Connexion" })).toBeVisible();
  expect(await storedSession(page)).toMatchObject({ token: null, user: null, studentData: null });

  // The token is revoked on the server too.
  const response = await page.request.get("/api/user", { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(401);

  await page.goto("/planning");
  await expect(page).toHaveURL(/\/login$/);
});

test("a 401 from the server logs the student out", async ({ page, request }) => {
  const { token } = await signIn(page, FIXTURE_STUDENTS.expired.email, FIXTURE_PASSWORD);
  // The header asks for the unread count once it is up: that call must not be the one to fail.
  const unreadCount = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/notifications");
  await page.goto("/planning");
  await expect(page.getByRole("button", { name: "Déconnexion" })).toBeVisible();
  expect((await unreadCount).status()).toBe(200);

  // The session ends on the server behind the page's back (a separate client, without the page's cookies).
  const revoked = await request.post("/api/logout", { headers: { Authorization: `Bearer ${token}` } });
  expect(revoked.status()).toBe(200);

  // The next call (the policy check of a gated page) gets a 401: the student is logged out.
  await page.getByRole("link", { name: "Profil" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("link", { name: "Connexion" })).toBeVisible();
  expect(await storedSession(page)).toMatchObject({ token: null, user: null, studentData: null });
});
