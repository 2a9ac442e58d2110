import { expect, test } from "@playwright/test";

test("the blog lists 24 posts in 1, 2 then 3 columns, each linking to its slug", async ({ page }) => {
  await page.goto("/blog-2");
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  const cards = page.getByRole("main").getByRole("listitem");
  await expect(cards).toHaveCount(24);
  // Newest first: the post of 3 November 2025.
  await expect(cards.first().getByRole("link")).toHaveAttribute(
    "href",
    "/blog-2/les-épreuves-de-la-selectividad-expliquées",
  );
  const columns = () =>
    page
      .getByRole("main")
      .locator("ul")
      .first()
      .evaluate((ul) => getComputedStyle(ul).gridTemplateColumns.split(" ").length);
  expect(await columns()).toBe(3);
  await page.setViewportSize({ width: 800, height: 900 });
  expect(await columns()).toBe(2);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await columns()).toBe(1);
  // Titles clamp to 2 lines, excerpts to 3.
  expect(
    await cards
      .first()
      .locator("h2")
      .evaluate((h) => getComputedStyle(h).webkitLineClamp),
  ).toBe("2");
  expect(
    await cards
      .first()
      .locator("p.line-clamp-3")
      .evaluate((p) => getComputedStyle(p).webkitLineClamp),
  ).toBe("3");
});

test("a post opened from the list: breadcrumb, badge, French date, reading time, content and way back", async ({
  page,
}) => {
  await page.goto("/blog-2");
  await page.getByRole("link", { name: /Étudier en Espagne après le bac marocain/ }).click();
  await expect(page).toHaveURL(/\/blog-2\/%C3%A9tudier-en-espagne/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Étudier en Espagne après le bac marocain : le guide complet",
  );
  await expect(page).toHaveTitle("Étudier en Espagne après le bac marocain : le guide complet | Académie Puerta");
  const breadcrumb = page.getByRole("navigation", { name: "Fil d'Ariane" });
  await expect(breadcrumb.getByRole("link", { name: "Accueil" })).toHaveAttribute("href", "/");
  await expect(breadcrumb.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
  await expect(page.getByRole("article").getByText("Études en Espagne", { exact: true })).toBeVisible();
  await expect(page.getByRole("article").locator("time")).toHaveText("2 septembre 2025");
  await expect(page.getByText("6 min de lecture")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Qui peut candidater ?" })).toBeVisible();
  await page.getByRole("link", { name: "Retour au blog" }).click();
  await expect(page).toHaveURL(/\/blog-2$/);
});

test("posts open directly by accented slug, by slug with an apostrophe and by id", async ({ page }) => {
  await page.goto("/blog-2/cinq-erreurs-à-éviter-le-jour-de-l'examen");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cinq erreurs à éviter le jour de l'examen");
  // Posts without a date or reading time simply leave them out.
  await expect(page.getByRole("article").locator("time")).toHaveCount(0);

  await page.goto("/blog/5");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Bourse d'excellence : 25 % de réduction dès 16/20 au bac",
  );
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
});

test("an unknown post shows 'Article non trouvé' with a way back to the blog", async ({ page }) => {
  for (const path of ["/blog-2/article-qui-n-existe-pas", "/blog/99"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Article non trouvé" })).toBeVisible();
    await expect(page.getByText("L'article que vous recherchez n'existe pas.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Retour au blog" })).toHaveAttribute("href", "/blog");
  }
  await page.getByRole("main").getByRole("link", { name: "Retour au blog" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
});
