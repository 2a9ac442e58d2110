import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { countHeld, type Executor, heldMessage, insertMessage } from "./outbox.ts";
import { createMailTransport } from "./transport.ts";
import { unsubscribeUrl } from "./unsubscribe.ts";
import { createOutboxWorker } from "./worker.ts";

export { escapeHtml, linkMail, mailButton, mailLayout, mailLink, mailParagraph } from "./layout.ts";

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
};

/**
 * The one way the app sends e-mail: `queue` writes the message to the outbox (inside the
 * caller's transaction when one is given), and the worker delivers it with retries.
 */
export function createMailer({ db, config, log }: { db: Database; config: Config; log: FastifyBaseLogger }) {
  const transport = createMailTransport(config);
  const domain = /@([^>\s]+)/.exec(config.mailFrom)?.[1] ?? "puerta.local";
  const worker = createOutboxWorker({
    db,
    transport,
    from: config.mailFrom,
    log,
    retryBaseMs: config.mail.retryBaseMs,
    pollMs: config.mail.pollMs,
    maxAttempts: config.mail.maxAttempts,
    unsubscribeUrl: (etudiantId) => unsubscribeUrl(config.publicUrl, config.appSecret, etudiantId),
  });

  return {
    /** The right-hand side of our Message-IDs, for messages queued in bulk by SQL. */
    messageIdDomain: domain,
    /** Stores the message in the outbox and returns its id; it leaves once the transaction commits. */
    queue(mail: OutgoingMail, executor: Executor = db): Promise<number> {
      return insertMessage(executor, { ...mail, messageId: `<${randomUUID()}@${domain}>` });
    },
    /** Asks the worker to send what is due now (call it after the queuing transaction committed). */
    flush: () => worker.poke(),
    start() {
      log.info(`E-mails : ${transport.description}`);
      worker.start();
      // A restored copy holds what was pending at the snapshot (decision 084): say so at every start.
      void countHeld(db).then(
        (held) => held > 0 && log.warn(heldMessage(held)),
        () => {},
      );
    },
    async stop() {
      await worker.stop();
      transport.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
