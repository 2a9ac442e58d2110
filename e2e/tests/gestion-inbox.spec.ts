import { expect, test } from "@playwright/test";
import { INBOX_PARENT_MESSAGE } from "../support/fixture-inbox-policy.ts";
import { FIXTURE_STAFF } from "../support/fixture-staff.ts";
import { solveCaptchaWidget } from "../support/login-form.ts";
import { waitForMailWithSubject } from "../support/mailbox.ts";
import { expectAccessibleAtBothWidths } from "../support/staff.ts";
import { signInFixtureStaff } from "../support/staff-sign-in.ts";

// The inbox and the staff's forgotten password need no new policy version: they run beside the
// other specs, and only the policy journey (gestion-inbox-policy.spec.ts) waits for them all.
test("the secretariat answers a parent's message from the inbox; the reply is e-mailed and shown in the thread", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signInFixtureStaff(page, FIXTURE_STAFF.inboxPolicySecretary.email, "/gestion/messages");
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
