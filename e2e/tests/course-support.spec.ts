import { expect, type Page, test } from "@playwright/test";
import { type CourseDocuments, fileNameOf, formatFileSize, formatMonthYear } from "@puerta/contract";
import {
  apiData,
  expectNoExtraTab,
  expectPdfDownload,
  expectPdfInNewTab,
  fulfilJson,
  nextAlert,
  screenshots,
} from "../support/documents.ts";
import { openInApp } from "../support/in-app.ts";
import { expectNoAxeViolations, signIn } from "../support/session.ts";

const ZENITH = { email: "etudiant2.demo@example.com", password: "Selectividad2025" };
// Not accepted the policy: /support-cours is exempt from the gate.
const AIN_SEBAA = { email: "etudiant.demo@example.com", password: "Selectividad2025" };

const subjectButton = (page: Page, name: string) =>
  page.getByRole("heading", { level: 2 }).getByRole("button", { name: new RegExp(`^${name}`) });

test.describe("course support", () => {
  test("shows the counters, the first subject open, levels by ordre and each document's details", async ({
    page,
  }, testInfo) => {
    const { token } = await signIn(page, AIN_SEBAA.email, AIN_SEBAA.password);
    const data = await apiData<CourseDocuments>(page, token, "/api/documents");
    const subjects = [...data.matieres_avec_niveaux, ...data.matieres_sans_niveaux];
    const levels = data.matieres_avec_niveaux.reduce((n, m) => n + m.niveaux.length, 0);
    const documents =
      Object.values(data.cours_par_niveau).flat().length + data.matieres_sans_niveaux.flatMap((m) => m.cours).length;

    await page.goto("/support-cours");
    await expect(page.getByRole("heading", { level: 1, name: "Support des Cours" })).toBeVisible();
    const band = page.getByRole("region", { name: "Résumé des supports de cours" });
    await expect(band.getByRole("term")).toHaveText(["Matières", "Niveaux", "Documents"]);
    await expect(band.getByRole("definition")).toHaveText([String(subjects.length), String(levels), String(documents)]);

    // The first subject is open, the others closed.
    const lengua = subjectButton(page, "Lengua castellana");
    await expect(lengua).toHaveAttribute("aria-expanded", "true");
    await expect(subjectButton(page, "Matemáticas")).toHaveAttribute("aria-expanded", "false");

    // Levels sorted by ordre, with their document counts.
    const subject = data.matieres_avec_niveaux[0];
    if (!subject) throw new Error("no subject");
    const sorted = [...subject.niveaux].sort((a, b) => a.ordre - b.ordre);
    const levelButtons = page.getByRole("heading", { level: 3 }).getByRole("button", { name: /^Niveau / });
    await expect(levelButtons).toHaveCount(sorted.length);
    for (const [i, level] of sorted.entries()) {
      const count = data.cours_par_niveau[String(level.id)]?.length ?? 0;
      await expect(levelButtons.nth(i)).toHaveText(`Niveau ${level.nom}${count} document${count > 1 ? "s" : ""}`);
    }
    expect(sorted.map((l) => l.nom)).toEqual(["A2", "B1", "B2"]);

    // One level open at a time.
    const [first, second] = [levelButtons.nth(0), levelButtons.nth(1)];
    await first.click();
    await expect(first).toHaveAttribute("aria-expanded", "true");
    const doc = data.cours_par_niveau[String(sorted[0]?.id)]?.[0];
    if (!doc) throw new Error("no document");
    const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 4, name: doc.titre }) });
    await expect(item).toContainText(formatMonthYear(doc.created_at), { ignoreCase: true });
    await expect(item).toContainText(formatFileSize(doc.taille_fichier));
    await expect(item).toContainText("PDF");
    await expect(item).toContainText(doc.description ?? "");
    await expect(item.getByRole("button", { name: `Voir le PDF : ${doc.titre}` })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshots(page, testInfo, "course-support");

    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(first).toHaveAttribute("aria-expanded", "false");

    // One subject open at a time; a subject without levels lists its documents, or says it has none.
    await subjectButton(page, "Méthodologie de l'examen").click();
    await expect(lengua).toHaveAttribute("aria-expanded", "false");
    const methodology = data.matieres_sans_niveaux.find((m) => m.nom === "Méthodologie de l'examen");
    for (const d of methodology?.cours ?? []) {
      await expect(page.getByRole("heading", { level: 3, name: d.titre })).toBeVisible();
    }
    await subjectButton(page, "Dibujo técnico").click();
    await expect(page.getByText("Aucun document disponible pour cette matière")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("downloads a real PDF and opens 'Voir le PDF' in a new tab that loads it", async ({ page }, testInfo) => {
    const { token } = await signIn(page, ZENITH.email, ZENITH.password);
    const data = await apiData<CourseDocuments>(page, token, "/api/documents");
    const methodology = data.matieres_sans_niveaux.find((m) => m.cours.length > 0);
    const doc = methodology?.cours[0];
    if (!methodology || !doc) throw new Error("no document");

    await page.goto("/support-cours");
    await subjectButton(page, methodology.nom).click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: `Télécharger : ${doc.titre}` }).click(),
    ]);
    const bytes = await expectPdfDownload(download, testInfo);
    expect(download.suggestedFilename()).toBe(fileNameOf(doc.fichier_path));
    expect(bytes.length).toBe(doc.taille_fichier);

    await expectPdfInNewTab(page, page.getByRole("button", { name: `Voir le PDF : ${doc.titre}` }));
  });

  test("alerts 'Download error: …' for a missing file and other failures", async ({ page }) => {
    const { token } = await signIn(page, ZENITH.email, ZENITH.password);
    const data = await apiData<CourseDocuments>(page, token, "/api/documents");
    const methodology = data.matieres_sans_niveaux.find((m) => m.cours.length > 0);
    const doc = methodology?.cours[0];
    if (!methodology || !doc) throw new Error("no document");
    await page.goto("/support-cours");
    await subjectButton(page, methodology.nom).click();
    const download = page.getByRole("button", { name: `Télécharger : ${doc.titre}` });

    await fulfilJson(page, "**/api/documents/download/**", 404, { message: "Fichier introuvable." });
    let alert = nextAlert(page);
    await download.click();
    expect(await alert).toBe("Download error: File not found on server");

    await page.unroute("**/api/documents/download/**");
    await fulfilJson(page, "**/api/documents/download/**", 500, { message: "Erreur du serveur" });
    alert = nextAlert(page);
    await page.getByRole("button", { name: `Voir le PDF : ${doc.titre}` }).click();
    expect(await alert).toBe("Download error: HTTP error! status: 500");
    await expectNoExtraTab(page);
  });

  test("shows the empty text, and 'Erreur lors du chargement' with a retry that loads", async ({ page }, testInfo) => {
    await signIn(page, ZENITH.email, ZENITH.password);
    await fulfilJson(page, "**/api/documents", 200, {
      success: true,
      data: { matieres_avec_niveaux: [], matieres_sans_niveaux: [], cours_par_niveau: {} },
      message: "",
    });
    await openInApp(page, "/support-cours");
    await expect(page.getByText("Aucun document disponible pour le moment")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.unroute("**/api/documents");
    await fulfilJson(page, "**/api/documents", 503, { message: "Service indisponible" });
    await openInApp(page, "/support-cours");
    const error = page.getByRole("alert");
    await expect(error.getByRole("heading", { name: "Erreur lors du chargement" })).toBeVisible();
    await expect(error).toContainText("HTTP error! status: 503");
    await expectNoAxeViolations(page);
    await screenshots(page, testInfo, "course-support-error");

    await page.unroute("**/api/documents");
    await fulfilJson(page, "**/api/documents", 200, { success: false, message: "Base indisponible" });
    await page.getByRole("button", { name: "Réessayer" }).click();
    await expect(error).toContainText("Base indisponible");

    await page.unroute("**/api/documents");
    await page.getByRole("button", { name: "Réessayer" }).click();
    await expect(subjectButton(page, "Lengua castellana")).toHaveAttribute("aria-expanded", "true");
  });
});
