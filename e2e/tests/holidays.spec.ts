import { expect, test } from "@playwright/test";
import { HOLIDAY_CATEGORY_LABELS, type HolidayRecord, type HolidayStats, toCalendarHoliday } from "@puerta/contract";
import {
  apiData,
  checkEveryMonth,
  countRequests,
  DEMO_ACCEPTED,
  expectNoHorizontalOverflow,
} from "../support/calendars.ts";
import { FIXTURE_PASSWORD, FIXTURE_STUDENTS } from "../support/fixture-students.ts";
import { openInApp, waitForApp } from "../support/in-app.ts";
import { expectNoAxeViolations, signIn } from "../support/session.ts";

test.describe("public holidays calendar", () => {
  test("shows the year's holidays by category, the summary band and every month filter", async ({ page }) => {
    const { token } = await signIn(page, DEMO_ACCEPTED.email, DEMO_ACCEPTED.password);
    const holidays = (await apiData<HolidayRecord[]>(page, token, "/api/jours-feries")).map(toCalendarHoliday);
    const stats = await apiData<HolidayStats>(page, token, "/api/jours-feries/statistics");

    await page.goto("/jourOff-calendar");
    await expect(page.getByRole("heading", { level: 1, name: "Jours fériés" })).toBeVisible();
    const band = page.getByRole("region", { name: "Résumé des jours fériés" });
    await expect(band.getByRole("term")).toHaveText(["Jours fériés par an", "Centres fermés", "Congé pour tous"]);
    await expect(band.getByRole("definition")).toHaveText([String(stats.total), "3", "100 %"]);
    expect(stats.total).toBe(holidays.length);

    // Every card: French date, the fixed location and participants, and its category badge.
    const cards = page.getByRole("list", { name: "Jours fériés" }).getByRole("listitem");
    await expect(cards).toHaveCount(holidays.length);
    for (const [index, holiday] of holidays.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole("heading")).toHaveText(holiday.title);
      await expect(card).toContainText(holiday.date);
      await expect(card).toContainText("Tous les centres");
      await expect(card).toContainText("Fermé à tous");
      await expect(card).toContainText(HOLIDAY_CATEGORY_LABELS[holiday.type]);
    }
    const categories = new Set(holidays.map((h) => h.type));
    expect(categories).toEqual(new Set(["religieux", "international", "national"]));
    await expectNoAxeViolations(page);

    const { emptyMonths } = await checkEveryMonth(page, "Jours fériés", holidays, async (_month, label) => {
      await expect(page.getByRole("heading", { name: "Aucun jour férié" })).toBeVisible();
      await expect(page.getByText(`Aucun jour férié trouvé pour le mois de ${label}.`)).toBeVisible();
    });
    // September and December have no public holiday in Morocco.
    expect(emptyMonths).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Décembre", exact: true }).click();
    await expect(page.getByText("Aucun jour férié trouvé pour le mois de Décembre.")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("shows the error view on a server failure, and 'Réessayer' reloads the list and the stats", async ({ page }) => {
    await signIn(page, DEMO_ACCEPTED.email, DEMO_ACCEPTED.password);
    const counts = countRequests(page, ["/api/jours-feries", "/api/jours-feries/statistics"]);
    await page.route("**/api/jours-feries", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ message: "Service indisponible" }),
      }),
    );
    await openInApp(page, "/jourOff-calendar");
    const alert = page.getByRole("alert");
    await expect(alert.getByRole("heading", { name: "Erreur de chargement" })).toBeVisible();
    await expect(alert).toContainText("Erreur de connexion: Service indisponible");
    await expectNoAxeViolations(page);

    await page.unroute("**/api/jours-feries");
    const statsBefore = counts["/api/jours-feries/statistics"] ?? 0;
    await alert.getByRole("button", { name: "Réessayer" }).click();
    await expect(page.getByRole("list", { name: "Jours fériés" }).getByRole("listitem").first()).toBeVisible();
    expect(counts["/api/jours-feries/statistics"]).toBe(statsBefore + 1);
  });

  test("shows the server's message when the answer is unsuccessful", async ({ page }) => {
    await signIn(page, DEMO_ACCEPTED.email, DEMO_ACCEPTED.password);
    await page.route("**/api/jours-feries", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ success: false }) }),
    );
    await openInApp(page, "/jourOff-calendar");
    await expect(page.getByRole("alert")).toContainText("Failed to fetch holidays");
  });

  test("a second visit within five minutes makes no new request: the first came with the page", async ({ page }) => {
    await signIn(page, DEMO_ACCEPTED.email, DEMO_ACCEPTED.password);
    const counts = countRequests(page, ["/api/jours-feries", "/api/jours-feries/statistics"]);
    await page.goto("/jourOff-calendar");
    await expect(page.getByRole("list", { name: "Jours fériés" })).toBeVisible();
    // Visits inside the app: a link followed before it has hydrated loads a document (decision 102).
    await waitForApp(page);
    await page.getByRole("link", { name: "Voir le calendrier parascolaire" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Calendrier Parascolaire" })).toBeVisible();
    await page.getByRole("link", { name: "Voir les jours fériés" }).click();
    await expect(page.getByRole("list", { name: "Jours fériés" })).toBeVisible();
    // The server rendered the first visit with its data (decision 101): the browser asked nothing.
    expect((counts["/api/jours-feries"] ?? 0) + (counts["/api/jours-feries/statistics"] ?? 0)).toBe(0);
  });

  test("'Ajouter à mon agenda' can regenerate the link: the old one stops working", async ({ page }) => {
    const s = FIXTURE_STUDENTS.calendarHolidays;
    await signIn(page, s.email, FIXTURE_PASSWORD);
    await page.goto("/jourOff-calendar");
    await page.getByRole("button", { name: "Ajouter à mon agenda" }).click();
    const dialog = page.getByRole("dialog", { name: "Ajouter à mon agenda" });
    await dialog.getByRole("button", { name: "Créer mon lien" }).click();
    const link = dialog.getByRole("textbox", { name: "Votre lien d'abonnement" });
    await expect(link).toHaveValue(/\?type=holidays$/);
    const first = new URL(await link.inputValue());
    const feed = await (await page.request.get(first.pathname + first.search)).text();
    expect(feed).toContain("SUMMARY:Fête du Travail");
    expect(feed).not.toContain("parascolaire-");

    await dialog.getByLabel("Contenu de l'agenda").selectOption({ label: "Événements et jours fériés" });
    await expect(link).toHaveValue(/\.ics$/);
    await dialog.getByRole("button", { name: "Générer un nouveau lien" }).click();
    await expect(link).not.toHaveValue(new RegExp(first.pathname));
    expect((await page.request.get(first.pathname)).status()).toBe(404);
    const second = new URL(await link.inputValue());
    expect((await page.request.get(second.pathname)).status()).toBe(200);
    await dialog.getByRole("button", { name: "Fermer" }).click();
    await expect(dialog).toHaveCount(0);
  });

  for (const width of [390, 1280]) {
    test(`fits a ${width} px wide screen`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, DEMO_ACCEPTED.email, DEMO_ACCEPTED.password);
      await page.goto("/jourOff-calendar");
      await expect(page.getByRole("list", { name: "Jours fériés" })).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: testInfo.outputPath(`holidays-${width}.png`), fullPage: true });
    });
  }
});
