import PostalMime, { type Email } from "postal-mime";
import { SMTPServer } from "smtp-server";
import { freePort } from "./tools.ts";
import { waitFor } from "./wait.ts";

export { freePort, waitFor };

export type ReceivedMail = { envelopeTo: string[]; email: Email; raw: string };

/**
 * A real SMTP server inside the test process. Every message it accepts is parsed with
 * postal-mime, as a mail client would read it.
 */
export async function createMailServer(port?: number, options: { refuse?: (recipient: string) => boolean } = {}) {
  const chosenPort = port ?? (await freePort());
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;

  const handle = {
    port: chosenPort,
    url: `smtp://127.0.0.1:${chosenPort}`,
    received,
    /** Mails addressed to `to`, in the order they arrived. */
    to: (to: string) => received.filter((m) => m.envelopeTo.includes(to.toLowerCase())),

    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS", "AUTH"],
        logger: false,
        onRcptTo(address, _session, callback) {
          if (!options.refuse?.(address.address)) return callback();
          const refusal = Object.assign(new Error("Boîte aux lettres inconnue"), { responseCode: 550 });
          return callback(refusal);
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            const raw = Buffer.concat(chunks).toString("utf8");
            PostalMime.parse(raw)
              .then((email) => {
                received.push({
                  envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
                  email,
                  raw,
                });
                callback();
              })
              .catch((error: Error) => callback(error));
          });
        },
      });
      const current = server;
      await new Promise<void>((resolve, reject) => {
        current.once("error", reject);
        current.listen(chosenPort, "127.0.0.1", () => resolve());
      });
    },

    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
  return handle;
}

export type MailServer = Awaited<ReturnType<typeof createMailServer>>;
