import { type Browser, expect, type Page, test } from "@playwright/test";
import type { CourseDocuments, OrientationDocument, Planning } from "@puerta/contract";
import { PDFDocument } from "pdf-lib";
import { apiData, expectPdfDownload, screenshots } from "../support/documents.ts";
import { FIXTURE_STAFF, FIXTURE_STAFF_PASSWORD } from "../support/fixture-staff.ts";
import { signIn } from "../support/session.ts";
import { expectAccessibleAtBothWidths, submitStaffCredentials } from "../support/staff.ts";
import { enrolSecondFactor } from "../support/staff-sign-in.ts";

// docs/spec/back-office.md sections 5 and 9: what staff publish, the students of its audience
// see and download; the others do not; "Retirer" takes it away from them at once.

const AIN_SEBAA_STUDENT = { email: "etudiant.demo@example.com", password: "Selectividad2025" };
const ZENITH_STUDENT = { email: "etudiant2.demo@example.com", password: "Selectividad2025" };

/** A real PDF whose page says `label`. */
async function pdf(label: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage().drawText(label);
  return Buffer.from(await document.save());
}

/** A fixture staff account's first sign-in from a back-office URL: password, enrolment, recovery codes, back to the URL. */
async function signInStaffAt(page: Page, path: string, email: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/gestion\/connexion/);
  await submitStaffCredentials(page, email, FIXTURE_STAFF_PASSWORD);
  await enrolSecondFactor(page);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** A student's own browser, signed in. */
async function studentPage(browser: Browser, student: { email: string; password: string }) {
  const context = await browser.newContext({ locale: "fr-FR", timezoneId: "Africa/Casablanca" });
  const page = await context.newPage();
  const { token } = await signIn(page, student.email, student.password);
  return { page, token, close: () => context.close() };
}

test.describe.configure({ mode: "serial" });

test("a secretary publishes a planning for her centre: its students see and download it, another centre's do not; withdrawn, it is gone; restored, it is back", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const title = `Planning e2e ${Date.now()}`;
  const bytes = await pdf(title);

  await signInStaffAt(page, "/gestion/plannings", FIXTURE_STAFF.publishFilesSecretary.email);
  await expect(page.getByRole("heading", { level: 1, name: "Plannings" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Sections de la gestion" }).getByRole("link", { name: "Plannings" }),
  ).toBeVisible();
  // Only her centre's plannings are listed.
  await expect(page.getByRole("cell", { name: "Zenith", exact: true })).toHaveCount(0);
  await expect(page.getByRole("cell", { name: "Ain Sebaa", exact: true }).first()).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await screenshots(page, testInfo, "gestion-plannings");

  await page.getByRole("button", { name: "Publier des plannings" }).click();
  const dialog = page.getByRole("dialog", { name: "Publier des plannings" });
  await dialog
    .getByLabel("Fichiers PDF")
    .setInputFiles({ name: "semaine-49.pdf", mimeType: "application/pdf", buffer: bytes });
  await dialog.getByLabel("Titre du planning (semaine-49.pdf)").fill(title);
  // Her only centre is chosen for her.
  await expect(dialog.getByLabel("Centre")).toHaveValue(/\d+/);
  await dialog.getByLabel("Semaine de début").fill("2026-11-30");
  await dialog.getByLabel("Semaine de fin").fill("2026-12-06");
  await expectAccessibleAtBothWidths(page);
  await dialog.getByRole("button", { name: "Publier" }).click();
  await expect(page.getByText("Planning publié.", { exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: new RegExp(`^${title}`) })).toBeVisible();

  // A student of Ain Sebaa sees it and downloads the very PDF.
  const ainSebaa = await studentPage(browser, AIN_SEBAA_STUDENT);
  await ainSebaa.page.goto("/planning");
  await expect(ainSebaa.page.getByRole("heading", { name: title, exact: true })).toBeVisible();
  const [download] = await Promise.all([
    ainSebaa.page.waitForEvent("download"),
    ainSebaa.page.getByRole("button", { name: `Télécharger le PDF : ${title}` }).click(),
  ]);
  expect((await expectPdfDownload(download, testInfo)).equals(bytes)).toBe(true);
  const published = (await apiData<Planning[]>(ainSebaa.page, ainSebaa.token, "/api/planifications")).find(
    (p) => p.titre === title,
  );

  // A student of Zenith does not.
  const zenith = await studentPage(browser, ZENITH_STUDENT);
  const zenithPlannings = await apiData<Planning[]>(zenith.page, zenith.token, "/api/planifications");
  expect(zenithPlannings.some((p) => p.titre === title)).toBe(false);
  await zenith.page.goto("/planning");
  await expect(zenith.page.getByRole("heading", { level: 1, name: "Planning" })).toBeVisible();
  await expect(zenith.page.getByRole("heading", { name: title })).toHaveCount(0);
  await zenith.close();

  // The secretary withdraws it: gone for the student at once.
  await page.getByRole("button", { name: `Gérer le planning ${title}` }).click();
  const manage = page.getByRole("dialog", { name: `Planning « ${title} »` });
  await expect(manage.getByLabel("Titre")).toHaveValue(title);
  await expectAccessibleAtBothWidths(page);
  await manage.getByRole("button", { name: "Retirer le planning" }).click();
  await page
    .getByRole("alertdialog", { name: "Retirer ce planning ?" })
    .getByRole("button", { name: "Retirer" })
    .click();
  await expect(page.getByText("Retiré : l'élément est dans la corbeille.", { exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: new RegExp(`^${title}`) })).toHaveCount(0);

  const after = await apiData<Planning[]>(ainSebaa.page, ainSebaa.token, "/api/planifications");
  expect(after.some((p) => p.titre === title)).toBe(false);
  await ainSebaa.page.reload();
  await expect(ainSebaa.page.getByRole("heading", { level: 1, name: "Planning" })).toBeVisible();
  await expect(ainSebaa.page.getByRole("heading", { name: title })).toHaveCount(0);

  // She restores it from the bin (a planning of her centre): back for the student, same link.
  await page.goto("/gestion/corbeille");
  await expect(page.getByRole("heading", { level: 1, name: "Corbeille" })).toBeVisible();
  const binRow = page.getByRole("row").filter({ hasText: title });
  await binRow.getByRole("button", { name: /Restaurer/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Restaurer" }).click();
  await expect(page.getByText("Élément restauré.", { exact: true })).toBeVisible();
  const restored = await apiData<Planning[]>(ainSebaa.page, ainSebaa.token, "/api/planifications");
  expect(restored.find((p) => p.titre === title)?.fichier_url).toBe(published?.fichier_url);
  await ainSebaa.page.reload();
  await expect(ainSebaa.page.getByRole("heading", { name: title, exact: true })).toBeVisible();
  await ainSebaa.close();
});

test("pedagogie publishes a course document and an orientation guide: the student sees and downloads them", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const courseTitle = `Méthode e2e ${stamp}`;
  const guideTitle = `Guide e2e ${stamp}`;
  const courseBytes = await pdf(courseTitle);
  const guideBytes = await pdf(guideTitle);

  await signInStaffAt(page, "/gestion/supports", FIXTURE_STAFF.publishFilesPedagogie.email);
  await expect(page.getByRole("heading", { level: 1, name: "Supports de cours" })).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  // Matière → (no level for this one) → its documents, in the students' order.
  const subjectSelect = page.getByLabel("Matière");
  const value = await subjectSelect.locator("option", { hasText: "Méthodologie de l'examen" }).getAttribute("value");
  await subjectSelect.selectOption(value ?? "");
  await expect(page.getByRole("heading", { level: 2, name: "Méthodologie de l'examen" })).toBeVisible();
  await page.getByRole("button", { name: "Ajouter des documents" }).click();
  const add = page.getByRole("dialog", { name: "Ajouter des documents" });
  await add
    .getByLabel("Fichiers PDF")
    .setInputFiles({ name: "methode.pdf", mimeType: "application/pdf", buffer: courseBytes });
  await add.getByLabel("Titre du document (methode.pdf)").fill(courseTitle);
  await add.getByLabel("Mois").selectOption("11");
  await add.getByLabel("Année").fill("2026");
  await expectAccessibleAtBothWidths(page);
  await add.getByRole("button", { name: "Publier" }).click();
  await expect(page.getByText("Document publié.", { exact: true })).toBeVisible();

  // New documents go last; the arrow moves it up, and the order is kept.
  const items = page.getByRole("listitem").filter({ has: page.getByRole("button", { name: /^Monter/ }) });
  await expect(items.last()).toContainText(courseTitle);
  const count = await items.count();
  if (count > 1) {
    await page.getByRole("button", { name: `Monter « ${courseTitle} »` }).click();
    await expect(items.nth(count - 2)).toContainText(courseTitle);
    await page.reload();
    await expect(items.nth(count - 2)).toContainText(courseTitle);
  }
  await expectAccessibleAtBothWidths(page);
  await screenshots(page, testInfo, "gestion-supports");

  // The student sees it in that order and downloads it.
  const student = await studentPage(browser, ZENITH_STUDENT);
  const data = await apiData<CourseDocuments>(student.page, student.token, "/api/documents");
  const methodology = data.matieres_sans_niveaux.find((m) => m.nom === "Méthodologie de l'examen");
  const position = methodology?.cours.findIndex((d) => d.titre === courseTitle) ?? -1;
  expect(position).toBe(count > 1 ? count - 2 : 0);
  await student.page.goto("/support-cours");
  await student.page
    .getByRole("heading", { level: 2 })
    .getByRole("button", { name: /^Méthodologie de l'examen/ })
    .click();
  const [courseDownload] = await Promise.all([
    student.page.waitForEvent("download"),
    student.page.getByRole("button", { name: `Télécharger : ${courseTitle}` }).click(),
  ]);
  expect((await expectPdfDownload(courseDownload, testInfo)).equals(courseBytes)).toBe(true);

  // Orientation.
  await page
    .getByRole("navigation", { name: "Sections de la gestion" })
    .getByRole("link", { name: "Orientation" })
    .click();
  await expect(page).toHaveURL(/\/gestion\/orientation$/);
  await expect(page.getByRole("heading", { level: 1, name: "Orientation" })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await page.getByRole("button", { name: "Publier un document" }).click();
  const publish = page.getByRole("dialog", { name: "Publier un document d'orientation" });
  await publish
    .getByLabel("Fichier PDF")
    .setInputFiles({ name: "guide.pdf", mimeType: "application/pdf", buffer: guideBytes });
  await publish.getByLabel("Titre").fill(guideTitle);
  await publish.getByLabel("Description (facultative)").fill("Calendrier des démarches.");
  await expectAccessibleAtBothWidths(page);
  await publish.getByRole("button", { name: "Publier" }).click();
  await expect(page.getByText("Publié.", { exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: new RegExp(`^${guideTitle}`) })).toBeVisible();
  await screenshots(page, testInfo, "gestion-orientation");

  await student.page.goto("/etudiants/orientation");
  const [guideDownload] = await Promise.all([
    student.page.waitForEvent("download"),
    student.page.getByRole("button", { name: `Télécharger : ${guideTitle}` }).click(),
  ]);
  expect((await expectPdfDownload(guideDownload, testInfo)).equals(guideBytes)).toBe(true);

  // Withdrawn, both are gone for the student (and the other screens' counts are as they were).
  await page.getByRole("button", { name: `Gérer le document ${guideTitle}` }).click();
  await page.getByRole("button", { name: "Retirer le document" }).click();
  await page
    .getByRole("alertdialog", { name: "Retirer ce document ?" })
    .getByRole("button", { name: "Retirer" })
    .click();
  await expect(page.getByText("Retiré : l'élément est dans la corbeille.", { exact: true })).toBeVisible();
  const guides = await apiData<OrientationDocument[]>(student.page, student.token, "/api/orientations");
  expect(guides.some((g) => g.titre === guideTitle)).toBe(false);

  await page.goto(`/gestion/supports?matiere=${value}`);
  await page.getByRole("button", { name: `Retirer « ${courseTitle} »` }).click();
  await page
    .getByRole("alertdialog", { name: "Retirer ce document ?" })
    .getByRole("button", { name: "Retirer" })
    .click();
  await expect(page.getByText("Retiré : l'élément est dans la corbeille.", { exact: true })).toBeVisible();
  const afterCourse = await apiData<CourseDocuments>(student.page, student.token, "/api/documents");
  expect(afterCourse.matieres_sans_niveaux.some((m) => m.cours.some((d) => d.titre === courseTitle))).toBe(false);
  await student.close();
});
