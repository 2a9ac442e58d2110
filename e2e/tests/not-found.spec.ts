import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/session.ts";

test("an unknown URL answers 404 with the 404 page: home link, back button, contact link", async ({ page }) => {
  await page.goto("/login");
  const response = await page.goto("/cette-page-n-existe-pas");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page introuvable" })).toBeVisible();
  await expect(page).toHaveTitle(/Page introuvable/);
  await expect(page.getByRole("link", { name: "Nous contacter" })).toHaveAttribute("href", "/contactez-nous");
  // The header and footer frame the 404 page like any other.
  await expect(page.getByRole("contentinfo")).toContainText("© 2025 Puerta");
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Page précédente" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto("/encore/une/page/inconnue");
  await page.getByRole("main").getByRole("link", { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("an unknown API path answers a JSON 404, not the page", async ({ request }) => {
  const response = await request.get("/api/inconnu");
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ message: expect.any(String) });
});
