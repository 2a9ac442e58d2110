import { expect, type Page, test } from "@playwright/test";
import { type HolidayRecord, toCalendarHoliday } from "@puerta/contract";
import sharp from "sharp";
import { apiData } from "../support/calendars.ts";
import { FIXTURE_STAFF, FIXTURE_STAFF_PASSWORD } from "../support/fixture-staff.ts";
import { FIXTURE_PASSWORD, FIXTURE_STUDENTS } from "../support/fixture-students.ts";
import { signIn } from "../support/session.ts";
import { expectAccessibleAtBothWidths, submitStaffCredentials } from "../support/staff.ts";
import { enrolSecondFactor } from "../support/staff-sign-in.ts";

/**
 * docs/spec/back-office.md section 5, across roles: a secretary publishes an event for her
 * centre and its students see it (with its poster), another centre's do not; withdrawn, it is
 * gone; a confirmed Islamic holiday reads 'Date confirmée' in the student's calendar.
 */
const SECRETARY = FIXTURE_STAFF.calendarsSecretary;
const AIN_SEBAA = FIXTURE_STUDENTS.gestionCalendarsAinSebaa;
const ZENITH = FIXTURE_STUDENTS.gestionCalendarsZenith;
const EVENT_NAME = "Club de théâtre en espagnol";

/** A day of the current school year still to come, as the date input takes it. */
function eventDay(): string {
  const day = new Date(Date.now() + 3 * 86_400_000);
  const iso = day.toISOString().slice(0, 10);
  const month = day.getUTCMonth() + 1;
  // The students' calendars show the current school year (September to August).
  return month === 8 && day.getUTCDate() > 28 ? new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) : iso;
}

async function staffSignIn(page: Page, email: string = SECRETARY.email) {
  await page.goto("/gestion/parascolaire");
  await expect(page).toHaveURL(/\/gestion\/connexion/);
  await submitStaffCredentials(page, email, FIXTURE_STAFF_PASSWORD);
  await enrolSecondFactor(page);
}

/** A student's own browser (their token in its storage), on a calendar page. */
async function studentPage(page: Page, student: { email: string }) {
  const context = await page
    .context()
    .browser()
    ?.newContext({
      baseURL: test.info().project.use.baseURL,
      locale: "fr-FR",
      timezoneId: "Africa/Casablanca",
      viewport: { width: 1280, height: 800 },
    });
  if (!context) throw new Error("no browser");
  const studentTab = await context.newPage();
  const { token } = await signIn(studentTab, student.email, FIXTURE_PASSWORD);
  return { page: studentTab, token, close: () => context.close() };
}

test("a secretary publishes an event for her centre with its poster: its students see it, others do not; withdrawn, it is gone; she confirms an Islamic holiday and the student sees the confirmed date", async ({
  page,
}) => {
  test.setTimeout(600_000);
  await staffSignIn(page);
  await expect(page.getByRole("heading", { level: 1, name: "Événements parascolaires" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Sections de la gestion" })).toContainText("Jours fériés");
  await expectAccessibleAtBothWidths(page);

  // The form checks its fields before sending.
  await page.getByRole("button", { name: "Publier un événement" }).click();
  const dialog = page.getByRole("dialog", { name: "Publier un événement" });
  await dialog.getByRole("button", { name: "Publier" }).click();
  await expect(dialog.getByText("Le nom est requis.")).toBeVisible();
  await expect(dialog.getByLabel("Nom de l'événement")).toBeFocused();
  await expectAccessibleAtBothWidths(page);

  const day = eventDay();
  await dialog.getByLabel("Nom de l'événement").fill(EVENT_NAME);
  await dialog.getByLabel("Date").fill(day);
  await dialog.getByLabel("Heure de début").fill("15:00");
  await dialog.getByLabel("Heure de fin").fill("14:00");
  await dialog.getByLabel("Lieu").fill("Salle polyvalente, centre Ain Sebaa");
  await dialog.getByLabel("Type").selectOption({ label: "Culturel" });
  await dialog.getByLabel("Description").fill("Répétitions ouvertes à tous les niveaux, en espagnol.");
  await dialog.getByRole("button", { name: "Publier" }).click();
  await expect(dialog.getByText("L'heure de fin doit être après l'heure de début.")).toBeVisible();
  await dialog.getByLabel("Heure de fin").fill("17:00");
  // Her only centre is checked for her.
  await expect(dialog.getByRole("checkbox", { name: "Ain Sebaa" })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: "Zenith" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Publier" }).click();
  await expect(page.getByText("Événement publié.", { exact: true }).first()).toBeVisible();

  // The saved event opens for its poster: sent with a progress bar, then shown.
  const saved = page.getByRole("dialog", { name: `Modifier « ${EVENT_NAME} »` });
  await expect(saved.getByText("Aucune affiche pour le moment.")).toBeVisible();
  const poster = await sharp({ create: { width: 480, height: 640, channels: 3, background: "#be185d" } })
    .jpeg()
    .toBuffer();
  await saved
    .getByLabel("Ajouter une affiche")
    .setInputFiles({ name: "affiche.jpg", mimeType: "image/jpeg", buffer: poster });
  await expectAccessibleAtBothWidths(page);
  await saved.getByRole("button", { name: "Envoyer l'affiche" }).click();
  await expect(page.getByText("Affiche enregistrée.", { exact: true }).first()).toBeVisible();
  await expect(saved.getByRole("img", { name: `Affiche de « ${EVENT_NAME} »` })).toBeVisible();
  await saved.getByRole("button", { name: "Annuler" }).click();

  // The list, filtered in the address: a reload shows the same.
  await page.getByLabel("Type").selectOption({ label: "Culturel" });
  await expect(page).toHaveURL(/type=cultural/);
  await page.reload();
  const row = page.getByRole("row", { name: new RegExp(EVENT_NAME) });
  await expect(row).toContainText("15:00 – 17:00");
  await expect(row).toContainText("Ain Sebaa");

  // A student of Ain Sebaa sees it, and its poster.
  const ainSebaa = await studentPage(page, AIN_SEBAA);
  await ainSebaa.page.goto("/parascolaire-calendar");
  await ainSebaa.page.getByRole("link", { name: new RegExp(EVENT_NAME) }).click();
  await expect(ainSebaa.page.getByRole("heading", { name: EVENT_NAME })).toBeVisible();
  const shown = ainSebaa.page.getByRole("img", { name: `Affiche : ${EVENT_NAME}` });
  await expect(shown).toBeVisible();
  expect(await shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // A student of Zenith does not.
  const zenith = await studentPage(page, ZENITH);
  await zenith.page.goto("/parascolaire-calendar");
  await expect(zenith.page.getByRole("heading", { level: 1, name: "Calendrier Parascolaire" })).toBeVisible();
  await expect(zenith.page.getByRole("list").first()).toBeVisible();
  await expect(zenith.page.getByText(EVENT_NAME)).toHaveCount(0);
  await zenith.close();

  // Withdrawn, after a confirmation: gone for the student on the next load.
  await row.getByRole("button", { name: `Retirer « ${EVENT_NAME} »` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Retirer cet événement ?" });
  await expectAccessibleAtBothWidths(page);
  await confirm.getByRole("button", { name: "Retirer" }).click();
  await expect(page.getByText("Événement retiré.", { exact: true }).first()).toBeVisible();
  await expect(row).toHaveCount(0);
  await ainSebaa.page.goto("/parascolaire-calendar");
  await expect(ainSebaa.page.getByRole("heading", { level: 1, name: "Calendrier Parascolaire" })).toBeVisible();
  await expect(ainSebaa.page.getByRole("list").first()).toBeVisible();
  await expect(ainSebaa.page.getByText(EVENT_NAME)).toHaveCount(0);

  // Holidays: an Islamic holiday shows 'Date prévue' to the student until the staff confirm it.
  const student = ainSebaa;
  const before = (await apiData<HolidayRecord[]>(student.page, student.token, "/api/jours-feries")).map(
    toCalendarHoliday,
  );
  const expected = before.find((h) => h.date_status === "Date prévue");
  if (!expected) throw new Error("no expected religious holiday this school year");
  await student.page.goto("/jourOff-calendar");
  const card = student.page
    .getByRole("list", { name: "Jours fériés" })
    .getByRole("listitem")
    .filter({ has: student.page.getByRole("heading", { name: expected.title, exact: true }) });
  await expect(card).toContainText(`${expected.date} · Date prévue`);

  await page.getByRole("link", { name: "Jours fériés", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Jours fériés \d{4}-\d{4}$/ })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  const rowOf = (on: Page) => on.getByRole("row", { name: new RegExp(`^${escapeRegExp(expected.title)}`) }).first();
  const confirmButton = { name: `Confirmer la date de « ${expected.title} »` };
  // A national entry is the direction's: the secretary reads it, without actions.
  await expect(rowOf(page)).toContainText("Date prévue");
  await expect(rowOf(page).getByRole("button", confirmButton)).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Générer/ })).toHaveCount(0);

  const directionTab = await page
    .context()
    .browser()
    ?.newContext({
      baseURL: test.info().project.use.baseURL,
      locale: "fr-FR",
      viewport: { width: 1280, height: 800 },
    });
  if (!directionTab) throw new Error("no browser");
  const direction = await directionTab.newPage();
  await staffSignIn(direction, FIXTURE_STAFF.calendarsDirection.email);
  await direction.goto("/gestion/jours-feries");
  await rowOf(direction).getByRole("button", confirmButton).click();
  await expect(direction.getByText("Date confirmée.", { exact: true }).first()).toBeVisible();
  await expect(rowOf(direction)).toContainText("Date confirmée");
  await directionTab.close();

  // The form of a closure, checked before sending.
  await page.getByRole("button", { name: "Ajouter une fermeture" }).click();
  const closureDialog = page.getByRole("dialog", { name: "Ajouter une fermeture" });
  await closureDialog.getByRole("button", { name: "Ajouter" }).click();
  await expect(closureDialog.getByText("Le nom est requis.")).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await closureDialog.getByRole("button", { name: "Annuler" }).click();

  await student.page.reload();
  await expect(card).toContainText(`${expected.date} · Date confirmée`);
  await student.close();
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
