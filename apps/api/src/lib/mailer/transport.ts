import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { Config } from "../../config.ts";

/** One message as the outbox hands it to a transport. */
export type Envelope = {
  from: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  messageId: string;
  /** Extra header fields (List-Unsubscribe…). */
  headers?: Record<string, string>;
};

export type MailTransport = {
  /** Where messages go, for the start-up log line. */
  description: string;
  /** Resolves once the message is handed over; returns the file written, when there is one. */
  deliver(envelope: Envelope): Promise<string | undefined>;
  close(): void;
};

// Short enough that a dead server frees the worker quickly, long enough for a slow relay.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

const toMessage = (e: Envelope) => ({
  from: e.from,
  to: e.to,
  replyTo: e.replyTo ?? undefined,
  subject: e.subject,
  text: e.text,
  html: e.html ?? undefined,
  messageId: e.messageId,
  ...(e.headers ? { headers: e.headers } : {}),
});

/**
 * A nodemailer transporter created by the first message: nodemailer weighs ~20 MB in a server
 * that may send nothing for hours (decision 080).
 */
function onFirstMessage(options: Parameters<typeof import("nodemailer").createTransport>[0]) {
  let transporter: Promise<Transporter> | undefined;
  return {
    get: () =>
      (transporter ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(options))),
    close: () => void transporter?.then((created) => created.close()),
  };
}

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in DATA_DIR/mail. */
export function createMailTransport(config: Config): MailTransport {
  if (config.smtpUrl) {
    const smtp = onFirstMessage({ url: config.smtpUrl, ...SMTP_TIMEOUTS });
    const url = new URL(config.smtpUrl);
    return {
      description: `SMTP ${url.hostname}:${url.port || "(port par défaut)"}`,
      async deliver(envelope) {
        await (await smtp.get()).sendMail(toMessage(envelope));
        return undefined;
      },
      close: smtp.close,
    };
  }

  const folder = path.join(config.dataDir, "mail");
  // CRLF line endings, as RFC 5322 says and as an SMTP server would have written the message.
  const composer = onFirstMessage({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    description: `dossier ${folder} (fichiers .eml, SMTP_URL non défini)`,
    async deliver(envelope) {
      const info = await (await composer.get()).sendMail(toMessage(envelope));
      await mkdir(folder, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(folder, `${stamp}-${envelope.messageId.replace(/[^\w.-]/g, "")}.eml`);
      // Written aside then renamed: whoever watches the folder never reads a half-written .eml.
      // A write that fails (disk full) leaves nothing behind; the outbox tries again later.
      try {
        await writeFile(`${file}.part`, info.message as Buffer, { mode: 0o600 });
        await rename(`${file}.part`, file);
      } catch (error) {
        await rm(`${file}.part`, { force: true }).catch(() => {});
        throw error;
      }
      return file;
    },
    close: composer.close,
  };
}
