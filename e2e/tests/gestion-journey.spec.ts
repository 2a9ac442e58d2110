import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { waitForMail } from "../support/mailbox.ts";
import {
  expectAccessibleAtBothWidths,
  STAFF_DEMO_PASSWORD,
  secretFromEnrolmentScreen,
  submitStaffCredentials,
  totpCode,
} from "../support/staff.ts";

const SECRETARY = {
  name: "Salma Bennani",
  email: "salma.bennani.secretariat@example.com",
  password: "Bureau-Des-Cedres-2026",
};

/** First sign-in of an account: the enrolment screen, a code computed from its secret, the recovery codes. */
async function enrolAndContinue(page: Page) {
  await expect(page.getByRole("heading", { name: "Activer la double authentification" })).toBeVisible();
  await expect(page.getByRole("img", { name: /QR code à scanner/ })).toBeVisible();
  const secret = await secretFromEnrolmentScreen(page);
  await page.getByLabel("Code de confirmation").fill(await totpCode(secret));
  await page.getByRole("button", { name: "Confirmer" }).click();
  await expect(page.getByRole("heading", { name: "Vos codes de secours" })).toBeVisible();
  const codes = page.getByRole("list", { name: "Codes de secours" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  return { secret, codes: await codes.allTextContents() };
}

/** The sidebar's sections, opening the menu first on a narrow screen. */
async function sections(page: Page) {
  return page.getByRole("navigation", { name: "Sections de la gestion" }).getByRole("link").allTextContents();
}

test.describe.configure({ mode: "serial" });

test("the direction enrols at her first sign-in, invites a secretary, who activates, enrols and sees only her sections", async ({
  page,
}) => {
  test.setTimeout(900_000);

  // The back-office asks for a sign-in, and comes back to the page asked for.
  await page.goto("/gestion/comptes");
  await expect(page).toHaveURL(/\/gestion\/connexion\?retour=%2Fgestion%2Fcomptes$/);
  await expect(page.getByRole("heading", { name: "Connexion à la gestion" })).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  // A wrong password: the same message as an unknown e-mail, and no second step.
  await submitStaffCredentials(page, "direction.demo@example.com", "pas-le-bon");
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Activer la double authentification" })).toHaveCount(0);

  await page.reload();
  await submitStaffCredentials(page, "direction.demo@example.com", STAFF_DEMO_PASSWORD);
  await expect(page.getByRole("heading", { name: "Activer la double authentification" })).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  // A wrong confirmation code is said next to its field.
  await page.getByLabel("Code de confirmation").fill("000000");
  await page.getByRole("button", { name: "Confirmer" }).click();
  await expect(page.getByText("Code incorrect.")).toBeVisible();

  const { codes } = await enrolAndContinue(page);
  await expectAccessibleAtBothWidths(page);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Télécharger (.txt)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("puerta-codes-de-secours.txt");
  const text = readFileSync(await file.path(), "utf8");
  for (const code of codes) expect(text).toContain(code);
  await page.getByRole("button", { name: /continuer/ }).click();

  // Back to the accounts, as asked before signing in.
  await expect(page).toHaveURL(/\/gestion\/comptes$/);
  await expect(page.getByRole("heading", { level: 1, name: "Comptes du personnel" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Fil d'Ariane" })).toContainText("Comptes");
  expect(await sections(page)).toEqual([
    "Tableau de bord",
    "Étudiants",
    "Demandes d'attestation",
    "Messages",
    "Notifications",
    "Plannings",
    "Supports de cours",
    "Orientation",
    "Parascolaire",
    "Jours fériés",
    "Politique",
    "Corbeille",
    "Référentiel",
    "Années scolaires",
    "Comptes",
    "Données personnelles",
    "Journal",
  ]);
  await expect(page.getByRole("banner").getByText("Direction", { exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: /direction\.demo@example\.com/ })).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  // The dashboard: counters that link to their lists, the last actions.
  await page.getByRole("link", { name: "Tableau de bord", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Invitations du personnel en attente/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Dernières actions" })).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  // Invite a secretary of Ain Sebaa. The form checks its fields before sending.
  await page.getByRole("link", { name: "Comptes", exact: true }).click();
  await page.getByRole("button", { name: "Inviter un membre du personnel" }).click();
  const dialog = page.getByRole("dialog", { name: "Inviter un membre du personnel" });
  await dialog.getByRole("button", { name: "Envoyer l'invitation" }).click();
  await expect(dialog.getByText("Le nom est requis.")).toBeVisible();
  await expect(dialog.getByLabel("Nom complet")).toBeFocused();
  await dialog.getByLabel("Nom complet").fill(SECRETARY.name);
  await dialog.getByLabel("Adresse e-mail").fill(SECRETARY.email);
  await dialog.getByLabel("Rôle").selectOption({ label: "Secrétariat" });
  await dialog.getByRole("button", { name: "Envoyer l'invitation" }).click();
  await expect(dialog.getByText("Choisissez au moins un centre pour le secrétariat.")).toBeVisible();
  await dialog.getByRole("checkbox", { name: "Ain Sebaa" }).check();
  await expectAccessibleAtBothWidths(page);
  await dialog.getByRole("button", { name: "Envoyer l'invitation" }).click();
  await expect(page.getByText("Invitation envoyée.", { exact: true }).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row", { name: new RegExp(SECRETARY.name) });
  await expect(row).toContainText("Invitation envoyée");
  await expect(row).toContainText("Ain Sebaa");

  // Filters and search live in the address: a reload shows the same list.
  await page.getByLabel("Rechercher un compte").fill("Bennani");
  await expect(page).toHaveURL(/q=Bennani/);
  await page.getByLabel("Statut").selectOption({ label: "Invitation envoyée" });
  await expect(page).toHaveURL(/statut=invitation_envoyee/);
  await page.reload();
  await expect(page.getByLabel("Rechercher un compte")).toHaveValue("Bennani");
  await expect(page.getByRole("row")).toHaveCount(2);

  // The same e-mail again: the server's answer is shown next to the e-mail field.
  await page.getByRole("button", { name: "Inviter un membre du personnel" }).click();
  await dialog.getByLabel("Nom complet").fill("Autre personne");
  await dialog.getByLabel("Adresse e-mail").fill(SECRETARY.email);
  await dialog.getByLabel("Rôle").selectOption({ label: "Pédagogie" });
  await dialog.getByRole("button", { name: "Envoyer l'invitation" }).click();
  await expect(dialog.getByText("Cette adresse e-mail est déjà utilisée par un compte du personnel.")).toBeVisible();
  await dialog.getByRole("button", { name: "Annuler" }).click();

  // A destructive action asks first, then says it is done.
  await page.goto("/gestion/comptes");
  const pedagogie = page.getByRole("row", { name: /pedagogie\.demo@example\.com/ });
  await pedagogie.getByRole("button", { name: /^Gérer/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Désactiver le compte" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Désactiver ce compte ?" });
  await expect(confirm).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await confirm.getByRole("button", { name: "Désactiver" }).click();
  await expect(page.getByText("Compte désactivé.", { exact: true }).first()).toBeVisible();
  await expect(pedagogie).toContainText("Désactivé");
  await pedagogie.getByRole("button", { name: /^Gérer/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Réactiver le compte" }).click();
  await expect(page.getByText("Compte réactivé.", { exact: true }).first()).toBeVisible();
  await expect(pedagogie).not.toContainText("Désactivé");

  // The journal: the invitation is there, and opens its details.
  await page.getByRole("link", { name: "Journal", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Journal" })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await page.getByLabel("Action", { exact: true }).selectOption({ label: "Création" });
  await expect(page).toHaveURL(/action=creation/);
  await page.getByRole("table").getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: /Entrée n° \d+/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Champs modifiés" })).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  await page.getByRole("link", { name: "Changer mon mot de passe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Changer mon mot de passe" })).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  // Under 1024 px the sections are behind a menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("navigation", { name: "Sections de la gestion" })).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("navigation", { name: "Sections de la gestion" })).toBeVisible();
  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/gestion\/connexion$/);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The secretary's invitation, read from the outbox's file.
  const mail = await waitForMail(SECRETARY.email);
  const link = /https?:\/\/\S+(\/gestion\/activer\?token=[^\s"<>]+)/.exec(mail.text ?? "")?.[1];
  expect(link, mail.text).toBeTruthy();
  await page.goto(link as string);
  await expect(page.getByRole("heading", { name: "Activer votre compte" })).toBeVisible();
  await expect(page.getByText(`Bienvenue, ${SECRETARY.name}.`)).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await page.getByLabel("Mot de passe", { exact: true }).fill(SECRETARY.password);
  await page.getByLabel("Confirmer le mot de passe", { exact: true }).fill("pas-le-meme-mot");
  await page.getByRole("button", { name: "Activer mon compte" }).click();
  await expect(page.getByText("Les mots de passe ne correspondent pas", { exact: false })).toBeVisible();
  await page.getByLabel("Confirmer le mot de passe", { exact: true }).fill(SECRETARY.password);
  await page.getByRole("button", { name: "Activer mon compte" }).click();
  await expect(page.getByRole("heading", { name: "Compte activé" })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await page.getByRole("link", { name: "Aller à la connexion" }).click();

  // Her first sign-in enrols her second factor; then she sees only her sections.
  await submitStaffCredentials(page, SECRETARY.email, SECRETARY.password);
  await enrolAndContinue(page);
  await page.getByRole("button", { name: /continuer/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await expect(page.getByRole("banner").getByText("Secrétariat", { exact: true })).toBeVisible();
  expect(await sections(page)).toEqual([
    "Tableau de bord",
    "Étudiants",
    "Demandes d'attestation",
    "Messages",
    "Notifications",
    "Plannings",
    "Parascolaire",
    "Jours fériés",
    "Corbeille",
  ]);
  await expect(page.getByRole("link", { name: "Tout le journal" })).toHaveCount(0);
  await expectAccessibleAtBothWidths(page);

  // A direction screen typed in the address: refused in French.
  await page.goto("/gestion/comptes");
  await expect(page.getByRole("heading", { level: 1, name: "Accès refusé" })).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  // The link of the invitation works once.
  await page.goto(link as string);
  await expect(page.getByText(/Ce lien d'activation n'est plus valide\./)).toBeVisible();
});
