import { expect, test } from "@playwright/test";
import { EVENT_TYPE_LABELS, type EventRecord, type EventStats, toCalendarEvent } from "@puerta/contract";
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

test.describe("extracurricular events calendar", () => {
  test("shows the year's events, the summary band and every month filter", async ({ page }) => {
    const { token } = await signIn(page, DEMO_ACCEPTED.email, DEMO_ACCEPTED.password);
    const events = (await apiData<EventRecord[]>(page, token, "/api/parascolaires")).map(toCalendarEvent);
    const stats = await apiData<EventStats>(page, token, "/api/parascolaires-stats");
    expect(events.length).toBeGreaterThanOrEqual(10);

    await page.goto("/parascolaire-calendar");
    await expect(page.getByRole("heading", { level: 1, name: "Calendrier Parascolaire" })).toBeVisible();
    const band = page.getByRole("region", { name: "Résumé des événements" });
    await expect(band.getByRole("term")).toHaveText(["Événements par ans", "Événements à venir", "Événements passés"]);
    await expect(band.getByRole("definition")).toHaveText(
      [stats.total_events, stats.future_events, stats.past_events].map(String),
    );

    // A card: date in French, title, location, participants and the type badge.
    const first = events[0];
    if (!first) throw new Error("no event");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: first.title }) });
    await expect(card).toContainText(first.date);
    await expect(card).toContainText(first.location);
    await expect(card).toContainText("Tous les étudiants");
    await expect(card).toContainText(EVENT_TYPE_LABELS[first.type]);
    await expectNoAxeViolations(page);

    const { emptyMonths } = await checkEveryMonth(page, "Événements", events, async () => {
      await expect(page.getByRole("heading", { name: "Aucun événement trouvé" })).toBeVisible();
      await expect(page.getByText("Aucun événement n'est programmé pour la période sélectionnée.")).toBeVisible();
    });
    expect(emptyMonths).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
  });

  test("opens an event by a click, then by its address after a reload", async ({ page }) => {
    const { token } = await signIn(page, DEMO_ACCEPTED.email, DEMO_ACCEPTED.password);
    const events = (await apiData<EventRecord[]>(page, token, "/api/parascolaires")).map(toCalendarEvent);
    const target = events.find((e) => e.originalData.is_future) ?? events[0];
    if (!target) throw new Error("no event");
    const detailRequests = countRequests(page, [`/api/parascolaires/${target.id}`]);

    await page.goto("/parascolaire-calendar");
    await page.getByRole("link", { name: target.title }).click();
    await expect(page).toHaveURL(new RegExp(`/parascolaire/${target.id}$`));
    const checkDetail = async () => {
      await expect(page.getByRole("heading", { level: 1, name: target.title })).toBeVisible();
      await expect(page.getByText(EVENT_TYPE_LABELS[target.type], { exact: true })).toBeVisible();
      await expect(page.getByText(target.date, { exact: true })).toBeVisible();
      await expect(page.getByText(target.description)).toBeVisible();
      await expect(
        page.getByText(target.originalData.is_future ? "Événement à venir" : "Événement passé"),
      ).toBeVisible();
      const poster = page.getByRole("img", { name: `Affiche : ${target.title}` });
      await expect(poster).toBeVisible();
      expect(await poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    };
    await checkDetail();
    // The event came with the navigation: nothing was fetched for it.
    expect(detailRequests[`/api/parascolaires/${target.id}`]).toBe(0);
    await expectNoAxeViolations(page);

    // A reload keeps the history entry's state, so the page still has its event.
    await page.reload();
    await checkDetail();

    // A shared link opens with no state at all: the event is loaded by its id.
    const shared = await page.context().newPage();
    const sharedRequests = countRequests(shared, [`/api/parascolaires/${target.id}`]);
    await shared.goto(`/parascolaire/${target.id}`);
    await expect(shared.getByRole("heading", { level: 1, name: target.title })).toBeVisible();
    await expect(shared.getByText(target.description)).toBeVisible();
    // Rendered by the server with the event (decision 101): the browser asked nothing for it.
    expect(sharedRequests[`/api/parascolaires/${target.id}`] ?? 0).toBe(0);
    await shared.close();

    const past = events.find((e) => !e.originalData.is_future);
    if (past) {
      await page.goto(`/parascolaire/${past.id}`);
      await expect(page.getByRole("heading", { level: 1, name: past.title })).toBeVisible();
      await expect(page.getByText("Événement passé")).toBeVisible();
    }
  });

  test("says when an event does not exist and leads back to the calendar", async ({ page }) => {
    await signIn(page, DEMO_ACCEPTED.email, DEMO_ACCEPTED.password);
    await page.goto("/parascolaire/999999");
    await expect(page.getByRole("heading", { name: "Événement non trouvé" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Retour aux événements" }).click();
    await expect(page).toHaveURL(/\/parascolaire-calendar$/);
    await expect(page.getByRole("heading", { level: 1, name: "Calendrier Parascolaire" })).toBeVisible();

    await page.goto("/parascolaire/pas-un-numero");
    await expect(page.getByRole("heading", { name: "Événement non trouvé" })).toBeVisible();
  });

  test("shows the error view on a server failure, and 'Réessayer' reloads the list and the stats", async ({ page }) => {
    await signIn(page, DEMO_ACCEPTED.email, DEMO_ACCEPTED.password);
    const counts = countRequests(page, ["/api/parascolaires", "/api/parascolaires-stats"]);
    await page.route("**/api/parascolaires", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ message: "Erreur du serveur" }),
      }),
    );
    await openInApp(page, "/parascolaire-calendar");
    const alert = page.getByRole("alert");
    await expect(alert.getByRole("heading", { name: "Erreur de chargement" })).toBeVisible();
    await expect(alert).toContainText("Erreur de connexion: Erreur du serveur");
    await expectNoAxeViolations(page);

    await page.unroute("**/api/parascolaires");
    const statsBefore = counts["/api/parascolaires-stats"] ?? 0;
    await alert.getByRole("button", { name: "Réessayer" }).click();
    await expect(page.getByRole("list", { name: "Événements" }).getByRole("listitem").first()).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    expect(counts["/api/parascolaires-stats"]).toBe(statsBefore + 1);
  });

  test("a second visit within five minutes makes no new request: the first came with the page", async ({ page }) => {
    await signIn(page, DEMO_ACCEPTED.email, DEMO_ACCEPTED.password);
    const counts = countRequests(page, ["/api/parascolaires", "/api/parascolaires-stats"]);
    await page.goto("/parascolaire-calendar");
    await expect(page.getByRole("list", { name: "Événements" })).toBeVisible();
    // Visits inside the app: a link followed before it has hydrated loads a document (decision 102).
    await waitForApp(page);
    await page.getByRole("link", { name: "Voir les jours fériés" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Jours fériés" })).toBeVisible();
    await page.getByRole("link", { name: "Voir le calendrier parascolaire" }).click();
    await expect(page.getByRole("list", { name: "Événements" })).toBeVisible();
    // The server rendered the first visit with its data (decision 101): the browser asked nothing.
    expect((counts["/api/parascolaires"] ?? 0) + (counts["/api/parascolaires-stats"] ?? 0)).toBe(0);
  });

  test("'Ajouter à mon agenda' gives a working iCalendar link that can be revoked", async ({ page }) => {
    const s = FIXTURE_STUDENTS.calendarEvents;
    await signIn(page, s.email, FIXTURE_PASSWORD);
    await page.goto("/parascolaire-calendar");
    await page.getByRole("button", { name: "Ajouter à mon agenda" }).click();
    const dialog = page.getByRole("dialog", { name: "Ajouter à mon agenda" });
    await expect(dialog.getByText("Vous n'avez pas encore de lien d'abonnement.")).toBeVisible();
    await dialog.getByRole("button", { name: "Créer mon lien" }).click();
    const link = dialog.getByRole("textbox", { name: "Votre lien d'abonnement" });
    await expect(link).toHaveValue(/\/api\/calendar\/[A-Za-z0-9]{48}\.ics\?type=events$/);
    await expectNoAxeViolations(page);

    const url = new URL(await link.inputValue());
    const feed = await page.request.get(url.pathname + url.search);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toContain("text/calendar");
    const body = await feed.text();
    expect(body).toContain("BEGIN:VCALENDAR");
    expect(body).toContain("TZID:Africa/Casablanca");
    expect(body).not.toContain("jour-ferie-");

    await dialog.getByRole("button", { name: "Désactiver le lien" }).click();
    await expect(dialog.getByText("Vous n'avez pas encore de lien d'abonnement.")).toBeVisible();
    expect((await page.request.get(url.pathname)).status()).toBe(404);
  });

  for (const width of [390, 1280]) {
    test(`fits a ${width} px wide screen (calendar and detail)`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      const { token } = await signIn(page, DEMO_ACCEPTED.email, DEMO_ACCEPTED.password);
      const [first] = await apiData<EventRecord[]>(page, token, "/api/parascolaires");
      await page.goto("/parascolaire-calendar");
      await expect(page.getByRole("list", { name: "Événements" })).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: testInfo.outputPath(`events-${width}.png`), fullPage: true });
      await page.goto(`/parascolaire/${first?.id}`);
      await expect(page.getByRole("img", { name: /^Affiche/ })).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: testInfo.outputPath(`event-detail-${width}.png`), fullPage: true });
    });
  }
});
