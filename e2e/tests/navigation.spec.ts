import { expect, test } from "@playwright/test";
import { FIXTURE_PASSWORD, FIXTURE_STUDENTS } from "../support/fixture-students.ts";
import { holdScripts, ISLAND_SCRIPTS } from "../support/hold-scripts.ts";
import { expectNoAxeViolations, signIn } from "../support/session.ts";

const VISITOR_LINKS: [string, string][] = [
  ["Accueil", "/"],
  ["A propos", "/pourquoi-puerta"],
  ["Selectividad Casablanca", "/selectividad-casablanca"],
  ["Selectividad Parallèle", "/selectividad-parallele"],
  ["DELE & SIELE", "/dele"],
  ["Orientation", "/orientation"],
  ["Témoignages", "/temoignages"],
  ["Caplife", "/caplife"],
  ["Blog", "/blog-2"],
  ["Vlog", "/vlog"],
];

const STUDENT_LINKS: [string, string][] = [
  ["Planning", "/planning"],
  ["Orientation", "/etudiants/orientation"],
  ["Support des cours", "/support-cours"],
  ["Docs Administratifs", "/demande-attestation"],
  ["Notifications", "/notifications"],
  ["Parascolaire", "/parascolaire-calendar"],
  ["Jours fériés", "/jourOff-calendar"],
  ["Profil", "/profile"],
  ["Politique", "/policy-acceptance"],
];

/** A nav label, possibly followed by its badge's spoken count, e.g. "Notifications (2 non lues)". */
const label = (name: string) => new RegExp(`^${name}( \\(\\d+ non lues?\\))?$`);

test.describe("desktop (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("visitor: the navigation bar, its section menus, the footer and the chat button", async ({ page }) => {
    await page.goto("/login");
    const nav = page.getByRole("navigation", { name: "Navigation principale" });
    await expect(nav).toBeVisible();
    for (const [name, href] of VISITOR_LINKS) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
    await expect(page.getByRole("banner").getByRole("link", { name: "Connexion" })).toHaveAttribute("href", "/login");

    // The section menu opens with its button, lists the anchors, and Escape closes it.
    const toggle = nav.getByRole("button", { name: "Sections de la page Caplife" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    for (const hash of ["#citoyennete", "#parties", "#sorties", "#graduation-parties"]) {
      await expect(nav.locator(`a[href="/caplife${hash}"]`)).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
    await expect(nav.locator('a[href="/caplife#sorties"]')).toBeHidden();

    await nav.getByRole("button", { name: "Sections de la page Orientation" }).click();
    for (const hash of ["#eleves", "#Almuni", "#Preinscriptions"]) {
      await expect(nav.locator(`a[href="/orientation${hash}"]`)).toBeVisible();
    }
    await nav.getByRole("button", { name: "Sections de la page Témoignages" }).click();
    for (const hash of ["#Parents", "#Laureats", "#Alumni"]) {
      await expect(nav.locator(`a[href="/temoignages${hash}"]`)).toBeVisible();
    }

    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("© 2025 Puerta");
    await expect(footer.getByRole("link", { name: "Politique de confidentialité" })).toBeVisible();

    // The chat button steps aside while a form is under it (the login form here, decision 097):
    // it is seen at the top of the home page.
    await page.goto("/");
    const chat = page.getByRole("link", { name: /Discuter avec Puerta sur WhatsApp/ });
    await expect(chat).toBeVisible();
    await expect(chat).toHaveAttribute("target", "_blank");
    const href = new URL((await chat.getAttribute("href")) ?? "");
    expect(href.origin + href.pathname).toMatch(/^https:\/\/wa\.me\/\d{8,15}$/);
    expect(href.searchParams.get("text")).toMatch(/^Bonjour/);
  });

  test("student: the student navigation and the logout button", async ({ page }) => {
    await signIn(page, FIXTURE_STUDENTS.navigation.email, FIXTURE_PASSWORD);
    await page.goto("/planning");
    const nav = page.getByRole("navigation", { name: "Navigation principale" });
    for (const [name, href] of STUDENT_LINKS) {
      await expect(nav.getByRole("link", { name: label(name) })).toHaveAttribute("href", href);
    }
    await expect(nav.getByRole("link", { name: "Planning", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Blog" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Déconnexion" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Connexion" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await nav.getByRole("link", { name: "Docs Administratifs" }).click();
    await expect(page).toHaveURL(/\/demande-attestation$/);
  });

  test("student on a public page: the header island shows the student navigation, the unread count and logs out", async ({
    page,
  }) => {
    await signIn(page, FIXTURE_STUDENTS.navigation.email, FIXTURE_PASSWORD);
    await page.goto("/dele");
    const nav = page.getByRole("navigation", { name: "Navigation principale" });
    await expect(nav.getByRole("link", { name: "Planning", exact: true })).toHaveAttribute("href", "/planning");
    await expect(nav.getByRole("link", { name: "DELE & SIELE" })).toHaveCount(0);
    await expect(page.getByRole("banner").getByText("Bonjour,")).toBeVisible();
    // The count comes from the notifications the student has not read, as in the student area.
    const notifications = nav.getByRole("link", { name: label("Notifications") });
    await expect(notifications).toHaveAccessibleName(/^Notifications \(\d+ non lues?\)$/);

    await page.getByRole("button", { name: "Déconnexion" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();
    expect(await page.evaluate(() => document.cookie)).not.toContain("puerta_student");
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain("puerta_session");
  });

  test("isApp=true hides the navigation, not the header's logo and button nor the footer", async ({ page }) => {
    await page.goto("/login?isApp=true");
    await expect(page.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Menu" })).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("link", { name: "Puerta — accueil" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("© 2025 Puerta");
    await expectNoAxeViolations(page);

    await page.goto("/login?isApp=false");
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeVisible();
    // A page whose only island is the header, which a visitor's page hydrates at a first touch:
    // an address with a query string hydrates it at once.
    await page.goto("/dele?isApp=true");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toHaveCount(0);
  });

  test("isApp=true also hides the student navigation", async ({ page }) => {
    await signIn(page, FIXTURE_STUDENTS.navigation.email, FIXTURE_PASSWORD);
    await page.goto("/planning?isApp=true");
    await expect(page.getByRole("button", { name: "Déconnexion" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toHaveCount(0);
  });
});

test.describe("mobile (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the menu button opens and closes the navigation, by click, link and Escape", async ({ page }) => {
    await page.goto("/login");
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeHidden();

    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    const nav = page.getByRole("navigation", { name: "Navigation principale" });
    await expect(nav).toBeVisible();
    for (const [name, href] of VISITOR_LINKS) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(nav.locator('a[href="/temoignages#Laureats"]')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeFocused();
    await expect(nav).toBeHidden();

    // Keyboard: Enter opens it, a link closes it.
    await menu.press("Enter");
    await expect(nav).toBeVisible();
    await nav.getByRole("link", { name: "Accueil" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
  });

  test("a tap on the menu before the page's scripts have arrived opens it once they have", async ({ page }) => {
    const release = await holdScripts(page, ISLAND_SCRIPTS);
    await page.goto("/login", { waitUntil: "domcontentloaded" });
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.click();
    // The scripts are held: the prerendered button has no handler yet.
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeHidden();

    release();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeVisible();
  });

  test("student: the menu lists the student pages", async ({ page }) => {
    await signIn(page, FIXTURE_STUDENTS.navigation.email, FIXTURE_PASSWORD);
    await page.goto("/planning");
    // The app has run once the centre's plannings are listed (a tap before that is the
    // before-hydration replay's business, tested on its own).
    await expect(page.getByRole("main").getByRole("heading", { level: 2 }).first()).toBeVisible();
    await page.getByRole("button", { name: "Menu" }).click();
    const nav = page.getByRole("navigation", { name: "Navigation principale" });
    for (const [name, href] of STUDENT_LINKS) {
      await expect(nav.getByRole("link", { name: label(name) })).toHaveAttribute("href", href);
    }
    await expect(page.getByRole("button", { name: "Déconnexion" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
