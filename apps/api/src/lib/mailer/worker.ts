import { rm } from "node:fs/promises";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import { createIntervalJob } from "../interval-job.ts";
import { claimNext, markFailed, markSent, type OutboxMessage } from "./outbox.ts";
import type { MailTransport } from "./transport.ts";

export type WorkerOptions = {
  db: Database;
  transport: MailTransport;
  from: string;
  log: FastifyBaseLogger;
  retryBaseMs: number;
  pollMs: number;
  maxAttempts: number;
  /** The one-click unsubscribe URL of a notification copy's recipient (lib/mailer/unsubscribe.ts). */
  unsubscribeUrl?: (etudiantId: number) => string;
};

/** RFC 8058 one-click: the mailbox provider POSTs `List-Unsubscribe=One-Click` to the URL. */
function listUnsubscribe(message: OutboxMessage, url: WorkerOptions["unsubscribeUrl"]) {
  if (message.unsubscribeEtudiantId === null || !url) return undefined;
  return {
    "List-Unsubscribe": `<${url(message.unsubscribeEtudiantId)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** Longer than the SMTP time-outs of one message together, so a live sender never loses its claim. */
const LEASE_SECONDS = 120;
const MAX_RETRY_MS = 60 * 60 * 1000;

/** 1, 2, 4 … times the base after each failed attempt, at most one hour. */
export const retryDelayMs = (attempts: number, baseMs: number) =>
  Math.min(MAX_RETRY_MS, baseMs * 2 ** Math.max(0, attempts - 1));

/** A refusal that retrying cannot fix (an SMTP 5xx answer: unknown mailbox, rejected content). */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/** Sends due outbox messages one at a time: when poked after a new message, and every `pollMs` (lib/interval-job.ts). */
export function createOutboxWorker(options: WorkerOptions) {
  const { db, transport, log } = options;

  async function deliver(message: OutboxMessage) {
    try {
      const file = await transport.deliver({
        from: options.from,
        to: message.toAddress,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.textBody,
        html: message.htmlBody,
        messageId: message.messageId,
        headers: listUnsubscribe(message, options.unsubscribeUrl),
      });
      if (!(await markSent(db, message.id)) && file) {
        // Erased while it was being written (decision 113): its .eml copy goes with the rest.
        await rm(file, { force: true });
        return;
      }
      log.info({ mailId: message.id, file }, file ? `e-mail écrit dans ${file}` : "e-mail envoyé");
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(0, 500) : String(error);
      const giveUp = isPermanent(error) || message.attempts >= options.maxAttempts;
      const retryIn = giveUp ? null : retryDelayMs(message.attempts, options.retryBaseMs);
      await markFailed(db, message.id, reason, retryIn);
      const level = giveUp ? "error" : "warn";
      log[level](
        { mailId: message.id, attempts: message.attempts, retryInMs: retryIn, reason },
        "échec d'envoi d'e-mail",
      );
    }
  }

  /** Every due message, one at a time, until none is left or the worker stops. */
  async function drain(active: () => boolean) {
    while (active()) {
      const message = await claimNext(db, LEASE_SECONDS);
      if (!message) break;
      await deliver(message);
    }
  }

  return createIntervalJob({
    name: "boîte d'envoi",
    everyMs: options.pollMs,
    run: drain,
    log,
    failureMessage: "boîte d'envoi : erreur de la base de données",
  });
}
