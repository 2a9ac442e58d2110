import { expect, test } from "@playwright/test";
import { formatFileSize, type Planning } from "@puerta/contract";
import { apiData, expectPdfDownload, fulfilJson, nextAlert, screenshots } from "../support/documents.ts";
import { openInApp } from "../support/in-app.ts";
import { expectNoAxeViolations, signIn } from "../support/session.ts";

// Both demo students only read: the first has not accepted the policy, and /planning is exempt.
const AIN_SEBAA = { email: "etudiant.demo@example.com", password: "Selectividad2025" };
const ZENITH = { email: "etudiant2.demo@example.com", password: "Selectividad2025" };

test.describe("planning", () => {
  test("shows the student's centre open by itself, its plannings with their real sizes, and downloads a real PDF", async ({
    page,
  }, testInfo) => {
    const { token } = await signIn(page, AIN_SEBAA.email, AIN_SEBAA.password);
    const plannings = await apiData<Planning[]>(page, token, "/api/planifications");
    expect(plannings.length).toBeGreaterThan(1);
    expect(plannings.every((p) => p.centre.nom === "Ain Sebaa")).toBe(true);

    await page.goto("/planning");
    await expect(page.getByRole("heading", { level: 1, name: "Planning" })).toBeVisible();
    const centre = page.getByRole("button", { name: /Centre Ain Sebaa/ });
    // One centre: the accordion opens by itself.
    await expect(centre).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("button", { name: /Centre Zenith/ })).toHaveCount(0);
    for (const planning of plannings) {
      const card = page
        .getByRole("article")
        .filter({ has: page.getByRole("heading", { name: planning.titre, exact: true }) });
      await expect(card).toBeVisible();
      await expect(card).toContainText(formatFileSize(planning.taille_fichier));
      await expect(card).toContainText(planning.option ? planning.option.nom : "Toutes les options");
    }
    await expectNoAxeViolations(page);
    await screenshots(page, testInfo, "planning");

    const first = plannings[0];
    if (!first) throw new Error("no planning");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: `Télécharger le PDF : ${first.titre}` }).click(),
    ]);
    const bytes = await expectPdfDownload(download, testInfo);
    expect(bytes.length).toBe(first.taille_fichier);

    // Toggling closes the centre, and opens it again.
    await centre.click();
    await expect(centre).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("heading", { name: first.titre })).toBeHidden();
    await centre.press("Enter");
    await expect(centre).toHaveAttribute("aria-expanded", "true");
  });

  test("keeps several centres closed until one is opened, one at a time", async ({ page }, testInfo) => {
    const { token } = await signIn(page, ZENITH.email, ZENITH.password);
    const own = await apiData<Planning[]>(page, token, "/api/planifications");
    // A student without a centre sees every centre: simulated from the real answer.
    const other = own.map((p) => ({
      ...p,
      id: p.id + 1000,
      centre: { id: 999, nom: "Maârif", adresse: "Casablanca" },
    }));
    await fulfilJson(page, "**/api/planifications", 200, { success: true, data: [...own, ...other] });
    await openInApp(page, "/planning");
    const zenith = page.getByRole("button", { name: /Centre Zenith/ });
    const maarif = page.getByRole("button", { name: /Centre Maârif/ });
    await expect(zenith).toHaveAttribute("aria-expanded", "false");
    await expect(maarif).toHaveAttribute("aria-expanded", "false");
    await zenith.click();
    await expect(zenith).toHaveAttribute("aria-expanded", "true");
    await maarif.click();
    await expect(maarif).toHaveAttribute("aria-expanded", "true");
    await expect(zenith).toHaveAttribute("aria-expanded", "false");
    await expectNoAxeViolations(page);
    // Zenith's plannings, with their longer descriptions, under the open centre.
    await screenshots(page, testInfo, "planning-centres");
  });

  test("shows the empty texts, for a student with a centre and without one", async ({ page }, testInfo) => {
    await signIn(page, ZENITH.email, ZENITH.password);
    await fulfilJson(page, "**/api/planifications", 200, { success: true, data: [] });
    await openInApp(page, "/planning");
    await expect(
      page.getByText("Aucun planning disponible pour votre centre et filière pour le moment."),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshots(page, testInfo, "planning-empty");
    // The student without a centre ("Aucun planning disponible pour le moment.") is the page
    // test's: who is signed in now comes with the server's render (decision 101).
  });

  test("shows 'Erreur: {message}' when the list fails or is unsuccessful", async ({ page }, testInfo) => {
    await signIn(page, ZENITH.email, ZENITH.password);
    await fulfilJson(page, "**/api/planifications", 500, { message: "Erreur du serveur" });
    await openInApp(page, "/planning");
    await expect(page.getByText("Erreur: Failed to fetch data")).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshots(page, testInfo, "planning-error");

    await page.unroute("**/api/planifications");
    await fulfilJson(page, "**/api/planifications", 200, { success: false });
    await page.getByRole("button", { name: "Réessayer" }).click();
    await expect(page.getByText("Erreur: API returned unsuccessful response")).toBeVisible();
  });

  test("alerts when a download fails or is not a PDF", async ({ page }) => {
    const { token } = await signIn(page, ZENITH.email, ZENITH.password);
    const [first] = await apiData<Planning[]>(page, token, "/api/planifications");
    if (!first) throw new Error("no planning");
    await page.goto("/planning");
    const button = page.getByRole("button", { name: `Télécharger le PDF : ${first.titre}` });

    await page.route("**/api/planifications/download/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<html></html>" }),
    );
    let alert = nextAlert(page);
    await button.click();
    expect(await alert).toBe("Erreur lors du téléchargement du fichier: Expected PDF but got text/html");

    await page.unroute("**/api/planifications/download/**");
    await fulfilJson(page, "**/api/planifications/download/**", 404, { message: "Fichier introuvable." });
    alert = nextAlert(page);
    await button.click();
    expect(await alert).toBe("Erreur lors du téléchargement du fichier: HTTP error! status: 404");
    await expect(button).toBeEnabled();
  });
});
