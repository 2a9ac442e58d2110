import { expect, type Page, test } from "@playwright/test";
import { screenshots } from "../support/documents.ts";
import { FIXTURE_STAFF, FIXTURE_STAFF_PASSWORD } from "../support/fixture-staff.ts";
import { waitForMail } from "../support/mailbox.ts";
import {
  expectAccessibleAtBothWidths,
  secretFromEnrolmentScreen,
  submitStaffCredentials,
  totpCode,
} from "../support/staff.ts";

/** Signs a fixture staff member in for the first time: password, enrolment, recovery codes, continue. */
async function signInAndEnrol(page: Page, email: string) {
  await page.goto("/gestion/connexion");
  await submitStaffCredentials(page, email, FIXTURE_STAFF_PASSWORD);
  await expect(page.getByRole("heading", { name: "Activer la double authentification" })).toBeVisible();
  const secret = await secretFromEnrolmentScreen(page);
  secrets.set(email, secret);
  await page.getByLabel("Code de confirmation").fill(await totpCode(secret));
  await page.getByRole("button", { name: "Confirmer" }).click();
  await expect(page.getByRole("heading", { name: "Vos codes de secours" })).toBeVisible();
  await page.getByRole("button", { name: /continuer/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
}

/** A later sign-in of an account a previous test of this file enrolled (the secret kept below). */
const secrets = new Map<string, string>();
async function signInAgain(page: Page, email: string) {
  await submitStaffCredentials(page, email, FIXTURE_STAFF_PASSWORD);
  await page.getByLabel("Code de vérification").fill(await totpCode(secrets.get(email) ?? ""));
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
}

// One bad line (an unknown centre) among three; accents and case differ from the reference data.
const IMPORTED = { prenom: "Inès", nom: "Lahlou", email: "ines.lahlou.e2e@example.com" };
const CSV = [
  "nom;prenom;email;telephone;cin;numero_etudiant;centre;option;filiere",
  `${IMPORTED.nom};${IMPORTED.prenom};${IMPORTED.email};+212 6 10 20 30 40;;;ain sebaa;selectividad sante;`,
  "Berrada;Mehdi;mehdi.berrada.e2e@example.com;;;;Zénith;;",
  "Inconnu;Centre;centre.inconnu.e2e@example.com;;;;Rabat Agdal;;",
].join("\r\n");
const PASSWORD = "Cerisier-Au-Printemps-26";

test.describe.configure({ mode: "serial" });

test("the direction imports a CSV with one bad line; an invited student activates and sees their centre's planning", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(600_000);
  await signInAndEnrol(page, FIXTURE_STAFF.studentsDirection.email);

  await page.getByRole("link", { name: "Étudiants", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Étudiants" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "etudiant.demo@example.com" })).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  // Filters live in the address.
  // (Other specs' fixture students share the demo student's name: her address is hers alone.)
  await page.getByLabel("Rechercher un étudiant").fill("etudiant.demo@");
  await expect(page).toHaveURL(/q=etudiant\.demo(@|%40)/);
  await page.reload();
  await expect(page.getByLabel("Rechercher un étudiant")).toHaveValue("etudiant.demo@");
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("cell", { name: /etudiant\.demo@example\.com/ })).toBeVisible();
  await screenshots(page, testInfo, "etudiants-liste");

  await page.goto("/gestion/etudiants");
  await page.getByRole("link", { name: "Importer" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Importer des étudiants" })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await page.getByLabel("Fichier CSV ou XLSX").setInputFiles({
    name: "etudiants.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`\uFEFF${CSV}`),
  });
  await page.getByRole("button", { name: "Prévisualiser" }).click();
  const preview = page.getByRole("table", { name: "Aperçu de l'import" });
  await expect(preview).toBeVisible();
  await expect(preview.getByRole("row", { name: /Lahlou/ })).toContainText("Nouveau");
  await expect(preview.getByRole("row", { name: /Inconnu/ })).toContainText("Erreur");
  await expect(preview.getByRole("row", { name: /Inconnu/ })).toContainText("Centre inconnu : « Rabat Agdal ».");
  await expectAccessibleAtBothWidths(page);
  await screenshots(page, testInfo, "etudiants-import");
  await expect(page.getByLabel("Envoyer une invitation aux nouveaux étudiants")).toBeChecked();
  await page.getByRole("button", { name: "Importer 2 lignes" }).click();
  await expect(page.getByRole("heading", { name: "Import terminé" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "2 étudiants créés" }).first()).toBeVisible();

  // The student's page, with "Voir comme l'étudiant".
  await page.goto(`/gestion/etudiants?q=${IMPORTED.email}`);
  const row = page.getByRole("row", { name: new RegExp(IMPORTED.nom) });
  await expect(row).toContainText("Invitation envoyée");
  await row.getByRole("link", { name: IMPORTED.nom }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${IMPORTED.prenom} ${IMPORTED.nom}` })).toBeVisible();
  await expect(page.getByText("Ain Sebaa").first()).toBeVisible();
  await page.getByRole("button", { name: "Voir comme l'étudiant" }).click();
  await expect(page.getByRole("heading", { name: `Ce que voit ${IMPORTED.prenom} ${IMPORTED.nom}` })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await screenshots(page, testInfo, "etudiant-fiche");

  // The invitation, read from the outbox's file, opened in the student's own browser.
  const mail = await waitForMail(IMPORTED.email);
  const link = /https?:\/\/\S+(\/activer-compte\?token=[^\s"<>]+)/.exec(mail.text ?? "")?.[1];
  expect(link, mail.text).toBeTruthy();
  const studentContext = await browser.newContext({ locale: "fr-FR", timezoneId: "Africa/Casablanca" });
  const student = await studentContext.newPage();
  await student.goto(link as string);
  await expect(student.getByRole("heading", { name: "Activer mon compte" })).toBeVisible();
  await expect(student.getByText(`Bienvenue, ${IMPORTED.prenom} ${IMPORTED.nom}.`)).toBeVisible();
  await expectAccessibleAtBothWidths(student);
  await screenshots(student, testInfo, "activer-compte");
  await student.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
  await student.getByLabel("Confirmer le mot de passe", { exact: true }).fill(PASSWORD);
  await student.getByRole("button", { name: "Activer mon compte" }).click();
  await expect(student).toHaveURL(/\/planning$/);
  await expect(student.getByRole("heading", { level: 1, name: "Planning" })).toBeVisible();
  await expect(student.getByRole("button", { name: /Centre Ain Sebaa/ })).toBeVisible();
  await expect(student.getByRole("button", { name: /Centre Zenith/ })).toHaveCount(0);

  // The link is spent.
  await student.goto(link as string);
  await expect(student.getByRole("alert")).toContainText("Ce lien d'activation n'est plus valide.");
  await studentContext.close();
});

test("a secretary edits one of her students; another centre's student does not exist for her", async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await signInAndEnrol(page, FIXTURE_STAFF.studentsSecretary.email);
  await page.getByRole("link", { name: "Étudiants", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Étudiants" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "etudiant.demo@example.com" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "etudiant2.demo@example.com" })).toHaveCount(0);

  const row = page.getByRole("row", { name: /etudiant\.demo@example\.com/ });
  await row.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Yasmine El Amrani" })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await page.getByRole("button", { name: "Modifier" }).click();
  const dialog = page.getByRole("dialog", { name: "Fiche de Yasmine El Amrani" });
  await dialog.getByLabel("Téléphone").fill("+212 6 44 55 66 77");
  await dialog.getByLabel("Adresse e-mail").fill("pas-une-adresse");
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(dialog.getByText("L'adresse e-mail n'est pas valide.")).toBeVisible();
  await dialog.getByLabel("Adresse e-mail").fill("etudiant.demo@example.com");
  await expectAccessibleAtBothWidths(page);
  await screenshots(page, testInfo, "etudiant-modifier");
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Fiche modifiée.", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("06 44 55 66 77")).toBeVisible();

  // Ask for another centre's student by its address: not found.
  const zenith = await page.request.get("/api/gestion/etudiants?q=etudiant2.demo");
  expect((await zenith.json()).total).toBe(0);
});

test("the direction manages the reference data: adds and deletes, and cannot delete a centre that has students", async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await page.goto("/gestion/connexion");
  await signInAgain(page, FIXTURE_STAFF.studentsDirection.email);
  await page.getByRole("link", { name: "Référentiel", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Référentiel" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Centres" })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await screenshots(page, testInfo, "referentiel");

  await page.getByRole("button", { name: "Ajouter : filière" }).click();
  const dialog = page.getByRole("dialog", { name: "Ajouter : filière" });
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(dialog.getByText("Le nom est requis.")).toBeVisible();
  await dialog.getByLabel("Nom").fill("Arts plastiques");
  await expectAccessibleAtBothWidths(page);
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Élément ajouté.", { exact: true }).first()).toBeVisible();

  await page.getByRole("button", { name: "Supprimer Ain Sebaa" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Supprimer « Ain Sebaa » ?" });
  await expectAccessibleAtBothWidths(page);
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByText(/^Ce centre a encore \d+ étudiants?/).first()).toBeVisible();

  await page.getByRole("button", { name: "Supprimer Arts plastiques" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByText("Élément supprimé.", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Supprimer Arts plastiques" })).toHaveCount(0);
});
