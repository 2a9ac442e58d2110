import { expect, test } from "@playwright/test";
import { FIXTURE_PASSWORD, FIXTURE_STUDENTS } from "../support/fixture-students.ts";
import { expectNoAxeViolations, signIn } from "../support/session.ts";

test("a request of each kind is sent and appears in the history; a duplicate is refused", async ({ page }) => {
  const s = FIXTURE_STUDENTS.certificates;
  await signIn(page, s.email, FIXTURE_PASSWORD);
  await page.goto("/demande-attestation");
  // The first page of a test waits longer: the app loads while other browsers share the machine.
  await expect(page.getByRole("heading", { level: 1, name: "Demandes d'Attestations" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText("Aucune demande pour le moment.")).toBeVisible();
  await expectNoAxeViolations(page);

  const scolaire = page.getByRole("button", { name: /Demander Attestation Scolaire/ });
  await expect(scolaire).toContainText("Certificat de scolarité officiel");
  await expect(scolaire).toBeDisabled();
  await page.getByRole("checkbox", { name: "Español" }).check();
  await page.getByRole("checkbox", { name: "Français" }).check();
  await expect(scolaire).toBeEnabled();
  await scolaire.click();
  await expect(page.getByRole("heading", { name: "Demande Envoyée !" })).toBeVisible();
  await expect(page.getByText("Votre demande d'attestation scolaire a été envoyée.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Faire une autre demande" }).click();

  const b2 = page.getByRole("button", { name: /B2/ });
  await expect(b2).toContainText("Niveau avancé");
  await expect(page.getByRole("button", { name: /B1/ })).toContainText("Niveau intermédiaire");
  await b2.click();
  await expect(page.getByRole("heading", { name: "Demande Envoyée !" })).toBeVisible();
  await expect(page.getByText("Votre demande d'attestation de langue (B2) a été envoyée.")).toBeVisible();

  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText("Attestation de langue");
  await expect(rows.nth(1)).toContainText("B2");
  await expect(rows.nth(1).getByRole("cell").nth(2)).toHaveText("-");
  await expect(rows.nth(1)).toContainText("En Cours");
  await expect(rows.nth(2)).toContainText("Attestation scolaire");
  await expect(rows.nth(2)).toContainText("Español, Français");
  await expect(rows.nth(2).getByRole("cell").nth(1)).toHaveText("-");

  // The same request again while the first is in progress.
  await page.getByRole("button", { name: "Faire une autre demande" }).click();
  await page.getByRole("button", { name: /B2/ }).click();
  await expect(page.getByRole("heading", { name: "Erreur" })).toBeVisible();
  await expect(page.getByText(/Une demande identique est déjà en cours/)).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Faire une autre demande" }).click();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`certificates-${width}.png`), fullPage: true });
  }
});
