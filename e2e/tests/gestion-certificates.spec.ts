import { readFileSync } from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { FIXTURE_PASSWORD, FIXTURE_STUDENTS } from "../support/fixture-students.ts";
import { waitForMailWithSubject } from "../support/mailbox.ts";
import { expectNoAxeViolations, signIn } from "../support/session.ts";
import { expectAccessibleAtBothWidths, loadedPaths, staffAssets } from "../support/staff.ts";
import { signInDemoStaff } from "../support/staff-sign-in.ts";

/**
 * The certificate office across roles (docs/spec/back-office.md sections 6 and 9): a student asks, the
 * secretary of the student's centre answers, the student sees the answer, downloads the PDF,
 * and its verification address says it is valid.
 */
const STUDENT = FIXTURE_STUDENTS.certificateOffice;
const SECRETARY = "secretariat.demo@example.com";

test.describe.configure({ mode: "serial" });

/** A browser of its own for each person (axe needs a page made by a context). */
async function personPage(browser: Browser): Promise<Page> {
  const { baseURL, locale, timezoneId } = test.info().project.use;
  const context = await browser.newContext({ baseURL, locale, timezoneId, viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

async function screenshots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The student's request, sent from /demande-attestation. */
async function askAsStudent(page: Page, kind: "scolaire" | "B1") {
  await signIn(page, STUDENT.email, FIXTURE_PASSWORD);
  await page.goto("/demande-attestation");
  await expect(page.getByRole("heading", { level: 1, name: "Demandes d'Attestations" })).toBeVisible({
    timeout: 30_000,
  });
  if (kind === "scolaire") {
    await page.getByRole("checkbox", { name: "Español" }).check();
    await page.getByRole("button", { name: /Demander Attestation Scolaire/ }).click();
  } else {
    await page.getByRole("button", { name: /B1/ }).click();
  }
  await expect(page.getByRole("heading", { name: "Demande Envoyée !" })).toBeVisible();
}

/** The secretary opens the student's pending request from the filtered list. */
async function openPendingRequest(page: Page, label: string) {
  await page.goto("/gestion/demandes?status=En+Cours");
  await expect(page.getByRole("heading", { level: 1, name: "Demandes d'attestation" })).toBeVisible();
  const row = page
    .getByRole("row")
    .filter({ hasText: `${STUDENT.prenom} ${STUDENT.nom}` })
    .filter({ hasText: label });
  await expect(row).toHaveCount(1);
  await row.getByRole("link", { name: `${STUDENT.prenom} ${STUDENT.nom}` }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `Demande de ${STUDENT.prenom} ${STUDENT.nom}` }),
  ).toBeVisible();
}

test("a request made available by the secretary is downloaded by the student and verified as valid", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const studentPage = await personPage(browser);
  await askAsStudent(studentPage, "scolaire");

  const staffPage = await personPage(browser);
  await signInDemoStaff(staffPage, SECRETARY);
  // The dashboard counts the pending requests and links to them.
  await staffPage.goto("/gestion");
  const counter = staffPage.getByRole("link", { name: /Demandes en attente/ });
  await expect(counter).toBeVisible();
  await expect(staffPage.getByRole("navigation", { name: "Sections de la gestion" })).toContainText(
    "Demandes d'attestation",
  );
  await counter.click();
  await expect(staffPage).toHaveURL(/\/gestion\/demandes\?status=En\+Cours$/);
  await expect(staffPage.getByRole("row").filter({ hasText: "Salmà El Amrani" })).toHaveCount(1);
  await expectAccessibleAtBothWidths(staffPage);
  await screenshots(staffPage, "gestion-demandes");

  await openPendingRequest(staffPage, "Attestation scolaire");
  await expect(staffPage.getByText("Ain Sebaa")).toBeVisible();
  await expectAccessibleAtBothWidths(staffPage);
  await screenshots(staffPage, "gestion-demande-en-cours");
  await staffPage.getByRole("button", { name: "Rendre disponible" }).click();
  const confirm = staffPage.getByRole("alertdialog").or(staffPage.getByRole("dialog"));
  await expect(confirm).toContainText("Rendre cette demande disponible ?");
  await expectNoAxeViolations(staffPage);
  await confirm.getByRole("button", { name: "Rendre disponible" }).click();
  await expect(staffPage.getByText("Attestation disponible.", { exact: true })).toBeVisible();
  const attestation = staffPage.getByRole("region", { name: "Attestation", exact: true });
  await expect(attestation).toContainText(/PUE-\d{4}-\d{6}/);
  const numero = /PUE-\d{4}-\d{6}/.exec((await attestation.textContent()) ?? "")?.[0] ?? "";
  await expect(staffPage.getByRole("region", { name: "Historique", exact: true })).toContainText("Disponible");
  await expectAccessibleAtBothWidths(staffPage);
  await screenshots(staffPage, "gestion-demande-disponible");

  // The student: 'Disponible', the e-mail, and the PDF.
  await waitForMailWithSubject(STUDENT.email, "Votre attestation est disponible");
  await studentPage.goto("/demande-attestation");
  const row = studentPage.getByRole("row").filter({ hasText: "Attestation scolaire" });
  await expect(row).toContainText("Disponible");
  const download = studentPage.waitForEvent("download");
  await row.getByRole("button", { name: "Télécharger l'attestation" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`attestation-${numero}.pdf`);
  const bytes = readFileSync(await file.path());
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  expect(text).toContain(numero);
  expect(text).toContain("Salmà El Amrani");
  const address = /https?:\/\/\S+\/verifier\/[A-Z2-7]{26}/.exec(text)?.[0];
  if (!address) throw new Error(`no verification address in the PDF: ${text}`);
  await expectNoAxeViolations(studentPage);

  // The verification page, opened from the printed address (on this run's server).
  const visitor = await personPage(browser);
  await visitor.goto(new URL(address).pathname);
  await expect(visitor.getByRole("heading", { name: "Attestation valide" })).toBeVisible({ timeout: 30_000 });
  await expect(visitor.getByText("Salmà El Amrani")).toBeVisible();
  await expect(visitor.getByText(numero)).toBeVisible();
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  // A public page: no byte of the back-office.
  const staffOnly = staffAssets();
  expect((await loadedPaths(visitor)).filter((file) => staffOnly.has(file))).toEqual([]);
  await expectAccessibleAtBothWidths(visitor);
  await screenshots(visitor, "verifier-valide");

  await visitor.goto(`/verifier/${"A".repeat(26)}`);
  await expect(visitor.getByRole("heading", { name: "Code inconnu" })).toBeVisible();
  await expectAccessibleAtBothWidths(visitor);
});

test("a refusal shows its reason to the student", async ({ browser }) => {
  test.setTimeout(300_000);
  const studentPage = await personPage(browser);
  await askAsStudent(studentPage, "B1");

  const staffPage = await personPage(browser);
  await signInDemoStaff(staffPage, SECRETARY);
  await openPendingRequest(staffPage, "Attestation de langue B1");
  await staffPage.getByRole("button", { name: "Refuser", exact: true }).click();
  const dialog = staffPage.getByRole("dialog", { name: "Refuser cette demande ?" });
  await dialog.getByRole("button", { name: "Refuser la demande" }).click();
  await expect(dialog.getByText("Indiquez le motif du refus : il sera montré à l'étudiant.")).toBeVisible();
  await expectAccessibleAtBothWidths(staffPage);
  await dialog.getByLabel("Motif du refus").fill("Le niveau B1 n'est pas encore validé par votre professeur.");
  await dialog.getByRole("button", { name: "Refuser la demande" }).click();
  await expect(staffPage.getByText("Demande refusée.", { exact: true })).toBeVisible();
  await expect(staffPage.getByRole("region", { name: "Historique", exact: true })).toContainText(
    "Motif : Le niveau B1 n'est pas encore validé par votre professeur.",
  );

  await studentPage.goto("/demande-attestation");
  const row = studentPage.getByRole("row").filter({ hasText: "Attestation de langue" });
  await expect(row).toContainText("Refuser");
  await expect(row).toContainText("Motif : Le niveau B1 n'est pas encore validé par votre professeur.");
  await expect(row.getByRole("button", { name: "Télécharger l'attestation" })).toHaveCount(0);
  await expectNoAxeViolations(studentPage);
  await screenshots(studentPage, "demande-attestation-historique");
});
