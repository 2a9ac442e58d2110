import { expect, test } from "@playwright/test";
import { FIXTURE_STAFF } from "../support/fixture-staff.ts";
import { FIXTURE_PASSWORD, FIXTURE_STUDENTS } from "../support/fixture-students.ts";
import { signIn } from "../support/session.ts";
import { expectAccessibleAtBothWidths } from "../support/staff.ts";
import { signInFixtureStaff } from "../support/staff-sign-in.ts";

test("the direction publishes a new policy version; a signed-in student is sent to accept it, accepts and gets in", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  // A student who had accepted the version in force, already signed in.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await signIn(student, FIXTURE_STUDENTS.policyRepublished.email, FIXTURE_PASSWORD);
  await student.goto("/profile");
  await expect(student).toHaveURL(/\/profile$/);

  await signInFixtureStaff(page, FIXTURE_STAFF.inboxPolicyDirection.email, "/gestion/politique");
  await expect(page.getByRole("heading", { level: 1, name: "Politique de non-remboursement" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Version 1/ })).toContainText("En vigueur");
  await expectAccessibleAtBothWidths(page);

  // A new draft starts from the text in force; it is edited with its preview.
  await page.getByRole("button", { name: "Nouvelle version" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Brouillon — / })).toBeVisible();
  await page.getByLabel("Titre").fill("Politique de non-remboursement 2027");
  await page
    .getByLabel("Contenu (Markdown)")
    .fill(
      "## Article 1 — Objet\n\nLes frais **versés** restent acquis.\n\n- inscription\n- scolarité\n\n<script>window.pwned = true</script>",
    );
  const preview = page.getByRole("region", { name: /Aperçu/ });
  await expect(preview.getByRole("heading", { level: 2, name: "Article 1 — Objet" })).toBeVisible();
  await expect(preview.getByText("versés")).toHaveJSProperty("tagName", "STRONG");
  // Raw HTML is shown as text, never run.
  await expect(preview).toContainText("<script>window.pwned = true</script>");
  expect(await page.evaluate(() => (window as { pwned?: boolean }).pwned)).toBeUndefined();
  await expectAccessibleAtBothWidths(page);

  await page.getByRole("button", { name: "Publier cette version" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Publier cette version ?" });
  await expect(confirm).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await confirm.getByRole("button", { name: "Publier" }).click();
  await expect(page.getByText("Version 2 publiée.", { exact: true }).first()).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 1, name: "Version 2 — Politique de non-remboursement 2027" }),
  ).toBeVisible();
  await expect(page.getByTestId("acceptance-count")).toHaveText(/^0 \/ \d+$/);
  await expectAccessibleAtBothWidths(page);

  // The student's next gated page sends them to the new version, which they accept.
  await student.goto("/profile");
  await expect(student).toHaveURL(/\/policy-acceptance$/);
  await expect(student.getByRole("heading", { level: 1, name: "Politique de non-remboursement 2027" })).toBeVisible();
  const text = student.getByTestId("policy-content");
  await expect(text.getByRole("heading", { level: 2, name: "Article 1 — Objet" })).toBeVisible();
  await expect(text).toContainText("<script>window.pwned = true</script>");
  await text.evaluate((box) => {
    box.scrollTop = box.scrollHeight;
  });
  await student.getByRole("checkbox", { name: /je l'accepte/ }).check();
  await student.getByRole("button", { name: "Accepter et continuer vers le planning" }).click();
  await expect(student).toHaveURL(/\/demande-attestation$/);
  await student.goto("/profile");
  await expect(student).toHaveURL(/\/profile$/);
  await studentContext.close();

  // The report counts them, and lists them among those who accepted.
  await page.reload();
  await expect(page.getByTestId("acceptance-count")).toHaveText(/^1 \/ \d+$/);
  await page.getByRole("combobox", { name: "Acceptation" }).selectOption({ label: "Acceptée" });
  await expect(page.getByRole("row", { name: /policy-republished/ })).toContainText("Acceptée");
  await expect(page.getByRole("link", { name: /Exporter/ })).toHaveAttribute(
    "href",
    /\/api\/gestion\/politique\/\d+\/acceptations\/export\.csv\?acceptation=acceptee(&|$)/,
  );
});
