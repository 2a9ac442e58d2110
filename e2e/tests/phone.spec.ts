import { expect, type Locator, type Page, test } from "@playwright/test";
import { FIXTURE_PASSWORD, FIXTURE_STUDENTS } from "../support/fixture-students.ts";
import { solveCaptchaWidget } from "../support/login-form.ts";
import { expectNoAxeViolations, signIn } from "../support/session.ts";

/** A parent's or a student's phone (issue 29). */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const chat = (page: Page) => page.locator("[data-chat-button]");

/** Whether the chat button, as painted, covers any part of `control`. */
async function chatCovers(page: Page, control: Locator): Promise<boolean> {
  // Two frames: the button steps aside on the frame after a scroll.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const button = chat(page);
  const shown = await button.evaluate((b) => getComputedStyle(b).visibility !== "hidden");
  if (!shown) return false;
  const [b, c] = [await button.boundingBox(), await control.boundingBox()];
  if (!b || !c) return false;
  return c.x < b.x + b.width && c.x + c.width > b.x && c.y < b.y + b.height && c.y + c.height > b.y;
}

/** Brings each control of `form` to the bottom of the screen, where the chat button floats, and checks it is not covered. */
async function expectNoControlUnderChat(page: Page, form: Locator) {
  const controls = form.locator("input:not([type=hidden]):visible, textarea:visible, button:visible, altcha-widget");
  const count = await controls.count();
  expect(count).toBeGreaterThan(2);
  for (let i = 0; i < count; i++) {
    const control = controls.nth(i);
    await control.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      window.scrollBy(0, rect.bottom - (window.innerHeight - 12));
    });
    expect(await chatCovers(page, control), `contrôle n° ${i + 1}`).toBe(false);
  }
}

test("the home video: only its poster under reduced motion, a pause button otherwise", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  const video = page.locator("section[aria-labelledby=hero-title] video");
  await expect(page.getByRole("button", { name: "Lire la vidéo", exact: true })).toBeVisible();
  expect(await video.evaluate((v: HTMLVideoElement) => v.autoplay)).toBe(false);
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused && v.currentTime === 0)).toBe(true);
  await expectNoAxeViolations(page);

  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.goto("/");
  const pause = page.getByRole("button", { name: "Mettre la vidéo en pause" });
  await expect(pause).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
  await pause.click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await expect(page.getByRole("button", { name: "Lire la vidéo", exact: true })).toBeVisible();
  await page.screenshot({ path: "test-results/phone-home.png" });
});

test("the chat button never covers a control of the contact forms", async ({ page }) => {
  await page.goto("/contactez-nous");
  const form = page.getByRole("form", { name: "Formulaire de contact" });
  await expect(chat(page)).toBeAttached();
  await expectNoControlUnderChat(page, form);

  // Where no form is under it (the top of the home page), it is there.
  await page.goto("/");
  await expect(chat(page)).toBeVisible();
  await expectNoControlUnderChat(page, page.getByRole("form", { name: "Formulaire de contact" }));
});

test("the answer to a contact message is where the eye is, on the page and in the footer", async ({ page }) => {
  for (const path of ["/contactez-nous", "/"]) {
    await page.goto(path);
    const form = page.getByRole("form", { name: "Formulaire de contact" });
    await form.scrollIntoViewIfNeeded();
    await form.getByLabel("Nom complet").fill("Salma Bennani");
    await form.getByLabel("Adresse e-mail").fill("salma.parent@example.com");
    await form.getByLabel("Téléphone").fill("+212 6 12 34 56 78");
    await form.getByLabel("Sujet").fill("Téléphone");
    await form.getByLabel("Message").fill("Bonjour, envoyé depuis un téléphone.");
    await solveCaptchaWidget(page);
    await form.getByRole("button", { name: "Envoyer le message" }).click();
    // Sent, or (other specs write from this address too) too many messages: either way, in view.
    const answer = form
      .getByRole("status")
      .filter({ hasText: "Votre message a été envoyé avec succès !" })
      .or(form.getByRole("alert").filter({ hasText: "Vous avez envoyé trop de messages." }));
    await expect(answer).toBeInViewport();
    await expect(answer).toBeFocused();
    await page.screenshot({ path: `test-results/phone-contact-${path === "/" ? "footer" : "page"}.png` });
  }
});

test("a student's forms are clear of the chat button on first view", async ({ page }) => {
  await signIn(page, FIXTURE_STUDENTS.phone.email, FIXTURE_PASSWORD);
  await page.goto("/modifier-mot-de-passe");
  const change = page.getByRole("button", { name: "Modifier le mot de passe" });
  await expect(change).toBeVisible();
  expect(await chatCovers(page, change)).toBe(false);
  await expectNoControlUnderChat(page, page.locator("main form"));
  await expectNoAxeViolations(page);
});

test("the policy checkbox's label is clear of the chat button on first view", async ({ page }) => {
  await signIn(page, FIXTURE_STUDENTS.phonePolicy.email, FIXTURE_PASSWORD);
  await page.goto("/policy-acceptance");
  const label = page.getByText("J'ai lu la politique ci-dessus et je l'accepte.");
  await expect(label).toBeVisible();
  expect(await chatCovers(page, label)).toBe(false);
  await page.screenshot({ path: "test-results/phone-policy.png" });
});

test("/login: the password follows the e-mail with Tab", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Adresse e-mail").focus();
  await page.keyboard.type("etudiant@example.com");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Mot de passe", { exact: true })).toBeFocused();
  await page.keyboard.type("secret");
  await expect(page.getByLabel("Mot de passe", { exact: true })).toHaveValue("secret");
});

test("/login while signed in (the footer's 'Espace étudiant') goes to the planning", async ({ page }) => {
  await signIn(page, FIXTURE_STUDENTS.phone.email, FIXTURE_PASSWORD);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/planning$/);
});
