import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import PostalMime, { type Email } from "postal-mime";

/**
 * The e2e server runs without SMTP_URL, so its outbox writes every message as an .eml file in
 * DATA_DIR/mail: this reads them the way a mail client would.
 */
function mailFolder(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (see playwright.config.ts)");
  return path.join(dataDir, "mail");
}

async function mailsTo(address: string): Promise<Email[]> {
  let files: string[];
  try {
    files = readdirSync(mailFolder()).filter((name) => name.endsWith(".eml"));
  } catch {
    return [];
  }
  const parsed = await Promise.all(
    files.sort().map((name) => PostalMime.parse(readFileSync(path.join(mailFolder(), name), "utf8"))),
  );
  return parsed.filter((email) => email.to?.some((to) => "address" in to && to.address === address));
}

async function pollMail(message: string, pick: () => Promise<Email | undefined>): Promise<Email> {
  let found: Email | undefined;
  await expect
    .poll(
      async () => {
        found = await pick();
        return found !== undefined;
      },
      { message, timeout: 15_000 },
    )
    .toBe(true);
  if (!found) throw new Error("unreachable");
  return found;
}

/** Waits for the `count`-th e-mail to `address` (1-based) and returns it. */
export function waitForMail(address: string, count = 1): Promise<Email> {
  return pollMail(`e-mail n°${count} to ${address}`, async () => (await mailsTo(address))[count - 1]);
}

/** Waits for the e-mail to `address` with this subject: for inboxes that several specs write to. */
export function waitForMailWithSubject(address: string, subject: string): Promise<Email> {
  return pollMail(`e-mail « ${subject} » to ${address}`, async () =>
    (await mailsTo(address)).find((mail) => mail.subject === subject),
  );
}

/** The reset link of a reset e-mail, as a path the test's own server answers. */
export function resetLinkPath(email: Email): string {
  const link = /https?:\/\/\S+\/reset-password\?\S+/.exec(email.text ?? "")?.[0];
  if (!link) throw new Error(`no reset link in: ${email.text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Waits for an e-mail to `address` that `match` accepts (the newest first): a subject pattern, a text. */
export function waitForMailWhere(address: string, what: string, match: (mail: Email) => boolean): Promise<Email> {
  return pollMail(`e-mail ${what} to ${address}`, async () => (await mailsTo(address)).reverse().find(match));
}
