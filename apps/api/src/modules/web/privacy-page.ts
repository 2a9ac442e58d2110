import {
  PRIVACY_PAGE_SLOTS,
  RETENTION_KEYS,
  RETENTION_LABELS,
  type RetentionKey,
  type RetentionSettings,
  retentionField,
} from "@puerta/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { PERSONAL_DATA_PARTS } from "../../personal-data-parts.ts";
import { cachedRetention } from "../personal-data/retention.ts";
import type { Page } from "./pages.ts";

/**
 * `/politique-de-confidentialite` states what the direction configured (docs/spec/school-year-and-data.md
 * section 4, decision 114): its prerendered HTML holds three slots (PRIVACY_PAGE_SLOTS) that are
 * filled here, each time the page is served, from the retention periods and CNDP number as they
 * are now (`cachedRetention`: read at most once a minute, at once after this process's PATCH) and
 * from what an erasure keeps (the personal-data parts' `kept`). Body text only: the page's inline
 * scripts, and so its CSP hashes, are the build's.
 */
export const PRIVACY_PAGE_PATH = "/politique-de-confidentialite";

/** Each category as the page says it: what it is, what its period counts from, what happens at its end. */
const PERIODS: Record<RetentionKey, { what: string; from: string; end: string; endDetail?: string }> = {
  anciens_eleves: { what: "comptes et données", from: "leur départ", end: "effacés" },
  invitations: {
    what: "comptes d'étudiants invités qui n'ont jamais choisi de mot de passe",
    from: "l'invitation",
    end: "effacés",
  },
  messages: {
    what: "messages du formulaire de contact et leurs réponses",
    from: "la dernière réponse (ou leur réception, s'ils n'ont pas eu de réponse)",
    end: "supprimés",
  },
  traces: {
    what: "date de dernière connexion, compteurs de tentatives et adresses IP gardées pour limiter les essais",
    from: "la connexion ou la tentative",
    end: "effacées",
  },
  emails_envoyes: { what: "texte et destinataires des e-mails déjà envoyés", from: "leur envoi", end: "supprimés" },
  journal: {
    what: "entrées du journal des actions du personnel",
    from: "l'événement",
    end: "pseudonymisées",
    endDetail: " (leurs champs personnels deviennent « [effacé] », l'événement reste)",
  },
};

/** "36 mois après leur départ, puis effacés"; a period of 0: "effacés à la prochaine purge après leur départ". */
export function periodText(key: RetentionKey, months: number): string {
  const { from, end, endDetail = "" } = PERIODS[key];
  return months === 0
    ? `${end} à la prochaine purge après ${from}${endDetail}`
    : `${months} mois après ${from}, puis ${end}${endDetail}`;
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

/** The HTML each slot is replaced with. */
export function privacyFragments(
  settings: RetentionSettings,
  parts: readonly PersonalDataPart[] = PERSONAL_DATA_PARTS,
): Record<keyof typeof PRIVACY_PAGE_SLOTS, string> {
  const periods = RETENTION_KEYS.map(
    (key) =>
      `<li><strong>${escapeHtml(RETENTION_LABELS[key])}</strong> (${escapeHtml(PERIODS[key].what)}) : ${escapeHtml(periodText(key, settings[retentionField(key)]))}.</li>`,
  );
  const kept = [...new Set(parts.flatMap((part) => (part.kept ? [part.kept] : [])))];
  const cndp = settings.cndp_numero?.trim();
  return {
    cndp: cndp ? `<p>Déclaration / autorisation CNDP n° ${escapeHtml(cndp)}</p>` : "",
    retention: `<ul>${periods.join("")}</ul>`,
    kept:
      kept.length > 0
        ? `<ul>${kept.map((text) => `<li>${escapeHtml(text)}</li>`).join("")}</ul>`
        : "<p>Rien : tout est effacé.</p>",
  };
}

const SLOT_NAMES = Object.keys(PRIVACY_PAGE_SLOTS) as (keyof typeof PRIVACY_PAGE_SLOTS)[];

/** The built page with its slots filled (a function replacement: a `$` in a CNDP number stays a `$`). */
export function fillPrivacyPage(template: Page, fragments: Record<keyof typeof PRIVACY_PAGE_SLOTS, string>): Page {
  let html = template.html.toString("utf8");
  for (const name of SLOT_NAMES) html = html.replace(PRIVACY_PAGE_SLOTS[name], () => fragments[name]);
  return { html: Buffer.from(html), scriptHashes: template.scriptHashes, encoded: {} };
}

/**
 * The privacy page as served now. The filled page (and its compressed copies) is kept while the
 * values stay the same; a build whose page lacks a slot, or holds one twice, is refused at start.
 */
export function privacyPageServer(template: Page, db: Pick<Database, "execute">, log: FastifyBaseLogger) {
  const html = template.html.toString("utf8");
  for (const name of SLOT_NAMES) {
    const count = html.split(PRIVACY_PAGE_SLOTS[name]).length - 1;
    if (count !== 1) {
      throw new Error(
        `La page ${PRIVACY_PAGE_PATH} du build contient ${count} fois l'emplacement « ${PRIVACY_PAGE_SLOTS[name]} » (une attendue) : reconstruisez le site.`,
      );
    }
  }
  let last: { settings: RetentionSettings; key: string; page: Page } | undefined;
  return async function current(): Promise<Page> {
    let settings: RetentionSettings;
    try {
      settings = await cachedRetention(db);
    } catch (error) {
      // The database is unreachable: the page as last served states the values it last read.
      if (!last) throw error;
      log.warn({ err: error }, "page de confidentialité : durées de conservation illisibles, dernière version servie");
      return last.page;
    }
    if (last?.settings === settings) return last.page;
    const key = JSON.stringify(settings);
    if (last?.key !== key) last = { settings, key, page: fillPrivacyPage(template, privacyFragments(settings)) };
    else last.settings = settings;
    return last.page;
  };
}
