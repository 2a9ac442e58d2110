import { readFileSync } from "node:fs";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { calendarDay, schoolYearOf, schoolYearStarting } from "@puerta/contract";
import { extractText, getDocumentProxy } from "unpdf";
import { screenshots } from "../support/documents.ts";
import { FIXTURE_STAFF } from "../support/fixture-staff.ts";
import { waitForApp } from "../support/in-app.ts";
import { submitLogin } from "../support/login-form.ts";
import { waitForMail, waitForMailWithSubject } from "../support/mailbox.ts";
import { expectNoAxeViolations } from "../support/session.ts";
import { expectAccessibleAtBothWidths } from "../support/staff.ts";
import { signInFixtureStaff } from "../support/staff-sign-in.ts";

/**
 * Issue 43's acceptance walk (docs/spec/school-year-and-data.md sections 1-3, decision 111): a
 * school year from September to June. Two students are imported and activate their accounts,
 * the year's content is published, the direction closes the year with one of them continuing,
 * then the continuing student sees only the new year's content, a student of the new year never
 * sees last year's, and the one who left signs in to a reduced area and downloads a past-year
 * attestation whose QR code verifies. Every count the screens show is compared with the rows it
 * counts, read from the same staff session.
 *
 * Closing the year makes every student of the current year a former student: this spec runs
 * last (the `year-end` project of playwright.config.ts).
 */
const STAFF = FIXTURE_STAFF.yearDirection;

// The demo's current year is the one of today's date (apps/api/src/demo/school-years.ts).
const YEAR = schoolYearOf(calendarDay(new Date()));
const CURRENT = YEAR.label;
const NEXT = schoolYearStarting(YEAR.startYear + 1).label;

const NORA = { prenom: "Nora", nom: "Fassi", email: "nora.fassi.e2e@example.com", password: "Olivier-De-Septembre-26" };
const KARIM = {
  prenom: "Karim",
  nom: "Ouazzani",
  email: "karim.ouazzani.e2e@example.com",
  password: "Grenadier-De-Septembre-26",
};
const YANIS = {
  prenom: "Yanis",
  nom: "Benali",
  email: "yanis.benali.e2e@example.com",
  password: "Amandier-De-Rentree-27",
};
const CSV = [
  "nom;prenom;email;telephone;cin;numero_etudiant;centre;option;filiere",
  `${NORA.nom};${NORA.prenom};${NORA.email};;;;Ain Sebaa;Selectividad Santé;`,
  `${KARIM.nom};${KARIM.prenom};${KARIM.email};;;;Zenith;Selectividad Ingénierie;`,
].join("\r\n");

const SEPTEMBER_NOTICE = `Réunion de rentrée ${CURRENT} E2E`;
const NEW_YEAR_NOTICE = `Rentrée ${NEXT} E2E`;

test.describe.configure({ mode: "serial" });

/** A browser of its own for each person (axe needs a page made by a context). */
async function personPage(browser: Browser): Promise<Page> {
  const { baseURL, locale, timezoneId } = test.info().project.use;
  const context = await browser.newContext({ baseURL, locale, timezoneId, viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

let staff: Page;
/** What the students list of the back-office counts for these filters, from the staff session. */
async function listTotal(query: string): Promise<number> {
  const response = await staff.request.get(`/api/gestion/etudiants?per_page=1${query ? `&${query}` : ""}`);
  expect(response.status(), query).toBe(200);
  return ((await response.json()) as { total: number }).total;
}

/** The year's card on /gestion/annees. */
const yearCard = (page: Page, label: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name: label, exact: true }) });

/** The number a <dl> shows for a term. */
const shown = (scope: Locator, term: string) =>
  scope.locator(`xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`);

/** The invitation of `email`, opened in the student's own browser: the password chosen, on to /planning. */
async function activate(browser: Browser, person: { prenom: string; nom: string; email: string; password: string }) {
  const mail = await waitForMail(person.email);
  const link = /https?:\/\/\S+(\/activer-compte\?token=[^\s"<>]+)/.exec(mail.text ?? "")?.[1];
  if (!link) throw new Error(`no activation link in: ${mail.text}`);
  const page = await personPage(browser);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Activer mon compte" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Bienvenue, ${person.prenom} ${person.nom}.`)).toBeVisible();
  await page.getByLabel("Mot de passe", { exact: true }).fill(person.password);
  await page.getByLabel("Confirmer le mot de passe", { exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Activer mon compte" }).click();
  await expect(page).toHaveURL(/\/planning$/);
  await expect(page.getByRole("heading", { level: 1, name: "Planning" })).toBeVisible();
  return page;
}

/** A new student's first gated page (/profile): the non-refund policy, read to its end and accepted. */
async function acceptPolicy(page: Page) {
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/policy-acceptance$/);
  await expect(page.getByRole("heading", { level: 1, name: "Politique de non-remboursement" })).toBeVisible();
  const checkbox = page.getByRole("checkbox", { name: /je l'accepte/ });
  await page.getByTestId("policy-content").evaluate((box) => {
    box.scrollTop = box.scrollHeight;
  });
  await expect(checkbox).toBeEnabled();
  await checkbox.check();
  const accepted = page.waitForResponse("**/api/policy/accept");
  await page.getByRole("button", { name: /^Accepter et continuer/ }).click();
  expect((await accepted).status()).toBe(200);
  await expect(page).not.toHaveURL(/\/policy-acceptance$/);
}

/**
 * The student's /notifications, loaded: the titles shown, and the unread count the title's badge
 * and the header's link say, each compared with the rows marked « Nouveau ».
 */
async function studentNotifications(page: Page): Promise<string[]> {
  await page.goto("/notifications");
  const heading = page.getByRole("heading", { level: 1, name: /^Notifications/ });
  await expect(heading).toBeVisible({ timeout: 30_000 });
  const articles = page.getByRole("article");
  await expect(articles.first().or(page.getByText("Aucune notification"))).toBeVisible({ timeout: 30_000 });
  // Read once the app has hydrated: the rows' « Nouveau » then say what the student's session knows.
  await waitForApp(page);
  const titles = await articles.getByRole("heading").allTextContents();
  const unread = await page.getByText("Nouveau", { exact: true }).count();
  const badge = /(\d+)/.exec((await heading.textContent()) ?? "")?.[1];
  expect(Number(badge ?? 0), "the title's badge counts the unread rows shown").toBe(unread);
  const navLink = page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", {
    name: /^Notifications/,
  });
  if (unread > 0) await expect(navLink).toContainText(`${unread} non lue`);
  else await expect(navLink).not.toContainText("non lue");
  return titles.map((title) => title.trim());
}

/**
 * Publishes a notification to every student through the compose screen; the number of recipients
 * it announces is the students list's enrolled students less the deactivated accounts. Answers
 * the notification's id.
 */
async function publishToEveryone(titre: string): Promise<number> {
  const recipients = (await listTotal("")) - (await listTotal("statut=desactive"));
  await staff.goto("/gestion/notifications/nouvelle");
  await expect(staff.getByRole("heading", { level: 1, name: "Nouvelle notification" })).toBeVisible();
  await staff.getByRole("textbox", { name: "Titre", exact: true }).fill(titre);
  await staff.getByRole("textbox", { name: "Message", exact: true }).fill(`${titre} : le programme de l'année.`);
  await staff.getByLabel("Destinataires").selectOption("tous");
  await expect(
    staff.getByText(recipients === 1 ? "1 étudiant la recevra" : `${recipients} étudiants la recevront`),
  ).toBeVisible();
  await expectAccessibleAtBothWidths(staff);
  await staff.getByRole("button", { name: "Publier", exact: true }).click();
  await expect(staff.getByText("Notification publiée.", { exact: true })).toBeVisible();
  await expect(staff.getByRole("heading", { level: 1, name: titre })).toBeVisible();
  await expect(staff.getByRole("heading", { name: `Lectures : lue par 0 / ${recipients}` })).toBeVisible();
  const id = /\/gestion\/notifications\/(\d+)$/.exec(new URL(staff.url()).pathname)?.[1];
  if (!id) throw new Error(`no notification id in ${staff.url()}`);
  return Number(id);
}

let nora: Page;
let karim: Page;
let septemberNotice = 0;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  staff = await personPage(browser);
  await signInFixtureStaff(staff, STAFF.email, "/gestion");
});

test.afterAll(async () => {
  for (const page of [staff, nora, karim]) await page?.context().close();
});

test(`September: two students imported into ${CURRENT} activate their accounts and read the year's first notification`, async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const enrolledBefore = await listTotal("");
  await staff.goto("/gestion/etudiants/import");
  await expect(staff.getByRole("heading", { level: 1, name: "Importer des étudiants" })).toBeVisible();
  await staff.getByLabel("Fichier CSV ou XLSX").setInputFiles({
    name: "rentree.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`\uFEFF${CSV}`),
  });
  await staff.getByRole("button", { name: "Prévisualiser" }).click();
  const preview = staff.getByRole("table", { name: "Aperçu de l'import" });
  await expect(preview.getByRole("row", { name: new RegExp(NORA.nom) })).toContainText("Nouveau");
  await expect(preview.getByRole("row", { name: new RegExp(KARIM.nom) })).toContainText("Nouveau");
  await expect(staff.getByLabel("Envoyer une invitation aux nouveaux étudiants")).toBeChecked();
  await staff.getByRole("button", { name: "Importer 2 lignes" }).click();
  await expect(staff.getByRole("heading", { name: "Import terminé" })).toBeVisible();
  await expect(staff.getByRole("status").filter({ hasText: "2 étudiants créés" }).first()).toBeVisible();
  expect(await listTotal("")).toBe(enrolledBefore + 2);
  expect(await listTotal(`promotion=${CURRENT}&q=${NORA.email}`)).toBe(1);

  nora = await activate(browser, NORA);
  karim = await activate(browser, KARIM);

  septemberNotice = await publishToEveryone(SEPTEMBER_NOTICE);
  // Nora accepts the non-refund policy; Karim, who leaves in June, never does.
  await acceptPolicy(nora);
  for (const student of [nora, karim]) {
    expect(await studentNotifications(student)).toContain(SEPTEMBER_NOTICE);
  }
  await expectNoAxeViolations(nora);
  await nora.goto(`/notification/${septemberNotice}`);
  await expect(nora.getByRole("heading", { level: 1, name: SEPTEMBER_NOTICE })).toBeVisible({ timeout: 30_000 });
});

test(`June: the direction closes ${CURRENT} with ${NORA.prenom} continuing; the counts are the rows they count`, async () => {
  test.setTimeout(300_000);
  const testInfo = test.info();
  await staff.goto("/gestion/annees");
  await expect(staff.getByRole("heading", { level: 1, name: "Années scolaires" })).toBeVisible();
  const current = yearCard(staff, CURRENT);
  await expect(current).toContainText("En cours");
  await expect(current).toHaveAttribute("aria-current", "true");
  const enrolled = await listTotal("");
  const leftDuringTheYear = await listTotal(`promotion=${CURRENT}&statut_scolaire=ancien_eleve`);
  expect(enrolled).toBeGreaterThan(2);
  await expect(shown(current, "Inscrits")).toHaveText(String(enrolled));
  await expect(shown(current, "Anciens élèves")).toHaveText(String(leftDuringTheYear));
  await expectAccessibleAtBothWidths(staff);

  // The card's number leads to the list of the rows it counts.
  await shown(current, "Inscrits").getByRole("link").click();
  await expect(staff).toHaveURL(new RegExp(`/gestion/etudiants\\?promotion=${CURRENT}$`));
  await expect(staff.getByText(new RegExp(`^Lignes 1–\\d+ sur ${enrolled}$`))).toBeVisible();
  await staff.goBack();

  // Step 1: nobody continues by default; Nora, found by her name, is ticked.
  await staff.getByRole("link", { name: `Clôturer l'année ${CURRENT}` }).click();
  await expect(staff.getByRole("heading", { level: 1, name: `Clôturer l'année ${CURRENT}` })).toBeVisible();
  await expect(staff.getByRole("heading", { name: `Qui continue en ${NEXT} ?` })).toBeVisible();
  await expect(staff.getByText(`les ${enrolled} inscrits de ${CURRENT} deviennent anciens élèves`)).toBeVisible();
  const status = staff.getByText(/^\d+ étudiant\(s\) continuent en /);
  await expect(status).toHaveText(`0 étudiant(s) continuent en ${NEXT}`);
  await expect(staff.getByRole("button", { name: `Cocher les ${enrolled} étudiant(s) filtrés` })).toBeVisible();
  await expectAccessibleAtBothWidths(staff);
  await screenshots(staff, testInfo, "cloture-choix");
  await staff.getByLabel("Rechercher (nom, numéro)").fill(NORA.nom);
  const choices = staff.getByRole("list", { name: "Inscrits" }).getByRole("checkbox");
  await expect(choices).toHaveCount(1);
  await expect(staff.getByRole("button", { name: "Cocher les 1 étudiant(s) filtrés" })).toBeEnabled();
  await staff.getByRole("checkbox", { name: new RegExp(`^${NORA.prenom} ${NORA.nom}`) }).check();
  await expect(status).toHaveText(`1 étudiant(s) continuent en ${NEXT}`);
  await expectAccessibleAtBothWidths(staff);

  // Step 2: the preview, nothing written.
  await staff.getByRole("button", { name: "Voir l'aperçu" }).click();
  await expect(staff.getByRole("heading", { name: `Aperçu de la clôture de ${CURRENT}` })).toBeVisible();
  await expect(shown(staff.locator("body"), `Continuent en ${NEXT}`)).toHaveText("1");
  await expect(shown(staff.locator("body"), "Deviennent anciens élèves (Fin de formation)")).toHaveText(
    String(enrolled - 1),
  );
  await expect(staff.getByText("Rien n'est encore enregistré.")).toBeVisible();
  expect(await listTotal("")).toBe(enrolled);
  await expectAccessibleAtBothWidths(staff);
  await screenshots(staff, testInfo, "cloture-apercu");

  // Step 3: the closure.
  await staff.getByRole("button", { name: "Continuer vers la confirmation" }).click();
  await expect(staff.getByRole("heading", { name: `Confirmer la clôture de ${CURRENT}` })).toBeVisible();
  await expectAccessibleAtBothWidths(staff);
  await screenshots(staff, testInfo, "cloture-confirmation");
  await staff.getByRole("button", { name: `Clôturer l'année ${CURRENT}` }).click();
  await expect(
    staff.getByRole("heading", { name: `L'année ${CURRENT} est clôturée ; ${NEXT} est maintenant en cours.` }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(
    staff.getByText(`1 étudiant(s) continuent en ${NEXT} ; ${enrolled - 1} sont maintenant anciens élèves.`),
  ).toBeVisible();
  await expectAccessibleAtBothWidths(staff);
  await screenshots(staff, testInfo, "cloture-faite");

  // The years: the next one in progress with the continuing student, the closed one with its cohort.
  await staff.getByRole("link", { name: "Retour aux années" }).click();
  await expect(staff.getByRole("heading", { level: 1, name: "Années scolaires" })).toBeVisible();
  const next = yearCard(staff, NEXT);
  const closed = yearCard(staff, CURRENT);
  await expect(next).toContainText("En cours");
  await expect(next).toHaveAttribute("aria-current", "true");
  await expect(closed).toContainText("Clôturée");
  await expect(closed).not.toHaveAttribute("aria-current", "true");
  await expect(staff.getByRole("link", { name: `Clôturer l'année ${NEXT}` })).toBeVisible();

  expect(await listTotal(`promotion=${NEXT}`)).toBe(1);
  expect(await listTotal("")).toBe(1);
  expect(await listTotal(`promotion=${NEXT}&q=${NORA.email}`)).toBe(1);
  await expect(shown(next, "Inscrits")).toHaveText(String(await listTotal(`promotion=${NEXT}`)));
  await expect(shown(next, "Anciens élèves")).toHaveText(
    String(await listTotal(`promotion=${NEXT}&statut_scolaire=ancien_eleve`)),
  );
  const formers = await listTotal(`promotion=${CURRENT}&statut_scolaire=ancien_eleve`);
  expect(formers).toBe(leftDuringTheYear + enrolled - 1);
  expect(await listTotal(`promotion=${CURRENT}&statut_scolaire=inscrit`)).toBe(0);
  await expect(shown(closed, "Anciens élèves")).toHaveText(String(formers));
  // Everyone who attended the closed year: its cohort, and Nora, who has moved on to the next.
  await expect(shown(closed, "Inscrits cette année-là")).toHaveText(
    String((await listTotal(`promotion=${CURRENT}`)) + 1),
  );
  await expectAccessibleAtBothWidths(staff);
  await screenshots(staff, testInfo, "annees-apres-cloture");

  // The closed year's former students, from the card's number: Karim among them, Nora not.
  await shown(closed, "Anciens élèves").getByRole("link").click();
  await expect(staff).toHaveURL(new RegExp(`/gestion/etudiants\\?promotion=${CURRENT}&statut_scolaire=ancien_eleve$`));
  await expect(staff.getByText(new RegExp(`^Lignes 1–\\d+ sur ${formers}$`))).toBeVisible();
  await staff.getByLabel("Rechercher un étudiant").fill(KARIM.email);
  await expect(staff.getByRole("row", { name: new RegExp(KARIM.nom) })).toContainText("Ancien élève");
  await expect(staff.getByText(/^Lignes 1–1 sur 1$/)).toBeVisible();
  await staff.getByLabel("Rechercher un étudiant").fill(NORA.email);
  await expect(staff.getByText("Aucun résultat")).toBeVisible();
  await expectAccessibleAtBothWidths(staff);
});

test(`${NEXT}: the continuing student and a new one see only what was published for it`, async ({ browser }) => {
  test.setTimeout(300_000);
  const newYearNotice = await publishToEveryone(NEW_YEAR_NOTICE);
  expect(newYearNotice).not.toBe(septemberNotice);

  // Nora signs in again: only the new year's notification.
  await nora.context().close();
  nora = await personPage(browser);
  await nora.goto("/login");
  await submitLogin(nora, NORA.email, NORA.password);
  await expect(nora).toHaveURL(/\/planning$/);
  const seenByNora = await studentNotifications(nora);
  expect(seenByNora).toContain(NEW_YEAR_NOTICE);
  expect(seenByNora).not.toContain(SEPTEMBER_NOTICE);
  await expectNoAxeViolations(nora);
  await nora.goto(`/notification/${septemberNotice}`);
  await expect(nora.getByRole("heading", { name: "Notification non trouvée" })).toBeVisible({ timeout: 30_000 });

  // A student enrolled in the new year, created by the direction and invited.
  await staff.goto("/gestion/etudiants");
  await expect(staff.getByRole("heading", { level: 1, name: "Étudiants" })).toBeVisible();
  await staff.getByRole("button", { name: "Nouvel étudiant" }).click();
  const dialog = staff.getByRole("dialog", { name: "Nouvel étudiant" });
  await dialog.getByLabel("Nom", { exact: true }).fill(YANIS.nom);
  await dialog.getByLabel("Prénom", { exact: true }).fill(YANIS.prenom);
  await dialog.getByLabel("Adresse e-mail").fill(YANIS.email);
  await dialog.getByLabel("Centre").selectOption({ label: "Ain Sebaa" });
  await expectAccessibleAtBothWidths(staff);
  await dialog.getByRole("button", { name: "Créer et inviter" }).click();
  await expect(staff.getByText("Étudiant créé, invitation envoyée.", { exact: true }).first()).toBeVisible();
  expect(await listTotal(`promotion=${NEXT}&q=${YANIS.email}`)).toBe(1);
  expect(await listTotal(`promotion=${NEXT}`)).toBe(2);
  await staff.goto("/gestion/annees");
  await expect(shown(yearCard(staff, NEXT), "Inscrits")).toHaveText("2");

  const yanis = await activate(browser, YANIS);
  await acceptPolicy(yanis);
  const seenByYanis = await studentNotifications(yanis);
  expect(seenByYanis).toContain(NEW_YEAR_NOTICE);
  expect(seenByYanis).not.toContain(SEPTEMBER_NOTICE);
  await expectNoAxeViolations(yanis);
  await yanis.goto(`/notification/${septemberNotice}`);
  await expect(yanis.getByRole("heading", { name: "Notification non trouvée" })).toBeVisible({ timeout: 30_000 });
  await yanis.goto(`/notification/${newYearNotice}`);
  await expect(yanis.getByRole("heading", { level: 1, name: NEW_YEAR_NOTICE })).toBeVisible({ timeout: 30_000 });
  await yanis.context().close();
});

test(`${KARIM.prenom}, a former student, keeps a reduced area and downloads a ${CURRENT} attestation that verifies`, async ({
  browser,
}) => {
  test.setTimeout(300_000);
  await karim.context().close();
  karim = await personPage(browser);
  await karim.goto("/login");
  await submitLogin(karim, KARIM.email, KARIM.password);
  await expect(karim).toHaveURL(/\/demande-attestation$/);
  await expect(karim.getByRole("heading", { level: 1, name: "Demandes d'Attestations" })).toBeVisible();
  const nav = karim.getByRole("navigation", { name: "Navigation principale" });
  await expect(nav.getByRole("link")).toHaveText(["Docs Administratifs", "Profil", "Mot de passe"]);
  await expect(nav.getByRole("link", { name: /Planning|Notifications/ })).toHaveCount(0);
  await expectNoAxeViolations(karim);

  // Any other student page: his training has ended, and where his attestations are.
  for (const path of ["/planning", "/notifications"]) {
    await karim.goto(path);
    await expect(karim.getByRole("heading", { level: 1, name: "Votre formation est terminée" })).toBeVisible();
    await expect(karim.getByRole("link", { name: "Voir mes attestations" })).toHaveAttribute(
      "href",
      "/demande-attestation",
    );
  }
  await expectNoAxeViolations(karim);
  await karim.getByRole("link", { name: "Voir mes attestations" }).click();
  await expect(karim).toHaveURL(/\/demande-attestation$/);

  // He asks for an attestation de scolarité: the one year he attended is the one it is about.
  await expect(karim.getByRole("heading", { level: 1, name: "Demandes d'Attestations" })).toBeVisible();
  await karim.getByRole("checkbox", { name: "Español" }).check();
  await karim.getByRole("button", { name: /Demander Attestation Scolaire/ }).click();
  await expect(karim.getByRole("heading", { name: "Demande Envoyée !" })).toBeVisible();

  // The direction makes it available.
  await staff.goto("/gestion/demandes?status=En+Cours");
  await expect(staff.getByRole("heading", { level: 1, name: "Demandes d'attestation" })).toBeVisible();
  const request = staff.getByRole("row").filter({ hasText: `${KARIM.prenom} ${KARIM.nom}` });
  await expect(request).toHaveCount(1);
  await request.getByRole("link", { name: `${KARIM.prenom} ${KARIM.nom}` }).click();
  await expect(staff.getByRole("heading", { level: 1, name: `Demande de ${KARIM.prenom} ${KARIM.nom}` })).toBeVisible();
  await expect(shown(staff.locator("body"), "Année scolaire")).toHaveText(CURRENT);
  await staff.getByRole("button", { name: "Rendre disponible" }).click();
  const confirm = staff.getByRole("alertdialog").or(staff.getByRole("dialog"));
  await expect(confirm).toContainText("Rendre cette demande disponible ?");
  await confirm.getByRole("button", { name: "Rendre disponible" }).click();
  await expect(staff.getByText("Attestation disponible.", { exact: true })).toBeVisible();
  const attestation = staff.getByRole("region", { name: "Attestation", exact: true });
  await expect(attestation).toContainText(/PUE-\d{4}-\d{6}/);
  const numero = /PUE-\d{4}-\d{6}/.exec((await attestation.textContent()) ?? "")?.[0] ?? "";
  await expectAccessibleAtBothWidths(staff);

  // Karim downloads it: worded in the past tense, for the closed year.
  await waitForMailWithSubject(KARIM.email, "Votre attestation est disponible");
  await karim.goto("/demande-attestation");
  const row = karim.getByRole("row").filter({ hasText: "Attestation scolaire" });
  await expect(row).toContainText("Disponible");
  await expect(row).toContainText(`Année ${CURRENT}`);
  await expectNoAxeViolations(karim);
  const download = karim.waitForEvent("download");
  await row.getByRole("button", { name: "Télécharger l'attestation" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`attestation-${numero}.pdf`);
  const bytes = readFileSync(await file.path());
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  const prose = text.replace(/\s+/g, " ");
  expect(prose).toContain(`${KARIM.prenom} ${KARIM.nom}`);
  expect(prose).toContain(numero);
  expect(prose).toContain(`a été régulièrement inscrit(e) dans notre établissement au titre de l'année ${CURRENT}`);
  expect(prose).not.toContain("est régulièrement inscrit(e)");
  const address = /https?:\/\/\S+\/verifier\/[A-Z2-7]{26}/.exec(text)?.[0];
  if (!address) throw new Error(`no verification address in the PDF: ${text}`);

  // The address the QR code carries, opened by a visitor.
  const visitor = await personPage(browser);
  await visitor.goto(new URL(address).pathname);
  await expect(visitor.getByRole("heading", { name: "Attestation valide" })).toBeVisible({ timeout: 30_000 });
  await expect(visitor.getByText(`${KARIM.prenom} ${KARIM.nom}`)).toBeVisible();
  await expect(visitor.getByText(numero)).toBeVisible();
  await expect(shown(visitor.locator("body"), "Année scolaire")).toHaveText(CURRENT);
  await expectAccessibleAtBothWidths(visitor);
  await visitor.context().close();
});

test("after the year: the direction's personal data screen shows the periods and the purge's preview, counted as the API counts it", async ({
  browser: _browser,
}, testInfo) => {
  await staff.goto("/gestion/donnees-personnelles");
  await expect(staff.getByRole("heading", { level: 1, name: "Données personnelles" })).toBeVisible();
  // The spec's defaults until the direction changes them.
  await expect(staff.getByRole("spinbutton", { name: /^Anciens élèves/ })).toHaveValue("36");
  await staff.getByRole("button", { name: "Aperçu de la purge" }).click();
  const table = staff.getByRole("table", { name: "Aperçu de la purge" });
  await expect(table).toBeVisible();
  const xsrf = (await staff.context().cookies()).find((cookie) => cookie.name === "XSRF-TOKEN")?.value ?? "";
  const answer = await staff.request.post("/api/gestion/conservation/purge", {
    data: { apercu: true },
    headers: { "X-XSRF-TOKEN": xsrf },
  });
  expect(answer.status()).toBe(200);
  const { categories } = (await answer.json()) as { categories: { nombre: number }[] };
  const total = categories.reduce((sum, category) => sum + category.nombre, 0);
  await expect(table.locator("tfoot td")).toHaveText(String(total));
  await expectAccessibleAtBothWidths(staff);
  await screenshots(staff, testInfo, "donnees-personnelles");
});
