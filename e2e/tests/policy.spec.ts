import { expect, type Page, test } from "@playwright/test";
import { FIXTURE_PASSWORD, FIXTURE_STUDENTS } from "../support/fixture-students.ts";
import { openInApp } from "../support/in-app.ts";
import { submitLogin } from "../support/login-form.ts";
import { expectNoAxeViolations, signIn } from "../support/session.ts";

const ACCEPT = "Accepter et continuer vers le planning";

/** Scrolls the policy text to `offset` px above its bottom and waits for the page to see it. */
async function scrollPolicyTo(page: Page, offset: number) {
  await page.getByTestId("policy-content").evaluate(
    (box, gap) =>
      new Promise<void>((resolve) => {
        box.addEventListener("scroll", () => requestAnimationFrame(() => resolve()), { once: true });
        box.scrollTop = box.scrollHeight - box.clientHeight - gap;
      }),
    offset,
  );
}

test("the demo flow: sign in, a gated page leads to the policy, accepting goes on to the certificates", async ({
  page,
}) => {
  await page.goto("/login");
  await submitLogin(page, FIXTURE_STUDENTS.policyGate.email, FIXTURE_PASSWORD);
  // /planning is exempt from the gate.
  await expect(page).toHaveURL(/\/planning$/);

  await page.goto("/profile");
  await expect(page).toHaveURL(/\/policy-acceptance$/);
  await expect(page.getByRole("heading", { level: 1, name: "Politique de non-remboursement" })).toBeVisible();
  await expect(page.getByText(/En vigueur depuis le\s*1 septembre 2025/)).toBeVisible();
  await expect(page.getByText("Dernière mise à jour le")).toBeVisible();
  // The header (and its navigation) is hidden on this page; the footer stays.
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Navigation principale" })).toHaveCount(0);
  await expect(page.getByText("© 2025 Puerta")).toBeVisible();

  const checkbox = page.getByRole("checkbox", { name: /je l'accepte/ });
  const button = page.getByRole("button", { name: ACCEPT });
  await expect(checkbox).toBeDisabled();
  await expect(button).toBeDisabled();
  await expectNoAxeViolations(page);

  await scrollPolicyTo(page, 0);
  await expect(checkbox).toBeEnabled();
  await expect(button).toBeDisabled();
  await expect(page.getByText("Veuillez cocher la case pour accepter la politique")).toBeVisible();

  await checkbox.check();
  await expect(button).toBeEnabled();
  const accepted = page.waitForResponse("**/api/policy/accept");
  await button.click();
  expect((await accepted).status()).toBe(200);
  await expect(page).toHaveURL(/\/demande-attestation$/);

  // Accepted: gated pages open now.
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/profile$/);
  // The policy page says it was accepted, and when, instead of asking again.
  await page.goto("/policy-acceptance");
  await expect(
    page.getByText(/^Vous avez accepté cette politique le \d{1,2} \S+ \d{4} à \d{2}:\d{2}\.$/),
  ).toBeVisible();
  await expect(page.getByRole("checkbox")).toHaveCount(0);
});

test("the checkbox and the button wait for the text to be scrolled within 10 px of its bottom", async ({ page }) => {
  await signIn(page, FIXTURE_STUDENTS.policyScroll.email, FIXTURE_PASSWORD);
  await page.goto("/policy-acceptance");
  const checkbox = page.getByRole("checkbox", { name: /je l'accepte/ });
  const button = page.getByRole("button", { name: ACCEPT });
  await expect(page.getByTestId("policy-content")).toBeVisible();
  await expect(page.getByText("Faites défiler le texte jusqu'en bas pour pouvoir l'accepter.")).toBeVisible();

  await scrollPolicyTo(page, 40);
  await expect(checkbox).toBeDisabled();
  await scrollPolicyTo(page, 11);
  await expect(checkbox).toBeDisabled();
  await expect(button).toBeDisabled();

  await scrollPolicyTo(page, 8);
  await expect(checkbox).toBeEnabled();
  await checkbox.check();
  await expect(button).toBeEnabled();
  // Unticking disables the button again.
  await checkbox.uncheck();
  await expect(button).toBeDisabled();
});

test("a failed acceptance shows the server's message or the default text, and stays on the page", async ({ page }) => {
  await signIn(page, FIXTURE_STUDENTS.policyScroll.email, FIXTURE_PASSWORD);
  let answer = { status: 500, json: {} as Record<string, unknown> };
  await page.route("**/api/policy/accept", (route) => route.fulfill(answer));
  await page.goto("/policy-acceptance");
  await scrollPolicyTo(page, 0);
  await page.getByRole("checkbox", { name: /je l'accepte/ }).check();

  await page.getByRole("button", { name: ACCEPT }).click();
  await expect(page.getByRole("alert")).toHaveText("Erreur lors de l'acceptation de la politique");
  await expect(page).toHaveURL(/\/policy-acceptance$/);

  answer = { status: 403, json: { message: "Acceptation refusée pour ce compte." } };
  await page.getByRole("button", { name: ACCEPT }).click();
  await expect(page.getByRole("alert")).toHaveText("Acceptation refusée pour ce compte.");
});

test("policy loading errors: 'Impossible de charger la politique' and 'Aucune politique disponible'", async ({
  page,
}) => {
  await signIn(page, FIXTURE_STUDENTS.policyScroll.email, FIXTURE_PASSWORD);
  await page.route("**/api/policy/content", (route) =>
    route.fulfill({ status: 500, json: { message: "Erreur du serveur" } }),
  );
  // Its data fetched by the browser: a navigation inside the app (decision 101).
  await openInApp(page, "/demande-attestation");
  await expect(page).toHaveURL(/\/policy-acceptance$/);
  await expect(page.getByRole("alert")).toHaveText("Impossible de charger la politique");
  await expect(page.getByRole("heading", { level: 1, name: "Politique de non-remboursement" })).toBeVisible();

  await page.unroute("**/api/policy/content");
  await page.route("**/api/policy/content", (route) =>
    route.fulfill({ status: 404, json: { success: false, message: "Aucune politique disponible" } }),
  );
  await openInApp(page, "/demande-attestation");
  await expect(page.getByRole("alert")).toHaveText("Aucune politique disponible");
});

test("a failed status check counts as not accepted", async ({ page }) => {
  // This student has accepted the policy, but the check fails.
  await signIn(page, FIXTURE_STUDENTS.navigation.email, FIXTURE_PASSWORD);
  await page.route("**/api/policy/status", (route) =>
    route.fulfill({ status: 500, json: { message: "Erreur du serveur" } }),
  );
  await openInApp(page, "/profile");
  await expect(page).toHaveURL(/\/policy-acceptance$/);
});
