import { type Browser, expect, type Page, test } from "@playwright/test";
import { FIXTURE_STAFF, FIXTURE_STAFF_PASSWORD } from "../support/fixture-staff.ts";
import { FIXTURE_PASSWORD, FIXTURE_STUDENTS } from "../support/fixture-students.ts";
import { signIn } from "../support/session.ts";
import { expectAccessibleAtBothWidths, submitStaffCredentials } from "../support/staff.ts";
import { enrolSecondFactor } from "../support/staff-sign-in.ts";

/** A staff member's first sign-in: password, captcha, then the enrolment of the second factor. */
async function staffSignIn(page: Page, email: string) {
  await page.goto("/gestion/connexion");
  await submitStaffCredentials(page, email, FIXTURE_STAFF_PASSWORD);
  await enrolSecondFactor(page);
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
}

/** A student's own list of notifications, freshly loaded. */
async function studentList(page: Page) {
  await page.goto("/notifications");
  await expect(page.getByRole("heading", { level: 1, name: /Notifications/ })).toBeVisible();
  return page.getByRole("article");
}

async function studentPage(browser: Browser, email: string) {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, FIXTURE_PASSWORD);
  return page;
}

/** A small PNG, as a phone would send a photo (the server re-encodes it as WebP). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAACAAAAASCAIAAAC1qksFAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAKElEQVQ4jWOQ9btBU8QwaoHfaBDdGE1FsqMZ7cZoUSE7Wpr60bbCAQBH9dbfSLsJvQAAAABJRU5ErkJggg==",
  "base64",
);

test.describe.configure({ mode: "serial" });

test("a secretary publishes to her centre; only its students see it; withdrawn it is gone; the direction restores it", async ({
  page,
  browser,
}) => {
  test.setTimeout(600_000);
  const titre = `Sortie au musée ${Date.now()}`;

  await staffSignIn(page, FIXTURE_STAFF.notificationsSecretary.email);
  await page
    .getByRole("navigation", { name: "Sections de la gestion" })
    .getByRole("link", { name: "Notifications" })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Notifications" })).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  // Compose: the audience builder offers her centre, counts its students live, and the preview
  // draws the card and the page a student will see.
  await page.getByRole("link", { name: "Nouvelle notification" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Nouvelle notification" })).toBeVisible();
  await page.getByRole("textbox", { name: "Titre", exact: true }).fill(titre);
  await page
    .getByRole("textbox", { name: "Message", exact: true })
    .fill("Rendez-vous à 9 h devant le centre.\nProgramme : https://example.com/musee");
  await page.getByLabel("Priorité").selectOption("high");
  await page.getByLabel("Photo (facultatif)").setInputFiles({ name: "musee.png", mimeType: "image/png", buffer: PNG });
  await page.getByLabel("Destinataires").selectOption("centre");
  await page.getByRole("checkbox", { name: "Ain Sebaa" }).check();
  await expect(page.getByText(/étudiants? la recevr/)).toBeVisible();
  const preview = page.getByRole("region", { name: "Aperçu pour les étudiants" });
  await expect(preview.getByRole("heading", { name: titre })).toHaveCount(2);
  await expect(preview.getByRole("link", { name: /https:\/\/example\.com\/musee/ })).toBeVisible();
  await expect(preview.getByText("De: Samira Notif")).toBeVisible();
  await expect(preview.getByRole("img", { name: `Illustration : ${titre}` })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await page.getByRole("button", { name: "Publier" }).click();
  await expect(page.getByText("Notification publiée.", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: titre })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Lectures : lue par 0 \/ \d+/ })).toBeVisible();
  await expect(page.getByRole("img", { name: `Illustration : ${titre}` })).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  // A student of her centre sees it; a student of another centre does not.
  const ain = await studentPage(browser, FIXTURE_STUDENTS.gestionNotificationsAin.email);
  await expect((await studentList(ain)).filter({ hasText: titre })).toHaveCount(1);
  await ain
    .getByRole("article")
    .filter({ hasText: titre })
    .getByRole("link", { name: /Voir détails/ })
    .click();
  await expect(ain.getByRole("heading", { level: 1, name: titre })).toBeVisible();
  await expect(ain.getByRole("img", { name: `Illustration : ${titre}` })).toBeVisible();
  await expect(ain.getByRole("link", { name: /https:\/\/example\.com\/musee/ })).toBeVisible();
  const zenith = await studentPage(browser, FIXTURE_STUDENTS.gestionNotificationsZenith.email);
  await expect((await studentList(zenith)).first()).toBeVisible();
  await expect(zenith.getByRole("article").filter({ hasText: titre })).toHaveCount(0);

  // Withdrawn, after a confirmation: gone for the student at once.
  await page.getByRole("button", { name: "Retirer" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Retirer" }).click();
  await expect(page.getByText("Notification retirée.", { exact: true })).toBeVisible();
  await expect(page.getByText(/les étudiants ne la voient plus/)).toBeVisible();
  await expect((await studentList(ain)).first()).toBeVisible();
  await expect(ain.getByRole("article").filter({ hasText: titre })).toHaveCount(0);

  // The direction restores it from the bin: back for the student.
  const direction = await (await browser.newContext()).newPage();
  await staffSignIn(direction, FIXTURE_STAFF.notificationsDirection.email);
  await direction.goto("/gestion/corbeille");
  await expect(direction.getByRole("heading", { level: 1, name: "Corbeille" })).toBeVisible();
  const row = direction.getByRole("row").filter({ hasText: titre });
  await expect(row).toBeVisible();
  await expectAccessibleAtBothWidths(direction);
  await row.getByRole("button", { name: /Restaurer/ }).click();
  await direction.getByRole("alertdialog").getByRole("button", { name: "Restaurer" }).click();
  await expect(direction.getByText("Élément restauré.", { exact: true })).toBeVisible();
  await expect(direction.getByRole("row").filter({ hasText: titre })).toHaveCount(0);
  await expect((await studentList(ain)).filter({ hasText: titre })).toHaveCount(1);
});
