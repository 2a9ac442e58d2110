import { expect, type Page, test } from "@playwright/test";
import { solveCaptchaWidget } from "../support/login-form.ts";
import { waitForMailWithSubject } from "../support/mailbox.ts";
import { captchaPayload, expectNoAxeViolations } from "../support/session.ts";

// The contact limit is per IP, and every test here speaks from 127.0.0.1: in order.
test.describe.configure({ mode: "serial" });

const ACADEMY = "contact@puerta.example";

async function fillContactForm(page: Page, sujet: string) {
  const form = page.getByRole("form", { name: "Formulaire de contact" });
  await form.getByLabel("Nom complet").fill("Salma Bennani");
  await form.getByLabel("Adresse e-mail").fill("salma.parent@example.com");
  await form.getByLabel("Téléphone").fill("+212 6 12 34 56 78");
  await form.getByLabel("Sujet").fill(sujet);
  await form.getByLabel("Message").fill("Bonjour, quelles sont les dates de la prochaine session ?");
  return form;
}

test("the contact page sends a message to the academy", async ({ page }) => {
  await page.goto("/contactez-nous");
  await expect(page).toHaveTitle(/Contactez-nous/);
  await expect(page.getByRole("heading", { level: 1, name: "Contactez-nous" })).toBeVisible();
  // Only the page's own section: the site-wide one is hidden on /contactez-nous.
  await expect(page.getByRole("form", { name: "Formulaire de contact" })).toHaveCount(1);
  await expect(page.getByRole("main").getByRole("link", { name: "contact@puerta.example" })).toHaveAttribute(
    "href",
    "mailto:contact@puerta.example",
  );
  await expect(page.getByRole("main").getByRole("link", { name: /Instagram/ })).toHaveAttribute("target", "_blank");
  await expectNoAxeViolations(page);

  const form = await fillContactForm(page, "Inscription Selectividad");
  const send = form.getByRole("button", { name: "Envoyer le message" });
  await expect(send).toBeDisabled();
  await solveCaptchaWidget(page);
  await send.click();
  await expect(form.getByText("Votre message a été envoyé avec succès !")).toBeVisible();
  await expect(form.getByLabel("Nom complet")).toHaveValue("");
  await expect(form.getByLabel("Message")).toHaveValue("");
  await expect(send).toBeDisabled(); // a fresh captcha is needed
  await expectNoAxeViolations(page);

  // security-xss.spec.ts writes to the academy too: find this message by its subject.
  const mail = await waitForMailWithSubject(ACADEMY, "Nouveau message du site : Inscription Selectividad");
  expect(mail.replyTo?.[0]).toMatchObject({ address: "salma.parent@example.com" });
});

test("the section sits below the page on public pages and not on /login", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("form", { name: "Formulaire de contact" })).toHaveCount(0);
  await page.goto("/forgot-password");
  await expect(page.getByRole("form", { name: "Formulaire de contact" })).toHaveCount(0);
  await page.goto("/");
  const section = page.getByRole("region", { name: "Contactez-nous" });
  await expect(section.getByRole("heading", { level: 2, name: "Contactez-nous" })).toBeVisible();
  await expect(section.getByRole("form", { name: "Formulaire de contact" })).toBeVisible();
});

test("after three messages from one address the form counts down", async ({ page }) => {
  // Use up the allowance through the API, as a script would.
  for (let i = 0; i < 4; i++) {
    const response = await page.request.post("/api/contact", {
      data: {
        nom: "Robot",
        email: "robot@example.com",
        telephone: "0600000000",
        sujet: `Essai ${i}`,
        message: "Essai",
        recaptcha_token: await captchaPayload(page.request),
      },
    });
    if (response.status() === 429) break;
    expect(response.status()).toBe(200);
  }

  await page.goto("/contactez-nous");
  const form = await fillContactForm(page, "Encore une question");
  await solveCaptchaWidget(page);
  await form.getByRole("button", { name: "Envoyer le message" }).click();

  const alert = form.getByRole("alert").filter({ hasText: "Vous avez envoyé trop de messages." });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(/Vous pourrez envoyer un nouveau message dans \d\d:\d\d minutes\./);
  const button = form.getByRole("button", { name: /^Réessayer dans \d+:\d\d$/ });
  await expect(button).toBeDisabled();
  await expect(form.getByLabel("Message")).toBeDisabled();
  const first = await button.textContent();
  await expect(button).not.toHaveText(first ?? "", { timeout: 3_000 });
  await expectNoAxeViolations(page);
});
