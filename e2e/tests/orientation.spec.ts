import { expect, test } from "@playwright/test";
import type { OrientationDocument } from "@puerta/contract";
import {
  apiData,
  expectPdfDownload,
  expectPdfInNewTab,
  fulfilJson,
  nextAlert,
  screenshots,
} from "../support/documents.ts";
import { openInApp } from "../support/in-app.ts";
import { expectNoAxeViolations, signIn } from "../support/session.ts";

// Read only, and /etudiants/orientation is exempt from the policy.
const STUDENT = { email: "etudiant2.demo@example.com", password: "Selectividad2025" };

test.describe("orientation", () => {
  test("shows the count and the grid of guides, opens one in a new tab and downloads a real PDF", async ({
    page,
  }, testInfo) => {
    const { token } = await signIn(page, STUDENT.email, STUDENT.password);
    const guides = await apiData<OrientationDocument[]>(page, token, "/api/orientations");
    expect(guides.length).toBeGreaterThan(1);

    await page.goto("/etudiants/orientation");
    await expect(page.getByRole("heading", { level: 1, name: "Documents d'orientation" })).toBeVisible();
    await expect(page.getByText(`${guides.length} documents disponibles`)).toBeVisible();
    for (const guide of guides) {
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: guide.titre }) });
      await expect(card).toContainText(guide.taille_fichier_formatee);
      await expect(card).toContainText(guide.type_fichier.toUpperCase());
      if (guide.description) await expect(card).toContainText(guide.description);
    }
    await expectNoAxeViolations(page);
    await screenshots(page, testInfo, "orientation");

    const first = guides[0];
    if (!first) throw new Error("no guide");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: `Télécharger : ${first.titre}` }).click(),
    ]);
    await expectPdfDownload(download, testInfo);
    await expectPdfInNewTab(page, page.getByRole("button", { name: `Voir le PDF : ${first.titre}` }));
  });

  test("shows 'Erreur: {message}' when the list fails or is unsuccessful, and the empty text", async ({
    page,
  }, testInfo) => {
    await signIn(page, STUDENT.email, STUDENT.password);
    await fulfilJson(page, "**/api/orientations", 500, { message: "Erreur du serveur" });
    await openInApp(page, "/etudiants/orientation");
    await expect(page.getByText("Erreur: Failed to fetch data")).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshots(page, testInfo, "orientation-error");

    await page.unroute("**/api/orientations");
    await fulfilJson(page, "**/api/orientations", 200, { success: false });
    await page.getByRole("button", { name: "Réessayer" }).click();
    await expect(page.getByText("Erreur: API returned unsuccessful response")).toBeVisible();

    await page.unroute("**/api/orientations");
    await fulfilJson(page, "**/api/orientations", 200, { success: true, data: [] });
    await page.getByRole("button", { name: "Réessayer" }).click();
    await expect(page.getByText("Aucun document d'orientation disponible pour le moment.")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("refuses a download that is not a PDF, and alerts a failed one", async ({ page }) => {
    const { token } = await signIn(page, STUDENT.email, STUDENT.password);
    const [first] = await apiData<OrientationDocument[]>(page, token, "/api/orientations");
    if (!first) throw new Error("no guide");
    await page.goto("/etudiants/orientation");

    await page.route("**/api/orientations/download/**", (route) =>
      route.fulfill({ status: 200, contentType: "application/octet-stream", body: "pas un PDF" }),
    );
    let alert = nextAlert(page);
    await page.getByRole("button", { name: `Télécharger : ${first.titre}` }).click();
    expect(await alert).toBe("Erreur lors du téléchargement du fichier: Expected PDF but got application/octet-stream");

    // 'Voir le PDF' applies the same check: the tab it opened is closed again.
    alert = nextAlert(page);
    await page.getByRole("button", { name: `Voir le PDF : ${first.titre}` }).click();
    expect(await alert).toBe("Erreur lors du téléchargement du fichier: Expected PDF but got application/octet-stream");
    await expect.poll(() => page.context().pages().length).toBe(1);

    await page.unroute("**/api/orientations/download/**");
    await fulfilJson(page, "**/api/orientations/download/**", 404, { message: "Fichier introuvable." });
    alert = nextAlert(page);
    await page.getByRole("button", { name: `Télécharger : ${first.titre}` }).click();
    expect(await alert).toBe("Erreur lors du téléchargement du fichier: HTTP error! status: 404");
  });
});
