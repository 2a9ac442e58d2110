import { expect, type Page, test } from "@playwright/test";
import { FIXTURE_NOTIFICATIONS } from "../support/fixture-notifications.ts";
import { FIXTURE_PASSWORD, FIXTURE_STUDENTS } from "../support/fixture-students.ts";
import { solveCaptchaWidget } from "../support/login-form.ts";
import { waitForMailWithSubject } from "../support/mailbox.ts";
import { signIn } from "../support/session.ts";
import { XSS_PAYLOADS, XSS_TEXT } from "../support/xss-payloads.ts";

/**
 * Script payloads in every place that shows text someone else wrote never run in Chromium.
 * The CSP alone would stop most of them, so each check also proves the payload is shown as
 * text: no element of it reaches the DOM and no CSP violation is reported (a blocked handler
 * would mean the payload was parsed as markup).
 */

type Trap = { ran: () => Promise<string[]>; violations: () => Promise<string[]> };

/** Installed before any page script: records payload runs, dialogs and CSP violations. */
async function installTrap(page: Page): Promise<Trap> {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __xss: string[]; __csp: string[] };
    w.__xss = [];
    w.__csp = [];
    // Only script elements, handlers and javascript: URLs: the eval probe of a library
    // (zod checks whether `new Function` is allowed) is not markup.
    document.addEventListener("securitypolicyviolation", (e) => {
      if (e.effectiveDirective !== "script-src") w.__csp.push(`${e.effectiveDirective} ${e.blockedURI}`);
    });
  });
  return {
    ran: async () => [...dialogs, ...(await page.evaluate(() => (window as unknown as { __xss: string[] }).__xss))],
    violations: () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp),
  };
}

/** The trap is empty and nothing of any payload became an element. */
async function expectNothingRan(page: Page, trap: Trap) {
  await expect(page.locator('img[src="x"], svg[onload], iframe[srcdoc], [href^="javascript:" i]')).toHaveCount(0);
  expect(await trap.ran()).toEqual([]);
  expect(await trap.violations()).toEqual([]);
}

test("a notification's title, message and link are shown as text, never run", async ({ page }) => {
  const trap = await installTrap(page);
  const s = FIXTURE_STUDENTS.xss;
  const n = FIXTURE_NOTIFICATIONS.xss;
  await signIn(page, s.email, FIXTURE_PASSWORD);

  await page.goto("/notifications");
  const article = page.getByRole("article").filter({ hasText: n.titre });
  await expect(article.getByRole("heading", { name: n.titre })).toBeVisible({ timeout: 30_000 });
  await expect(article).toContainText(XSS_PAYLOADS.svg);
  await expectNothingRan(page, trap);

  await article.getByRole("link", { name: /Voir détails/ }).click();
  const detail = page.getByRole("article");
  await expect(detail.getByRole("heading", { level: 1, name: n.titre })).toBeVisible();
  for (const payload of Object.values(XSS_PAYLOADS)) await expect(detail).toContainText(payload);
  // A javascript: link is not a link at all.
  await expect(detail.getByRole("link")).toHaveCount(0);
  await expectNothingRan(page, trap);
});

test("a student's name is shown as text on the profile and in the header", async ({ page }) => {
  const trap = await installTrap(page);
  const s = FIXTURE_STUDENTS.xss;
  await signIn(page, s.email, FIXTURE_PASSWORD);

  await page.goto("/profile");
  const main = page.getByRole("main");
  await expect(main.getByText(`${s.prenom} ${s.nom}`, { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(main.getByText(s.prenom, { exact: true })).toBeVisible();
  await expect(main.getByText(s.nom, { exact: true })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText(`Bonjour, ${s.prenom}`);
  await expectNothingRan(page, trap);
});

test("the contact form takes script payloads as plain text", async ({ page }) => {
  const trap = await installTrap(page);
  const sujet = `${XSS_PAYLOADS.script} ${XSS_PAYLOADS.svg}`;
  await page.goto("/contactez-nous");
  const form = page.getByRole("form", { name: "Formulaire de contact" });
  await form.getByLabel("Nom complet").fill(XSS_PAYLOADS.img);
  await form.getByLabel("Adresse e-mail").fill("xss.parent@example.com");
  await form.getByLabel("Téléphone").fill("+212 6 12 34 56 78");
  await form.getByLabel("Sujet").fill(sujet);
  await form.getByLabel("Message").fill(XSS_TEXT);
  await solveCaptchaWidget(page);
  await form.getByRole("button", { name: "Envoyer le message" }).click();

  // One message from 127.0.0.1: contact.spec.ts may have used up the address's allowance
  // on the same server, so the refusal is as good an answer as the success here.
  const sent = form.getByRole("status").filter({ hasText: "Votre message a été envoyé avec succès !" });
  await expect(
    sent.or(form.getByRole("alert").filter({ hasText: "Vous avez envoyé trop de messages." })),
  ).toBeVisible();
  await expectNothingRan(page, trap);
  if (!(await sent.isVisible())) return;

  // The academy's copy, opened as a mail client would show it (a blank page: no CSP to help).
  const mail = await waitForMailWithSubject("contact@puerta.example", `Nouveau message du site : ${sujet}`);
  const reader = await page.context().newPage();
  const readerTrap = await installTrap(reader);
  await reader.goto("about:blank");
  await reader.setContent(mail.html ?? "");
  for (const payload of [XSS_PAYLOADS.img, XSS_TEXT]) await expect(reader.locator("body")).toContainText(payload);
  await expectNothingRan(reader, readerTrap);
});

test("blog pages forbid inline scripts: an injected one is blocked", async ({ page }) => {
  const trap = await installTrap(page);
  const response = await page.goto("/blog-2/étudier-en-espagne-après-le-bac-marocain");
  const csp = response?.headers()["content-security-policy"] ?? "";
  const scriptSrc = csp
    .split(";")
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === "script-src");
  expect(scriptSrc).toBeDefined();
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-hashes'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");

  const content = page.locator(".post-content");
  await expect(content.locator("h2").first()).toBeVisible();
  await expect(content.locator("script")).toHaveCount(0);
  await expectNothingRan(page, trap);

  // What a hostile post body would do once in the page: all three are refused by the CSP.
  await content.evaluate((el, payloads) => {
    const script = document.createElement("script");
    script.textContent = "window.__xss.push('inline')";
    el.append(script);
    el.insertAdjacentHTML("beforeend", `${payloads.img} ${payloads.anchor}`);
  }, XSS_PAYLOADS);
  await content.getByRole("link", { name: "clic" }).click();
  await expect.poll(() => trap.violations()).toHaveLength(3);
  expect((await trap.violations()).map((v) => v.split(" ")[0]).sort()).toEqual([
    "script-src-attr",
    "script-src-elem",
    "script-src-elem",
  ]);
  expect(await trap.ran()).toEqual([]);
});
