import { expect, type Page, test } from "@playwright/test";
import { INBOX_PARENT_MESSAGE } from "../support/fixture-inbox-policy.ts";
import { FIXTURE_STAFF, FIXTURE_STAFF_PASSWORD } from "../support/fixture-staff.ts";
import { FIXTURE_PASSWORD, FIXTURE_STUDENTS } from "../support/fixture-students.ts";
import { solveCaptchaWidget } from "../support/login-form.ts";
import { waitForMailWithSubject } from "../support/mailbox.ts";
import { signIn } from "../support/session.ts";
import {
  expectAccessibleAtBothWidths,
  secretFromEnrolmentScreen,
  submitStaffCredentials,
  totpCode,
} from "../support/staff.ts";

/** First sign-in of a fixture account: password, enrolment with a code from the shown secret, on to `to`. */
async function signInStaff(page: Page, email: string, to: string) {
  await page.goto(`/gestion/connexion?retour=${encodeURIComponent(to)}`);
  await submitStaffCredentials(page, email, FIXTURE_STAFF_PASSWORD);
  await expect(page.getByRole("heading", { name: "Activer la double authentification" })).toBeVisible();
  const secret = await secretFromEnrolmentScreen(page);
  await page.getByLabel("Code de confirmation").fill(await totpCode(secret));
  await page.getByRole("button", { name: "Confirmer" }).click();
  await expect(page.getByRole("heading", { name: "Vos codes de secours" })).toBeVisible();
  await page.getByRole("button", { name: /continuer/ }).click();
  await expect(page).toHaveURL(new RegExp(`${to.replace(/[/?]/g, "\\$&")}$`));
}

test.describe.configure({ mode: "serial" });

test("the secretariat answers a parent's message from the inbox; the reply is e-mailed and shown in the thread", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signInStaff(page, FIXTURE_STAFF.inboxPolicySecretary.email, "/gestion/messages");
  await expect(page.getByRole("heading", { level: 1, name: "Messages de contact" })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(INBOX_PARENT_MESSAGE.nom) });
  await expect(row).toContainText("Nouveau");
  await expect(row).toContainText("Non lu");
  await expect(page.getByRole("link", { name: /Exporter/ })).toHaveAttribute(
    "href",
    /^\/api\/gestion\/messages\/export\.csv(\?|$)/,
  );
  await expectAccessibleAtBothWidths(page);

  // The dashboard's counter leads to the new messages.
  await page.goto("/gestion");
  await page.getByRole("link", { name: /Messages non traités/ }).click();
  await expect(page).toHaveURL(/\/gestion\/messages\?statut=nouveau$/);

  await page.getByRole("link", { name: new RegExp(INBOX_PARENT_MESSAGE.sujet) }).click();
  await expect(page.getByRole("heading", { level: 1, name: INBOX_PARENT_MESSAGE.sujet })).toBeVisible();
  await expect(page.getByText("Quelles pièces faut-il fournir ?")).toBeVisible();
  await expect(page.getByText("Aucune réponse n'a encore été envoyée.")).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  // An empty reply is refused next to its field.
  await page.getByRole("button", { name: "Envoyer la réponse" }).click();
  await expect(page.getByText("Écrivez votre réponse.")).toBeVisible();

  const reply = "Bonjour Madame,\nil faut le relevé de notes du baccalauréat et une copie de la CIN.";
  await page.getByLabel("Votre réponse").fill(reply);
  await page.getByRole("button", { name: "Envoyer la réponse" }).click();
  await expect(page.getByText("Réponse envoyée.", { exact: true }).first()).toBeVisible();
  const thread = page.getByRole("region", { name: /Réponses \(1\)/ });
  await expect(thread).toContainText(FIXTURE_STAFF.inboxPolicySecretary.name);
  await expect(thread).toContainText("il faut le relevé de notes du baccalauréat");
  await expect(page.getByText("Traité", { exact: true })).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  // The parent's e-mail, read from the outbox's file.
  const mail = await waitForMailWithSubject(INBOX_PARENT_MESSAGE.email, `Re : ${INBOX_PARENT_MESSAGE.sujet}`);
  expect(mail.text).toContain("il faut le relevé de notes du baccalauréat et une copie de la CIN.");
  expect(mail.text).toContain("> ma fille souhaite s'inscrire pour la rentrée.");
  expect(mail.replyTo?.[0]?.address).toBeTruthy();

  // Back in the list: handled, read, one reply.
  await page.getByRole("link", { name: "Messages", exact: true }).first().click();
  const handled = page.getByRole("row", { name: new RegExp(INBOX_PARENT_MESSAGE.nom) });
  await expect(handled).toContainText("Traité");
  await expect(handled).not.toContainText("Non lu");

  // The secretariat has no policy screen.
  await page.goto("/gestion/politique");
  await expect(page.getByRole("heading", { level: 1, name: "Accès refusé" })).toBeVisible();
});

test("the direction publishes a new policy version; a signed-in student is sent to accept it, accepts and gets in", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  // A student who had accepted the version in force, already signed in.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await signIn(student, FIXTURE_STUDENTS.policyRepublished.email, FIXTURE_PASSWORD);
  await student.goto("/profile");
  await expect(student).toHaveURL(/\/profile$/);

  await signInStaff(page, FIXTURE_STAFF.inboxPolicyDirection.email, "/gestion/politique");
  await expect(page.getByRole("heading", { level: 1, name: "Politique de non-remboursement" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Version 1/ })).toContainText("En vigueur");
  await expectAccessibleAtBothWidths(page);

  // A new draft starts from the text in force; it is edited with its preview.
  await page.getByRole("button", { name: "Nouvelle version" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Brouillon — / })).toBeVisible();
  await page.getByLabel("Titre").fill("Politique de non-remboursement 2027");
  await page
    .getByLabel("Contenu (Markdown)")
    .fill(
      "## Article 1 — Objet\n\nLes frais **versés** restent acquis.\n\n- inscription\n- scolarité\n\n<script>window.pwned = true</script>",
    );
  const preview = page.getByRole("region", { name: /Aperçu/ });
  await expect(preview.getByRole("heading", { level: 2, name: "Article 1 — Objet" })).toBeVisible();
  await expect(preview.getByText("versés")).toHaveJSProperty("tagName", "STRONG");
  // Raw HTML is shown as text, never run.
  await expect(preview).toContainText("<script>window.pwned = true</script>");
  expect(await page.evaluate(() => (window as { pwned?: boolean }).pwned)).toBeUndefined();
  await expectAccessibleAtBothWidths(page);

  await page.getByRole("button", { name: "Publier cette version" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Publier cette version ?" });
  await expect(confirm).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await confirm.getByRole("button", { name: "Publier" }).click();
  await expect(page.getByText("Version 2 publiée.", { exact: true }).first()).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 1, name: "Version 2 — Politique de non-remboursement 2027" }),
  ).toBeVisible();
  await expect(page.getByTestId("acceptance-count")).toHaveText(/^0 \/ \d+$/);
  await expectAccessibleAtBothWidths(page);

  // The student's next gated page sends them to the new version, which they accept.
  await student.goto("/profile");
  await expect(student).toHaveURL(/\/policy-acceptance$/);
  await expect(student.getByRole("heading", { level: 1, name: "Politique de non-remboursement 2027" })).toBeVisible();
  const text = student.getByTestId("policy-content");
  await expect(text.getByRole("heading", { level: 2, name: "Article 1 — Objet" })).toBeVisible();
  await expect(text).toContainText("<script>window.pwned = true</script>");
  await text.evaluate((box) => {
    box.scrollTop = box.scrollHeight;
  });
  await student.getByRole("checkbox", { name: /je l'accepte/ }).check();
  await student.getByRole("button", { name: "Accepter et continuer vers le planning" }).click();
  await expect(student).toHaveURL(/\/demande-attestation$/);
  await student.goto("/profile");
  await expect(student).toHaveURL(/\/profile$/);
  await studentContext.close();

  // The report counts them, and lists them among those who accepted.
  await page.reload();
  await expect(page.getByTestId("acceptance-count")).toHaveText(/^1 \/ \d+$/);
  await page.getByRole("combobox", { name: "Acceptation" }).selectOption({ label: "Acceptée" });
  await expect(page.getByRole("row", { name: /policy-republished/ })).toContainText("Acceptée");
  await expect(page.getByRole("link", { name: /Exporter/ })).toHaveAttribute(
    "href",
    /\/api\/gestion\/politique\/\d+\/acceptations\/export\.csv\?acceptation=acceptee(&|$)/,
  );
});

test("the staff's « mot de passe oublié » answers an unknown address like a known one", async ({ page }) => {
  await page.goto("/gestion/connexion");
  await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
  await expect(page).toHaveURL(/\/gestion\/mot-de-passe-oublie$/);
  await expect(page.getByRole("heading", { level: 1, name: "Mot de passe oublié" })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await page.getByLabel("Adresse e-mail").fill("personne.inconnue@example.com");
  // The sign-in's captcha guards the form too (issue 28): nothing is sent until it is solved.
  await expect(page.getByRole("button", { name: "Envoyer le lien" })).toBeDisabled();
  await solveCaptchaWidget(page);
  await page.getByRole("button", { name: "Envoyer le lien" }).click();
  await expect(
    page.getByText("Si un compte correspond à cette adresse, un e-mail de réinitialisation vient de vous être envoyé."),
  ).toBeVisible();

  await page.goto("/gestion/reinitialiser-mot-de-passe?token=faux&email=personne.inconnue%40example.com");
  await expect(page.getByRole("heading", { level: 1, name: "Lien invalide ou expiré" })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await expect(page.getByRole("link", { name: "Nouvelle demande" })).toHaveAttribute(
    "href",
    "/gestion/mot-de-passe-oublie",
  );
});
