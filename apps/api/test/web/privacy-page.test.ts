/**
 * `/politique-de-confidentialite` states the retention periods as configured, the CNDP number
 * when set, how to exercise each right and what an erasure keeps (docs/spec/school-year-and-data.md
 * section 4, decision 114), against the real web build (apps/web/build, `npm run build`): the
 * prerendered page's slots are filled by the server each time it serves it.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync } from "node:zlib";
import { PRIVACY_PAGE_SLOTS } from "@puerta/contract";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";

const CLIENT_DIR = fileURLToPath(new URL("../../../web/build/client", import.meta.url));
const PAGE_FILE = path.join(CLIENT_DIR, "politique-de-confidentialite", "index.html");
if (!existsSync(PAGE_FILE)) {
  throw new Error(`${PAGE_FILE} manque : ce test sert la page du vrai site, construisez-le (npm run build).`);
}

const URL_PATH = "/politique-de-confidentialite";

/** The text a reader gets from some HTML: tags dropped, entities decoded, spaces collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

/** One section of the page (its `<section id>`), as HTML. */
function sectionOf(html: string, id: string): string {
  const start = html.indexOf(`<section id="${id}"`);
  expect(start, `section ${id}`).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</section>", start) + "</section>".length);
}

/** The items of the first list after `after` in `html`, as text. */
function listAfter(html: string, after: string): string[] {
  const from = html.indexOf(after);
  expect(from, after).toBeGreaterThan(-1);
  const start = html.indexOf("<ul>", from);
  const list = html.slice(start, html.indexOf("</ul>", start));
  return [...list.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((match) => textOf(match[1] ?? ""));
}

const sha = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;

const DEFAULT_PERIODS = [
  "Anciens élèves (comptes et données) : 36 mois après leur départ, puis effacés.",
  "Invitations jamais acceptées (comptes d'étudiants invités qui n'ont jamais choisi de mot de passe) : 12 mois après l'invitation, puis effacés.",
  "Messages de contact (messages du formulaire de contact et leurs réponses) : 24 mois après la dernière réponse (ou leur réception, s'ils n'ont pas eu de réponse), puis supprimés.",
  "Traces de connexion (date de dernière connexion, compteurs de tentatives et adresses IP gardées pour limiter les essais) : 12 mois après la connexion ou la tentative, puis effacées.",
  "Corps des e-mails envoyés (texte et destinataires des e-mails déjà envoyés) : 1 mois après leur envoi, puis supprimés.",
  "Journal (entrées du journal des actions du personnel) : 60 mois après l'événement, puis pseudonymisées (leurs champs personnels deviennent « [effacé] », l'événement reste).",
];

describe("the privacy page states the configured periods, the CNDP number, the rights and what is kept", () => {
  let t: TestApp;
  let direction: StaffBrowser;

  beforeEach(async () => {
    // Its own academy each time: the periods are the academy's one row.
    t = await createTestApp({ seed: false, env: { WEB_DIR: CLIENT_DIR } });
    direction = (await signInNewStaff(t, "direction")).browser;
  });
  afterEach(() => t.close());

  const page = async (acceptEncoding?: string) => {
    const response = await t.app.inject({
      method: "GET",
      url: URL_PATH,
      headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    const html =
      response.headers["content-encoding"] === "br"
        ? brotliDecompressSync(response.rawPayload).toString()
        : response.body;
    return { response, html };
  };

  it("states the defaults, no CNDP number, each right and what an erasure keeps, with no slot left and a true CSP", async () => {
    const { response, html } = await page();
    expect(html).not.toContain("@@puerta:");
    expect(html).not.toContain("CNDP n°");

    const retention = sectionOf(html, "conservation");
    expect(listAfter(retention, "5. Durée de conservation")).toEqual(DEFAULT_PERIODS);
    const kept = listAfter(retention, "Ce que nous conservons volontairement");
    expect(kept).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Le registre des attestations délivrées : .*\/verifier\/\{code\} continue de confirmer/),
        expect.stringMatching(/^Chaque entrée du journal garde son événement/),
        expect.stringMatching(/^La trace de chaque demande traitée/),
      ]),
    );
    expect(new Set(kept).size).toBe(kept.length);

    const rights = sectionOf(html, "droits");
    const [access, rectification, opposition, erasure] = listAfter(rights, "7. Vos droits");
    expect(access).toMatch(
      /^Accès : dans votre espace étudiant, ouvrez votre profil et choisissez « Télécharger mes données »/,
    );
    expect(rights).toContain('<a href="/profile">votre profil</a>');
    expect(rectification).toMatch(/^Rectification : écrivez-nous à contact@puerta\.example/);
    expect(opposition).toMatch(/^Opposition : écrivez-nous à contact@puerta\.example/);
    expect(erasure).toMatch(/^Suppression : écrivez-nous à contact@puerta\.example ; la direction efface vos données/);
    expect(rights.match(/<a href="mailto:contact@puerta\.example">contact@puerta\.example<\/a>/g)).toHaveLength(3);
    expect(rights).toContain('<a href="#conserve-apres-effacement">');

    // One h1, the ten sections' h2, the kept list's h3 under section 5: the outline holds.
    const headings = [...html.matchAll(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/g)].map(
      (m) => `${m[1]} ${textOf(m[2] ?? "")}`,
    );
    const main = headings.slice(headings.indexOf("1 Politique de confidentialité"));
    expect(main.slice(0, 12)).toEqual([
      "1 Politique de confidentialité",
      "2 1. Introduction",
      "2 2. Données collectées",
      "2 3. Finalités",
      "2 4. Base légale",
      "2 5. Durée de conservation",
      "3 Ce que nous conservons volontairement",
      "2 6. Partage des données",
      "2 7. Vos droits",
      "2 8. Sécurité",
      "2 9. Modifications",
      "2 10. Contact",
    ]);
    expect(html.match(/<main\b/g)).toHaveLength(1);

    // The inline scripts are the build's: the CSP allows exactly them.
    const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => m[1] ?? "")
      .filter(Boolean);
    expect(scripts.length).toBeGreaterThan(0);
    const scriptSrc =
      String(response.headers["content-security-policy"])
        .split(";")
        .map((d) => d.trim())
        .find((d) => d.startsWith("script-src ")) ?? "";
    expect(scriptSrc.split(" ").slice(1).sort()).toEqual(["'self'", ...scripts.map(sha)].sort());
  });

  it("states the direction's periods and CNDP number on the next request, compressed or not, and drops the number once removed", async () => {
    // Read once: the page is cached with these values.
    expect(listAfter(sectionOf((await page("br")).html, "conservation"), "5. Durée de conservation")).toEqual(
      DEFAULT_PERIODS,
    );

    const saved = await direction.patch("/api/gestion/conservation", {
      anciens_eleves_mois: 48,
      invitations_mois: 0,
      messages_mois: 6,
      traces_mois: 3,
      emails_envoyes_mois: 2,
      journal_mois: 120,
      cndp_numero: "D-GC-123/2026 <A&B>",
    });
    expect(saved.statusCode).toBe(200);

    for (const encoding of ["br", undefined]) {
      const { html } = await page(encoding);
      expect(html).not.toContain("@@puerta:");
      expect(listAfter(sectionOf(html, "conservation"), "5. Durée de conservation")).toEqual([
        "Anciens élèves (comptes et données) : 48 mois après leur départ, puis effacés.",
        "Invitations jamais acceptées (comptes d'étudiants invités qui n'ont jamais choisi de mot de passe) : effacés à la prochaine purge après l'invitation.",
        "Messages de contact (messages du formulaire de contact et leurs réponses) : 6 mois après la dernière réponse (ou leur réception, s'ils n'ont pas eu de réponse), puis supprimés.",
        "Traces de connexion (date de dernière connexion, compteurs de tentatives et adresses IP gardées pour limiter les essais) : 3 mois après la connexion ou la tentative, puis effacées.",
        "Corps des e-mails envoyés (texte et destinataires des e-mails déjà envoyés) : 2 mois après leur envoi, puis supprimés.",
        "Journal (entrées du journal des actions du personnel) : 120 mois après l'événement, puis pseudonymisées (leurs champs personnels deviennent « [effacé] », l'événement reste).",
      ]);
      // In the introduction, as text: the number's characters are escaped, not markup.
      const introduction = sectionOf(html, "introduction");
      expect(introduction).toContain("<p>Déclaration / autorisation CNDP n° D-GC-123/2026 &lt;A&amp;B&gt;</p>");
      expect(html.match(/CNDP n°/g)).toHaveLength(1);
    }

    expect((await direction.patch("/api/gestion/conservation", { cndp_numero: null })).statusCode).toBe(200);
    const { html } = await page("br");
    expect(html).not.toContain("CNDP n°");
    expect(html).not.toContain("@@puerta:");
    expect(textOf(sectionOf(html, "conservation"))).toContain("48 mois après leur départ");
  });

  it("refuses at start a build whose privacy page lacks a slot: it would state nothing of what is configured", async () => {
    const webDir = mkdtempSync(path.join(tmpdir(), "puerta-privacy-"));
    try {
      mkdirSync(path.join(webDir, "politique-de-confidentialite"));
      const withoutKept = readFileSync(PAGE_FILE, "utf8").replace(PRIVACY_PAGE_SLOTS.kept, "");
      writeFileSync(path.join(webDir, "politique-de-confidentialite", "index.html"), withoutKept);
      await expect(buildApp({ config: { ...t.config, webDir }, db: t.database.db, logger: false })).rejects.toThrow(
        `La page /politique-de-confidentialite du build contient 0 fois l'emplacement « ${PRIVACY_PAGE_SLOTS.kept} » (une attendue) : reconstruisez le site.`,
      );
    } finally {
      rmSync(webDir, { recursive: true, force: true });
    }
  });
});
