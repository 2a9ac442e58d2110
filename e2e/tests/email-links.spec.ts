import { type Browser, expect, type Page, test } from "@playwright/test";
import { CERTIFICATE_STATUS } from "@puerta/contract";
import type { Email } from "postal-mime";
import { FIXTURE_STAFF, FIXTURE_STAFF_PASSWORD } from "../support/fixture-staff.ts";
import { FIXTURE_PASSWORD, FIXTURE_STUDENTS } from "../support/fixture-students.ts";
import { submitLogin } from "../support/login-form.ts";
import { waitForMailWhere, waitForMailWithSubject } from "../support/mailbox.ts";
import { captchaPayload, expectNoAxeViolations, signIn } from "../support/session.ts";
import { secretFromEnrolmentScreen, submitStaffCredentials, totpCode } from "../support/staff.ts";

/**
 * Every kind of e-mail the product sends, followed as its recipient would (issue 28 item 2):
 * the link is taken out of the delivered .eml, opened in a browser of the recipient's own, and
 * must reach the page it promises, after the sign-in where one is needed.
 */
const STUDENT = FIXTURE_STUDENTS.emailLinks;
const STAFF = FIXTURE_STAFF.emailLinksDirection;

test.describe.configure({ mode: "serial" });

/** The links of a message that point at this site, from its text part (what every client shows). */
function siteLinks(mail: Email): URL[] {
  const found = (mail.text ?? "").match(/https?:\/\/[^\s<>"]+/g) ?? [];
  return found.map((href) => new URL(href)).filter((url) => !url.pathname.startsWith("/api/"));
}

/** The one link of the message that leads somewhere on the site, as a path of the test's server. */
function linkOf(mail: Email, pathStart: string): string {
  const url = siteLinks(mail).find((candidate) => candidate.pathname.startsWith(pathStart));
  if (!url) throw new Error(`no link to ${pathStart} in: ${mail.text}`);
  return `${url.pathname}${url.search}`;
}

/** A browser of the recipient's own: nobody signed in. */
async function recipientPage(browser: Browser): Promise<Page> {
  const { baseURL, locale, timezoneId } = test.info().project.use;
  const context = await browser.newContext({ baseURL, locale, timezoneId, viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

/** Opens the link: the server answers the page, never a 404. */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  await expect(page.getByRole("heading", { level: 1, name: /introuvable|n'existe pas/i })).toHaveCount(0);
}

/** The staff session's API calls, with the CSRF echo the web client sends. */
async function staffApi(page: Page) {
  const cookies = await page.context().cookies();
  const xsrf = cookies.find((cookie) => cookie.name === "XSRF-TOKEN")?.value ?? "";
  const headers = { "X-XSRF-TOKEN": decodeURIComponent(xsrf) };
  return {
    post: (url: string, data: unknown) => page.request.post(url, { data, headers }),
    patch: (url: string, data: unknown) => page.request.patch(url, { data, headers }),
    get: (url: string) => page.request.get(url, { headers }),
  };
}

let staff: Page;
let api: Awaited<ReturnType<typeof staffApi>>;
const stamp = Date.now().toString(36);

test.beforeAll(async ({ browser }) => {
  staff = await recipientPage(browser);
  await staff.goto("/gestion/connexion");
  await submitStaffCredentials(staff, STAFF.email, FIXTURE_STAFF_PASSWORD);
  await expect(staff.getByRole("heading", { name: "Activer la double authentification" })).toBeVisible();
  const secret = await secretFromEnrolmentScreen(staff);
  await staff.getByLabel("Code de confirmation").fill(await totpCode(secret));
  await staff.getByRole("button", { name: "Confirmer" }).click();
  await staff.getByRole("button", { name: /continuer/ }).click();
  await expect(staff.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  api = await staffApi(staff);
});

test.afterAll(async () => {
  await staff?.context().close();
});

test("invitations and password resets lead to their forms, ready for the token they carry", async ({ browser }) => {
  test.setTimeout(180_000);
  const zenith = (await (await api.get("/api/gestion/notifications/choix")).json()).centres.find(
    (c: { name: string }) => c.name === "Zenith",
  );

  // A staff invitation: /gestion/activer, greeting the invited person.
  const staffEmail = `e2e.invite.${stamp}@example.com`;
  expect(
    (await api.post("/api/gestion/comptes", { name: "Inès Invitée", email: staffEmail, role: "pedagogie" })).status(),
  ).toBe(201);
  const staffInvite = await waitForMailWhere(staffEmail, "d'invitation", (m) =>
    /\/gestion\/activer\?/.test(m.text ?? ""),
  );
  const invitee = await recipientPage(browser);
  await open(invitee, linkOf(staffInvite, "/gestion/activer"));
  await expect(invitee.getByText("Bienvenue, Inès Invitée. Choisissez votre mot de passe.")).toBeVisible();
  await invitee.context().close();

  // A student invitation: /activer-compte, its password form.
  const studentEmail = `e2e.eleve.${stamp}@example.com`;
  const created = await api.post("/api/gestion/etudiants", {
    nom: "Invitée",
    prenom: "Lina",
    email: studentEmail,
    centre_id: zenith?.id,
  });
  expect(created.status()).toBe(201);
  const studentInvite = await waitForMailWhere(studentEmail, "d'invitation", (m) =>
    /\/activer-compte\?/.test(m.text ?? ""),
  );
  const newcomer = await recipientPage(browser);
  await open(newcomer, linkOf(studentInvite, "/activer-compte"));
  await expect(newcomer.getByRole("heading", { level: 1, name: "Activer mon compte" })).toBeVisible();
  await expect(newcomer.getByLabel(/mot de passe/i).first()).toBeVisible();
  await expect(newcomer.getByRole("alert")).toHaveCount(0);
  await newcomer.context().close();

  // The student's reset: /reset-password with its form.
  expect((await api.post("/api/student/forgot-password", { email: STUDENT.email })).status()).toBe(200);
  const reset = await waitForMailWhere(STUDENT.email, "de réinitialisation", (m) =>
    /\/reset-password\?/.test(m.text ?? ""),
  );
  const student = await recipientPage(browser);
  await open(student, linkOf(reset, "/reset-password"));
  await expect(student.getByLabel(/nouveau mot de passe/i).first()).toBeVisible();
  await expect(student.getByRole("alert")).toHaveCount(0);
  await student.context().close();

  // The staff reset: /gestion/reinitialiser-mot-de-passe with its form.
  const forgot = await api.post("/api/gestion/mot-de-passe-oublie", {
    email: STAFF.email,
    recaptcha_token: await captchaPayload(staff.request),
  });
  expect(forgot.status()).toBeLessThan(300);
  const staffReset = await waitForMailWhere(STAFF.email, "de réinitialisation", (m) =>
    /\/gestion\/reinitialiser-mot-de-passe\?/.test(m.text ?? ""),
  );
  const colleague = await recipientPage(browser);
  await open(colleague, linkOf(staffReset, "/gestion/reinitialiser-mot-de-passe"));
  await expect(colleague.getByLabel(/nouveau mot de passe/i).first()).toBeVisible();
  await expect(colleague.getByRole("alert")).toHaveCount(0);
  await colleague.context().close();
});

test("a notification copy and the certificate answers reach their pages once the student has signed in", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const [me] = (
    await (await api.get(`/api/gestion/notifications/etudiants?q=${encodeURIComponent(STUDENT.nom)}`)).json()
  ).data as { id: number }[];
  if (!me) throw new Error("fixture student not found");

  // The notification copy: /notification/{id}, after the sign-in.
  const titre = `Salle changée ${stamp}`;
  const published = await api.post("/api/gestion/notifications", {
    titre,
    message: "Bonjour,\nle cours a lieu en salle 4.",
    priority: "normal",
    sender: "administration",
    publication: "maintenant",
    audience: { type: "etudiant_specifique", ids: [me.id] },
    email_copy: true,
  });
  expect(published.status()).toBe(201);
  const id = (await published.json()).id as number;
  const copy = await waitForMailWithSubject(STUDENT.email, `Nouvelle notification : ${titre}`);
  const student = await recipientPage(browser);
  await open(student, linkOf(copy, "/notification/"));
  await expect(student).toHaveURL(/\/login\?retour=%2Fnotification%2F\d+$/);
  await submitLogin(student, STUDENT.email, FIXTURE_PASSWORD);
  await expect(student).toHaveURL(new RegExp(`/notification/${id}$`));
  await expect(student.getByRole("heading", { level: 1, name: titre })).toBeVisible();
  await expectNoAxeViolations(student);
  // The copy's own "stop these e-mails" link leads to the profile, where the checkbox is.
  await open(student, linkOf(copy, "/profile"));
  await expect(
    student.getByRole("checkbox", { name: "Recevoir une copie des notifications par e-mail" }),
  ).toBeChecked();
  await student.context().close();

  // A certificate request answered "Disponible", then one refused: /demande-attestation.
  const asker = await recipientPage(browser);
  await signIn(asker, STUDENT.email, FIXTURE_PASSWORD);
  // As the web sends it: the session cookie, with the CSRF echo.
  const xsrf = (await asker.context().cookies()).find((c) => c.name === "XSRF-TOKEN")?.value ?? "";
  const ask = async (request: Record<string, unknown>) => {
    const response = await asker.request.post("/api/demandes", {
      data: request,
      headers: { "X-XSRF-TOKEN": xsrf },
    });
    expect(response.status()).toBeLessThan(300);
    const body = await response.json();
    return (body.data?.id ?? body.id) as number;
  };
  const readyId = await ask({ type: "scolaire", langues: ["Français"] });
  const refusedId = await ask({ type: "langue", niveau: "B1" });
  await asker.context().close();
  expect((await api.patch(`/api/gestion/demandes/${readyId}`, { status: CERTIFICATE_STATUS.ready })).status()).toBe(
    200,
  );
  expect(
    (
      await api.patch(`/api/gestion/demandes/${refusedId}`, {
        status: CERTIFICATE_STATUS.refused,
        motif: "Le niveau B1 n'est pas encore validé.",
      })
    ).status(),
  ).toBe(200);
  const ready = await waitForMailWhere(STUDENT.email, "« disponible »", (m) => /disponible/i.test(m.subject ?? ""));
  const refused = await waitForMailWhere(STUDENT.email, "« refusée »", (m) => /refus/i.test(m.subject ?? ""));

  const reader = await recipientPage(browser);
  await open(reader, linkOf(ready, "/demande-attestation"));
  await expect(reader).toHaveURL(/\/login\?retour=%2Fdemande-attestation/);
  await submitLogin(reader, STUDENT.email, FIXTURE_PASSWORD);
  await expect(reader).toHaveURL(/\/demande-attestation$/);
  await expect(reader.getByRole("heading", { level: 1, name: "Demandes d'Attestations" })).toBeVisible();
  // Signed in now: the refusal's link opens the same page straight away.
  await open(reader, linkOf(refused, "/demande-attestation"));
  await expect(reader.getByRole("heading", { level: 1, name: "Demandes d'Attestations" })).toBeVisible();
  await reader.context().close();
});

test("a contact reply carries no link that could lead nowhere", async () => {
  const messages = (await (await api.get("/api/gestion/messages?per_page=1")).json()).data as {
    id: number;
    email: string;
    sujet: string;
  }[];
  const [message] = messages;
  if (!message) throw new Error("no contact message in the seed");
  const replied = await api.post(`/api/gestion/messages/${message.id}/reponse`, {
    message: `Bonjour, voici notre réponse (${stamp}).`,
    marquer_traite: false,
  });
  expect(replied.status()).toBeLessThan(300);
  const reply = await waitForMailWhere(message.email, "de réponse", (m) => (m.text ?? "").includes(stamp));
  expect(reply.text).toContain(stamp);
  // Every link it has (none today) must open a page of the site.
  for (const url of siteLinks(reply)) {
    const response = await staff.request.get(`${url.pathname}${url.search}`);
    expect(response.status(), url.pathname).toBeLessThan(400);
  }
});
