import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { holdScripts, ISLAND_SCRIPTS } from "../support/hold-scripts.ts";

const partnerStatus = (page: Page) => page.getByTestId("partner-status");
/** The questions of the home page's banner, as the site's content holds them. */
const questions = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "../../apps/web/content/questions.json"), "utf8"),
) as string[];

/** Fake timers, stopped from the start: time only moves when a test says so. */
async function freezeTime(page: Page) {
  await page.clock.install({ time: new Date("2026-01-05T10:00:00") });
  await page.clock.pauseAt(new Date("2026-01-05T10:00:01"));
}

/** Resolves once the page has painted `count` more frames. */
async function framesPainted(page: Page, count: number) {
  await page.evaluate(
    (frames) =>
      new Promise<void>((resolve) => {
        let left = frames;
        const next = () => (--left === 0 ? resolve() : requestAnimationFrame(next));
        requestAnimationFrame(next);
      }),
    count,
  );
}

/**
 * Presses Space on the focused partner carousel until auto-play reads off: its island
 * hydrates once it comes near or is focused, and a key pressed before then does nothing.
 */
async function turnAutoPlayOff(page: Page) {
  const autoPlay = page.getByRole("button", { name: "Défilement automatique" });
  await expect(async () => {
    await page.keyboard.press("Space");
    await expect(autoPlay).toHaveAttribute("aria-pressed", "false", { timeout: 1000 });
  }).toPass();
}

test.describe("partner carousel", () => {
  test("arrow keys, 300 ms lock, wrap, dots and space for auto-play", async ({ page }) => {
    await freezeTime(page);
    await page.goto("/");
    const carousel = page.getByTestId("partner-carousel");
    await carousel.scrollIntoViewIfNeeded();
    // 17 logos, 5 per slide at 1280 px: 4 slides.
    await expect(partnerStatus(page)).toHaveText("Diapositive 1 sur 4");
    await carousel.focus();
    await turnAutoPlayOff(page);

    await page.keyboard.press("ArrowRight");
    await expect(partnerStatus(page)).toHaveText("Diapositive 2 sur 4");
    // A second move inside the 300 ms lock is ignored.
    await page.keyboard.press("ArrowRight");
    await expect(partnerStatus(page)).toHaveText("Diapositive 2 sur 4");
    await page.clock.runFor(300);
    await page.keyboard.press("ArrowLeft");
    await expect(partnerStatus(page)).toHaveText("Diapositive 1 sur 4");
    await page.clock.runFor(300);
    await page.keyboard.press("ArrowLeft");
    await expect(partnerStatus(page)).toHaveText("Diapositive 4 sur 4");
    await page.clock.runFor(300);
    await page.keyboard.press("ArrowRight");
    await expect(partnerStatus(page)).toHaveText("Diapositive 1 sur 4");

    await page.clock.runFor(300);
    await page.getByRole("button", { name: "Aller à la diapositive 3" }).click();
    await expect(partnerStatus(page)).toHaveText("Diapositive 3 sur 4");
    await expect(page.getByRole("button", { name: "Aller à la diapositive 3" })).toHaveAttribute(
      "aria-current",
      "true",
    );

    // Auto-play is off: nothing moves.
    await page.clock.runFor(9000);
    await expect(partnerStatus(page)).toHaveText("Diapositive 3 sur 4");
    await carousel.focus();
    await page.keyboard.press("Space");
    await page.mouse.move(5, 5);
    await page.clock.runFor(4000);
    await expect(partnerStatus(page)).toHaveText("Diapositive 4 sur 4");
  });

  test("auto-advances every 4 s and pauses while the pointer is over it", async ({ page }) => {
    await freezeTime(page);
    await page.goto("/");
    await page.getByTestId("partner-carousel").scrollIntoViewIfNeeded();
    await page.mouse.move(5, 5);
    await expect(partnerStatus(page)).toHaveText("Diapositive 1 sur 4");
    // It turns once its island has hydrated, as it came near: then every 4 s.
    await expect
      .poll(async () => {
        await page.clock.runFor(4000);
        return partnerStatus(page).textContent();
      })
      .toBe("Diapositive 2 sur 4");

    await page.getByTestId("partner-carousel").hover();
    await page.clock.runFor(12000);
    await expect(partnerStatus(page)).toHaveText("Diapositive 2 sur 4");

    await page.mouse.move(5, 5);
    await page.clock.runFor(4000);
    await expect(partnerStatus(page)).toHaveText("Diapositive 3 sur 4");
  });

  test("on a phone: 2 logos per slide, at most 5 dots, swipe to move", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await freezeTime(page);
    await page.goto("/");
    const carousel = page.getByTestId("partner-carousel");
    await carousel.scrollIntoViewIfNeeded();
    await expect(partnerStatus(page)).toHaveText("Diapositive 1 sur 9");
    await expect(page.getByRole("button", { name: /^Aller à la diapositive/ })).toHaveCount(5);

    const box = await carousel.boundingBox();
    if (!box) throw new Error("carousel not laid out");
    const y = box.y + box.height / 2;
    // A 30 px drag is not a swipe; an 80 px one is.
    await page.mouse.move(box.x + 200, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 170, y);
    await page.mouse.up();
    await expect(partnerStatus(page)).toHaveText("Diapositive 1 sur 9");
    await page.mouse.move(box.x + 250, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 170, y);
    await page.mouse.up();
    await expect(partnerStatus(page)).toHaveText("Diapositive 2 sur 9");
  });
});

test("promotional banner: auto-advance every 5 s, wrap both ways and direct selection", async ({ page }) => {
  await freezeTime(page);
  await page.goto("/");
  const banner = page.getByRole("region", { name: "Nos offres" });
  const title = banner.getByTestId("promo-title");
  await expect(title).toHaveText("Bourse d'excellence : 25 % de réduction");
  // The banner comes to life as it nears the screen (decision 008), and turns from then on.
  await banner.scrollIntoViewIfNeeded();
  await expect(async () => {
    await page.clock.runFor(5000);
    await expect(title).toHaveText("Leader au Maroc de la préparation à la Selectividad", { timeout: 500 });
  }).toPass();

  await banner.getByRole("button", { name: "Afficher l'offre 1" }).click();
  await expect(title).toHaveText("Bourse d'excellence : 25 % de réduction");
  await banner.getByRole("button", { name: "Offre précédente" }).click();
  await expect(title).toHaveText("Une semaine de séjour linguistique à Madrid");
  await expect(banner).toContainText("Offre 3 sur 3");
  await banner.getByRole("button", { name: "Offre suivante" }).click();
  await expect(title).toHaveText("Bourse d'excellence : 25 % de réduction");
  await banner.getByRole("button", { name: "Afficher l'offre 3" }).click();
  await expect(title).toHaveText("Une semaine de séjour linguistique à Madrid");

  // Paused by the button: time passes, the offer stays.
  await banner.getByRole("button", { name: "Mettre en pause le défilement des offres" }).click();
  await page.mouse.move(5, 5);
  await page.locator("body").focus();
  await page.clock.runFor(15000);
  await expect(title).toHaveText("Une semaine de séjour linguistique à Madrid");
});

test("questions banner: the next question comes when the bar is full; hovering pauses the bar", async ({ page }) => {
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const banner = page.getByRole("region", { name: "Questions des futurs étudiants" }).first();
  // The bar plays in CSS before the banner's island hydrates (it waits for the bar's end),
  // and hovering holds it there too.
  const bar = banner.getByTestId("question-progress");
  const played = () => bar.evaluate((element) => Number(element.getAnimations()[0]?.currentTime ?? -1));
  // A bar already full when the pointer comes brings the next question anyway: the pointer
  // comes again until it holds a bar that is still filling.
  let atHover = 0;
  await expect(async () => {
    await page.mouse.move(5, 5);
    await banner.hover();
    atHover = await played();
    const barEnd = await bar.evaluate((element) =>
      Number(element.getAnimations()[0]?.effect?.getComputedTiming().endTime),
    );
    expect(atHover).toBeLessThan(barEnd - 250);
  }).toPass();
  // The first question, unless this machine took a whole bar to get here.
  const shown = Number((await banner.textContent())?.match(/Question (\d) \/ 5/)?.[1]);
  // Paused, not slow: the bar's animation reads paused, and ten painted frames later (each of
  // which moves a playing bar) it has not moved.
  expect(await bar.evaluate((element) => element.getAnimations()[0]?.playState)).toBe("paused");
  await framesPainted(page, 10);
  expect(await played()).toBe(atHover);
  await expect(banner).toContainText(`Question ${shown} / 5`);

  await page.mouse.move(5, 5);
  const next = (shown % questions.length) + 1;
  await expect(banner).toContainText(`Question ${next} / 5`);
  await expect(banner).toContainText(questions[next - 1] ?? "");
});

test("questions banner: scripts that arrive after the first bar is full bring the next question", async ({ page }) => {
  const release = await holdScripts(page, ISLAND_SCRIPTS);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const banner = page.getByRole("region", { name: "Questions des futurs étudiants" }).first();
  const bar = banner.getByTestId("question-progress");
  await expect.poll(() => bar.evaluate((element) => element.getAnimations()[0]?.playState)).toBe("finished");
  await expect(banner).toContainText("Question 1 / 5");
  // Under the pointer, the full bar reads as paused, not finished: it still counts as ended.
  await banner.hover();
  release();
  await expect(banner).toContainText("Question 2 / 5");
  await expect(banner).toContainText(questions[1] ?? "");
});

// One load of the home page for the sections that need no clock and no held script: each
// checks its own part of the page.
test("FAQ, pathways, centres and the questions banner's buttons, on one load of the page", async ({ page }) => {
  await page.goto("/");

  // FAQ: the first answer is open, one at a time, the open one closes.
  const faq = page.locator("#questions-faq");
  const first = faq.getByRole("button", { name: "Comment est calculée la note finale d'admission ?" });
  const second = faq.getByRole("button", { name: "Faut-il une note minimale au baccalauréat pour s'inscrire ?" });
  await expect(first).toHaveAttribute("aria-expanded", "true");
  await expect(faq.getByText("la moyenne de votre baccalauréat")).toBeVisible();
  await second.click();
  await expect(second).toHaveAttribute("aria-expanded", "true");
  await expect(first).toHaveAttribute("aria-expanded", "false");
  await second.click();
  await expect(faq.locator('button[aria-expanded="true"]')).toHaveCount(0);

  // Pathways: INGÉNIERIE open first, one at a time, with its subjects.
  const pathways = page.locator("#academic-pathways");
  const engineering = pathways.getByRole("button", { name: "INGÉNIERIE" });
  const health = pathways.getByRole("button", { name: "SANTÉ" });
  await expect(engineering).toHaveAttribute("aria-expanded", "true");
  await expect(pathways.getByText("Physique")).toBeVisible();
  await health.click();
  await expect(health).toHaveAttribute("aria-expanded", "true");
  await expect(engineering).toHaveAttribute("aria-expanded", "false");
  await expect(pathways.getByText("Biologie")).toBeVisible();
  await health.click();
  await expect(pathways.locator('button[aria-expanded="true"]')).toHaveCount(0);

  // Centres: three cards, chat links built from the phone number, lazy map frames.
  const centres = page.getByRole("region", { name: "Nos Centres à Casablanca" });
  await expect(centres.getByRole("heading", { level: 3 })).toHaveText([
    "Centre Ain Sebaa",
    "Centre Moulay Youssef",
    "Centre Zenith",
  ]);
  const chat = centres.getByRole("link", { name: /\+212 6 61 00 10 01/ });
  await expect(chat).toHaveAttribute("href", "https://api.whatsapp.com/send?phone=%2B212661001001");
  await expect(chat).toHaveAttribute("target", "_blank");
  await expect(centres.locator("iframe")).toHaveCount(3);
  await expect(centres.locator("iframe").first()).toHaveAttribute("loading", "lazy");

  // Questions banner: index, previous, next and go-to.
  const banner = page.getByRole("region", { name: "Questions des futurs étudiants" }).first();
  // Hovering pauses the 5-second bar, so nothing moves on its own during the test.
  await banner.hover();
  await banner.getByRole("button", { name: "Aller à la question 1" }).click();
  await expect(banner).toContainText("Question 1 / 5");
  await banner.getByRole("button", { name: "Question précédente" }).click();
  await expect(banner).toContainText("Question 5 / 5");
  await banner.getByRole("button", { name: "Question suivante" }).click();
  await expect(banner).toContainText("Question 1 / 5");
  await banner.getByRole("button", { name: "Aller à la question 3" }).click();
  await expect(banner).toContainText("Question 3 / 5");
  await expect(banner).toContainText("Votre baccalauréat date de quelques années ?");
});

test("presentation video: play, pause, mute, seek by clicking the bar, fullscreen, back to start at the end", async ({
  page,
}) => {
  await page.goto("/");
  const section = page.getByRole("region", { name: /Découvrez Puerta/ });
  await section.scrollIntoViewIfNeeded();
  const progress = section.getByRole("slider", { name: "Progression de la vidéo" });

  await section.getByRole("button", { name: "Lire la vidéo : Présentation de l'académie" }).click();
  await expect(section.getByRole("button", { name: "Mettre en pause" })).toBeVisible();
  await expect.poll(async () => Number(await progress.getAttribute("aria-valuenow"))).toBeGreaterThan(0);
  await section.getByRole("button", { name: "Mettre en pause" }).click();
  await expect(section.getByRole("button", { name: "Lire", exact: true })).toBeVisible();

  await section.getByRole("button", { name: "Activer le son" }).click();
  await expect(section.getByRole("button", { name: "Couper le son" })).toBeVisible();
  expect(await section.locator("video").evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);

  const box = await progress.boundingBox();
  if (!box) throw new Error("progress bar not laid out");
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect.poll(async () => Number(await progress.getAttribute("aria-valuenow"))).toBeGreaterThanOrEqual(45);
  expect(await section.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(2);

  await section.getByRole("button", { name: "Plein écran" }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await page.evaluate(() => document.exitFullscreen());

  // Near the end, let it finish: it goes back to the start.
  await page.mouse.click(box.x + box.width * 0.95, box.y + box.height / 2);
  await section.getByRole("button", { name: "Lire", exact: true }).click();
  await expect(section.getByRole("button", { name: "Lire la vidéo : Présentation de l'académie" })).toBeVisible();
  await expect(progress).toHaveAttribute("aria-valuenow", "0");
  expect(await section.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime)).toBe(0);
});
