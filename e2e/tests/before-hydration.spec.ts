import { expect, test } from "@playwright/test";
import { FIXTURE_PASSWORD, FIXTURE_STUDENTS } from "../support/fixture-students.ts";
import { ALL_SCRIPTS, holdScripts } from "../support/hold-scripts.ts";
import { waitForApp } from "../support/in-app.ts";
import { expectNoAxeViolations, signIn } from "../support/session.ts";

/**
 * A student page paints before its scripts are asked for (decision 102): until the app has
 * hydrated, its data and its links are there, and its buttons and fields are disabled, so that
 * nothing tapped is lost and no form is sent by the browser itself.
 */
test("before its scripts run, a student page shows its data, its links work, its controls wait and no form is sent natively; once hydrated, all of it works", async ({
  page,
}) => {
  const student = FIXTURE_STUDENTS.beforeHydration;
  await signIn(page, student.email, FIXTURE_PASSWORD);
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest()) documents.push(new URL(request.url()).pathname + new URL(request.url()).search);
  });
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  const scriptsRan = () => page.evaluate(() => "__reactRouterDataRouter" in window);
  /** The page's buttons, fields and lists that a person could use now. */
  const usableControls = () =>
    page
      .locator("button, input, select, textarea")
      .evaluateAll((controls) =>
        controls.filter((control) => !control.matches(":disabled")).map((control) => control.outerHTML.slice(0, 80)),
      );
  const chat = page.getByRole("link", { name: /Discuter avec Puerta sur WhatsApp/ });
  const release = await holdScripts(page, ALL_SCRIPTS);

  // The notifications, painted with their data; the header's and the page's buttons wait.
  await page.goto("/notifications", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("article").first()).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Déconnexion" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Tout marquer comme lu" })).toBeDisabled();
  expect(await usableControls()).toEqual([]);
  expect(await scriptsRan()).toBe(false);
  // The floating chat button waits for its check that no form is under it.
  await expect(chat).toBeHidden();
  await expectNoAxeViolations(page, { beforeHydration: true });

  // A link of the header opens the next page, rendered by the server, still without scripts.
  await page
    .getByRole("navigation", { name: "Navigation principale" })
    .getByRole("link", { name: "Parascolaire" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Calendrier Parascolaire" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Ajouter à mon agenda" })).toBeDisabled();
  expect(await usableControls()).toEqual([]);
  expect(await scriptsRan()).toBe(false);

  // A form: its fields take no key, so Enter sends nothing (a native send would put the
  // password in the address).
  await page.goto("/modifier-mot-de-passe", { waitUntil: "domcontentloaded" });
  const current = page.getByLabel("Mot de passe actuel", { exact: true });
  const submit = page.getByRole("button", { name: "Modifier le mot de passe" });
  await expect(current).toBeDisabled();
  await expect(submit).toBeDisabled();
  expect(await usableControls()).toEqual([]);
  const box = await current.boundingBox();
  if (!box) throw new Error("the field is not on screen");
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.type("Tapé-trop-tôt-1");
  await page.keyboard.press("Enter");
  await expect(current).toHaveValue("");
  // The click focused what holds the field (the page's main area), not the field.
  expect(await page.evaluate(() => document.activeElement?.matches("input, button, select, textarea"))).toBe(false);
  expect(await scriptsRan()).toBe(false);
  await expectNoAxeViolations(page, { beforeHydration: true });
  const boxes = () =>
    Promise.all([page.getByRole("heading", { level: 1 }), current, submit].map((element) => element.boundingBox()));
  const boxesBefore = await boxes();

  // Once the app has hydrated, the same page's controls work.
  release();
  await waitForApp(page);
  await expect(current).toBeEnabled();
  await current.fill("Tapé-à-temps-1");
  await expect(current).toHaveValue("Tapé-à-temps-1");
  await expect(submit).toBeEnabled();
  expect(await usableControls()).not.toEqual([]);
  await expect(chat).toBeVisible();
  await expectNoAxeViolations(page);
  // Nothing of the page moved as its controls became usable.
  expect(await boxes()).toEqual(boxesBefore);

  // No document was asked for with a form's values, and the header's logout works.
  expect(documents.filter((path) => path.includes("?"))).toEqual([]);
  expect(documents.at(-1)).toBe("/modifier-mot-de-passe");
  // Hydration matched the server's HTML and the CSP refused nothing (a read that meets the
  // ended session after the logout below may log its 401).
  expect(errors).toEqual([]);
  await page.getByRole("banner").getByRole("button", { name: "Déconnexion" }).click();
  await expect(page).toHaveURL(/\/login$/);
});
