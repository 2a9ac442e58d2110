import { expect, test } from "@playwright/test";
import { holdScripts, ISLAND_SCRIPTS } from "../support/hold-scripts.ts";

test("DELE page: carousels by year, lightbox opens full size and closes by Escape or click, focus goes back", async ({
  page,
}) => {
  await page.goto("/dele");
  for (const year of ["2025", "2024", "2023"]) {
    await expect(page.getByRole("heading", { level: 3, name: year })).toBeVisible();
  }
  const carousel = page.getByRole("region", { name: "Photos DELE 2025" });
  await expect(carousel.getByRole("button", { name: "Aller à la position 1" })).toHaveAttribute("aria-current", "true");
  await carousel.getByRole("button", { name: "Image suivante" }).click();
  await expect(carousel.getByRole("button", { name: "Aller à la position 2" })).toHaveAttribute("aria-current", "true");
  await carousel.getByRole("button", { name: "Image précédente" }).click();
  await carousel.getByRole("button", { name: "Image précédente" }).click();
  await expect(carousel.getByRole("button", { name: "Aller à la position 1" })).not.toHaveAttribute(
    "aria-current",
    "true",
  );

  const thumbnail = page.getByRole("button", { name: "Agrandir l'image : Remise des diplômes DELE 2025" });
  await thumbnail.click();
  const dialog = page.getByRole("dialog", { name: "Remise des diplômes DELE 2025" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("img", { name: "Remise des diplômes DELE 2025" })).toHaveAttribute(
    "src",
    "/media/photos/gallery-1.webp",
  );
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(thumbnail).toBeFocused();

  // The SIELE grid uses the same lightbox; a click closes it.
  const sieleThumb = page.getByRole("button", { name: "Agrandir l'image : Salle d'examen SIELE" });
  await sieleThumb.click();
  const sieleDialog = page.getByRole("dialog", { name: "Salle d'examen SIELE" });
  await expect(sieleDialog).toBeVisible();
  await sieleDialog.getByRole("img").click();
  await expect(sieleDialog).toBeHidden();
  await expect(sieleThumb).toBeFocused();
});

test("DELE page: a tap on a carousel's arrow before the page's scripts have arrived moves it once they have", async ({
  page,
}) => {
  const release = await holdScripts(page, ISLAND_SCRIPTS);
  await page.goto("/dele", { waitUntil: "domcontentloaded" });
  const carousel = page.getByRole("region", { name: "Photos DELE 2025" });
  await carousel.getByRole("button", { name: "Image suivante" }).click();
  // The scripts are held: the prerendered arrow has no handler yet.
  await expect(carousel.getByRole("button", { name: "Aller à la position 1" })).toHaveAttribute("aria-current", "true");

  release();
  await expect(carousel.getByRole("button", { name: "Aller à la position 2" })).toHaveAttribute("aria-current", "true");
  await expect(carousel.getByRole("button", { name: "Aller à la position 1" })).not.toHaveAttribute(
    "aria-current",
    "true",
  );
});

test("SIELE testimonial slider: 4 cards per page at 1280 px", async ({ page }) => {
  await page.goto("/dele");
  const slider = page.getByTestId("testimonial-slider");
  await expect(slider.locator("figure")).toHaveCount(4);
  await expect(slider).toContainText("1 / 2");
  await slider.getByRole("button", { name: "Témoignages suivants" }).click();
  await expect(slider.locator("figure")).toHaveCount(2);
  await expect(slider).toContainText("Nisrine Kadiri");
  await slider.getByRole("button", { name: "Témoignages suivants" }).click();
  await expect(slider).toContainText("1 / 2");
});

test("SIELE testimonial slider: one card per page at 390 px, switching at 768 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dele");
  const slider = page.getByTestId("testimonial-slider");
  // It lays itself out for the screen as it nears it (decision 008).
  await slider.scrollIntoViewIfNeeded();
  await expect(slider.locator("figure")).toHaveCount(1);
  await expect(slider).toContainText("Aya Benali");
  await slider.getByRole("button", { name: "Témoignages précédents" }).click();
  await expect(slider).toContainText("Amine Tber");
  await expect(slider).toContainText("6 / 6");
  await slider.getByRole("button", { name: "Témoignages suivants" }).click();
  await expect(slider).toContainText("1 / 6");
  await page.setViewportSize({ width: 1024, height: 844 });
  await expect(slider.locator("figure")).toHaveCount(4);
});

test("SIELE testimonial slider: on a phone, a tap made before the page's scripts have arrived counts its pages of one card", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const release = await holdScripts(page, ISLAND_SCRIPTS);
  await page.goto("/dele", { waitUntil: "domcontentloaded" });
  const slider = page.getByTestId("testimonial-slider");
  // The prerendered slider shows the desktop's first page of four cards, with the arrows.
  await slider.getByRole("button", { name: "Témoignages précédents" }).click();
  await expect(slider).toContainText("1 / 2");

  release();
  await expect(slider.locator("figure")).toHaveCount(1);
  await expect(slider).toContainText("6 / 6");
  await expect(slider).toContainText("Amine Tber");
});

test("orientation video has the same controls and a seekable bar", async ({ page }) => {
  await page.goto("/orientation");
  const player = page.getByRole("region", { name: /Réunion d'orientation/ });
  await player.getByRole("button", { name: /^Lire la vidéo/ }).click();
  await expect(player.getByRole("button", { name: "Mettre en pause" })).toBeVisible();
  await player.getByRole("button", { name: "Mettre en pause" }).click();
  const bar = player.getByRole("slider", { name: "Progression de la vidéo" });
  const box = await bar.boundingBox();
  if (!box) throw new Error("progress bar not laid out");
  await page.mouse.click(box.x + box.width * 0.25, box.y + box.height / 2);
  await expect.poll(async () => Number(await bar.getAttribute("aria-valuenow"))).toBeGreaterThanOrEqual(20);
});

test("about page: founder, 21 team members, vision and mission, call to action to the contact section", async ({
  page,
}) => {
  await page.goto("/pourquoi-puerta");
  await expect(page.getByRole("heading", { level: 2, name: "Driss Alaoui Mrani" })).toBeVisible();
  await expect(page.locator("#equipe").getByRole("listitem")).toHaveCount(21);
  await expect(page.getByRole("heading", { name: "Notre vision" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Notre mission" })).toBeVisible();
  await page.getByRole("link", { name: "Nous contacter" }).click();
  await expect(page.locator("#contact")).toBeInViewport();
});

test("privacy policy: ten sections, the national authority, the contact e-mail and the Casablanca address", async ({
  page,
}) => {
  await page.goto("/politique-de-confidentialite");
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(10);
  await expect(page.getByRole("main")).toContainText("CNDP");
  await expect(page.getByRole("main").getByRole("link", { name: "contact@puerta.example" }).first()).toHaveAttribute(
    "href",
    "mailto:contact@puerta.example",
  );
  await expect(page.getByRole("main")).toContainText("Casablanca, Maroc");
});

test("Selectividad pages: exam facts, booking button, top scorers and the parallel programme's 100 % claim", async ({
  page,
}) => {
  await page.goto("/selectividad-casablanca");
  await expect(page.getByRole("link", { name: "PRENDRE RENDEZ-VOUS" })).toBeVisible();
  await expect(page.getByText("Bourse d'excellence", { exact: true })).toBeVisible();
  await expect(page.getByRole("main").getByRole("heading", { level: 3, name: "Salma Bennani" })).toBeVisible();
  await page.goto("/selectividad-parallele");
  await expect(page.getByText("de réussite pour nos promotions précédentes")).toBeVisible();
  await expect(page.getByRole("button", { name: "INGÉNIERIE" })).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("heading", { name: "Une question sur le programme parallèle ?" })).toBeVisible();
});

test("vlog shows 7 videos", async ({ page }) => {
  await page.goto("/vlog");
  await expect(page.getByRole("main").locator("video")).toHaveCount(7);
});
