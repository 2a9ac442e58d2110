import { expect, test } from "@playwright/test";
import { FIXTURE_PASSWORD, FIXTURE_STUDENTS } from "../support/fixture-students.ts";
import { expectNoAxeViolations, signIn } from "../support/session.ts";

/** A real 48×48 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAYUlEQVRYhe3WUQ3AAAxCwUlACf4lIGsmlnQfl1RAQ+DBs/RX95x/MA+VQuGhSVnP8TNgLIXCQ5OynkNoBlopFB6alBWHCoxRHVOuNT9yP81moJVC4aFJWXGowBjVsU+j8ALsDjaIOVS9TgAAAABJRU5ErkJggg==",
  "base64",
);

test("the profile shows the student, then a new photo after an upload", async ({ page }) => {
  const s = FIXTURE_STUDENTS.profilePhoto;
  await signIn(page, s.email, FIXTURE_PASSWORD);
  await page.goto("/profile");
  // Rendered by the server with the student's data (decision 101): no loading state.
  await expect(page.getByRole("heading", { level: 1, name: "Profil Étudiant" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(s.email)).toBeVisible();
  await expect(page.getByText("Ain Sebaa")).toBeVisible();
  await expect(page.getByText("Selectividad Santé")).toBeVisible();
  await expect(page.getByRole("img", { name: `Initiales de ${s.prenom} ${s.nom}` })).toHaveText("TP");
  await expect(page.getByRole("link", { name: "Modifier le mot de passe" })).toHaveAttribute(
    "href",
    "/modifier-mot-de-passe",
  );
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Modifier le profil" }).click();
  const chooser = page.getByLabel("Photo de profil");
  await expect(chooser).toHaveAttribute("accept", "image/jpeg,image/png,image/webp");
  await expectNoAxeViolations(page);

  // A text file dressed up as a PNG is refused by the server, which reads the content.
  await chooser.setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("pas une image") });
  await expect(page.getByRole("alert")).toHaveText("Seules les images JPEG, PNG ou WebP sont acceptées.");

  await chooser.setInputFiles({ name: "moi.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByText("Votre photo de profil a été mise à jour.")).toBeVisible();
  const photo = page.getByRole("img", { name: `${s.prenom} ${s.nom}` });
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute("src", /^blob:/);

  // Still there after a reload: it comes from the server through the authorised route.
  await page.reload();
  await expect(page.getByRole("img", { name: `${s.prenom} ${s.nom}` })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Modifier le profil" }).click();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`profile-${width}.png`), fullPage: true });
  }
});
