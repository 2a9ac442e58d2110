import { type APIRequestContext, expect, request, test } from "@playwright/test";
import type { Notification } from "@puerta/contract";
import { FIXTURE_PASSWORD, FIXTURE_STUDENTS } from "../support/fixture-students.ts";
import { captchaPayload } from "../support/session.ts";

/**
 * Student pages are rendered by the server with their data (decision 101): what a browser
 * without JavaScript receives, read here as HTML with the session cookie alone.
 */

/** Text as React writes it into HTML. */
const asHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

/** A client with no browser, signed in through `POST /api/session` as the web does: its cookie jar holds the session. */
async function signedInClient(email: string): Promise<APIRequestContext> {
  const client = await request.newContext({ baseURL: test.info().project.use.baseURL });
  await client.get("/sanctum/csrf-cookie");
  const xsrf = (await client.storageState()).cookies.find((c) => c.name === "XSRF-TOKEN")?.value ?? "";
  const answer = await client.post("/api/session", {
    data: { email, password: FIXTURE_PASSWORD, recaptcha_token: await captchaPayload(client) },
    headers: { "X-XSRF-TOKEN": xsrf },
  });
  expect(answer.status()).toBe(200);
  return client;
}

async function pageHtml(client: APIRequestContext, path: string): Promise<{ html: string; csp: string }> {
  const answer = await client.get(path, { maxRedirects: 0 });
  expect(answer.status(), path).toBe(200);
  expect(answer.headers()["content-type"]).toContain("text/html");
  return { html: await answer.text(), csp: answer.headers()["content-security-policy"] ?? "" };
}

/** Every page of the student area, with what its first screen shows. */
const STUDENT_PAGES: { path: string; heading: RegExp }[] = [
  { path: "/notifications", heading: /Notifications/ },
  { path: "/planning", heading: /Planning/i },
  { path: "/etudiants/orientation", heading: /Orientation/i },
  { path: "/support-cours", heading: /Support des cours/i },
  { path: "/parascolaire-calendar", heading: /parascolaire/i },
  { path: "/jourOff-calendar", heading: /Jours? f[ée]ri[ée]s/i },
  { path: "/modifier-mot-de-passe", heading: /mot de passe/i },
  { path: "/demande-attestation", heading: /attestation/i },
  { path: "/profile", heading: /Profil/i },
];

test("GET /notifications with the session cookie answers HTML that already holds the newest notification's title", async () => {
  const client = await signedInClient(FIXTURE_STUDENTS.serverRendering.email);
  const listed = (await (await client.get("/api/notifications")).json()) as { data: Notification[] };
  const newest = listed.data[0];
  expect(newest, "the demo addresses notifications to every student").toBeDefined();
  const { html, csp } = await pageHtml(client, "/notifications");
  expect(html).toContain(asHtml(newest?.titre ?? "—"));
  // The page's inline scripts run by this answer's nonce, nothing else inline.
  const nonce = /script-src [^;]*'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).not.toContain("unsafe-inline'; script");
  expect(/script-src[^;]*'unsafe-inline'/.test(csp)).toBe(false);
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
  expect(inlineScripts.length).toBeGreaterThan(0);
  for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
  // The same answer is never kept by a cache.
  expect((await client.get("/notifications")).headers()["cache-control"]).toContain("no-store");
  await client.dispose();
});

test("every student page's first screen is in the HTML, its data included, without a loading state", async () => {
  const client = await signedInClient(FIXTURE_STUDENTS.serverRendering.email);
  const user = (await (await client.get("/api/user")).json()) as { etudiant: { prenom: string; nom: string } };
  const notifications = ((await (await client.get("/api/notifications")).json()) as { data: Notification[] }).data;
  const events = (
    (await (await client.get("/api/parascolaires")).json()) as {
      data: { id: number; titre?: string; title?: string }[];
    }
  ).data;
  const guides = ((await (await client.get("/api/orientations")).json()) as { data: { titre: string }[] }).data;

  const pages = [
    ...STUDENT_PAGES,
    { path: `/notification/${notifications[0]?.id}`, heading: /./ },
    { path: `/parascolaire/${events[0]?.id}`, heading: /./ },
  ];
  for (const { path, heading } of pages) {
    const { html } = await pageHtml(client, path);
    const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, "") ?? "";
    expect(h1, `${path}: its title`).toMatch(heading);
    // The event's poster is still fetched by the page's script (lib/use-authorised-image.ts).
    const withoutPoster = html.replace("Chargement de l&#x27;affiche...", "");
    expect(withoutPoster, `${path}: no loading state`).not.toMatch(/Chargement|Vérification de la politique/);
  }
  expect((await pageHtml(client, "/profile")).html).toContain(asHtml(user.etudiant.prenom));
  expect((await pageHtml(client, `/notification/${notifications[0]?.id}`)).html).toContain(
    asHtml(notifications[0]?.titre ?? "—"),
  );
  const eventTitle = events[0]?.titre ?? events[0]?.title ?? "—";
  expect((await pageHtml(client, `/parascolaire/${events[0]?.id}`)).html).toContain(asHtml(eventTitle));
  if (guides[0]) expect((await pageHtml(client, "/etudiants/orientation")).html).toContain(asHtml(guides[0].titre));
  await client.dispose();
});

test("a signed-out visitor is redirected by the server to /login, which keeps where they were going", async () => {
  const visitor = await request.newContext({ baseURL: test.info().project.use.baseURL });
  for (const path of [
    ...STUDENT_PAGES.map((p) => p.path),
    "/policy-acceptance",
    "/notification/1",
    "/parascolaire/1",
  ]) {
    const answer = await visitor.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(302);
    expect(answer.headers().location).toBe(`/login?retour=${encodeURIComponent(path)}`);
  }
  await visitor.dispose();
});

test("a student who has not accepted the policy is redirected by the server to /policy-acceptance from a gated page", async () => {
  const client = await signedInClient(FIXTURE_STUDENTS.serverRenderingPolicy.email);
  for (const path of ["/profile", "/demande-attestation", "/modifier-mot-de-passe"]) {
    const answer = await client.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(302);
    expect(answer.headers().location).toBe("/policy-acceptance");
  }
  // The pages exempted from the gate open (docs/spec/student-portal.md section 4).
  expect((await client.get("/planning", { maxRedirects: 0 })).status()).toBe(200);
  const { html } = await pageHtml(client, "/policy-acceptance");
  expect(html).not.toMatch(/Chargement/);
  await client.dispose();
});
