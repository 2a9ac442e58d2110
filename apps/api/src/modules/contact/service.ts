import { CONTACT_LIMITS, CONTACT_MESSAGES } from "@puerta/contract";
import type { AppContext } from "../../app-context.ts";
import { HttpError, validationFailed } from "../../lib/errors.ts";
import { hit, lockedFor, type ThrottleRule } from "../../lib/throttle.ts";
import { type ContactFields, contactMail } from "./mail.ts";
import { insertContactMessage } from "./queries.ts";

/**
 * Three messages per IP in fifteen minutes. `hit` reports the hit that reaches `max`, so
 * `max` is the first refused message; the lock lasts until the window of the first ends.
 */
const CONTACT_RULE: ThrottleRule = {
  max: CONTACT_LIMITS.maxMessagesPerWindow + 1,
  windowSeconds: CONTACT_LIMITS.windowSeconds,
  lockSeconds: ({ windowRemainingSeconds }) => windowRemainingSeconds,
};

const throttled = (seconds: number) =>
  new HttpError(
    429,
    { message: CONTACT_MESSAGES.tooMany, retry_after_seconds: seconds },
    { "Retry-After": String(seconds) },
  );

export function createContactService({ db, config, captcha, mail }: AppContext) {
  const key = (ip: string) => `contact:${ip}`;

  return {
    /** Answers 429 before anything else is looked at while the IP is locked. */
    async assertNotLocked(ip: string) {
      const seconds = await lockedFor(db, key(ip));
      if (seconds > 0) throw throttled(seconds);
    },

    async send(fields: ContactFields, captchaPayload: string, ip: string) {
      if (!(await captcha.verify(captchaPayload))) {
        throw validationFailed({ recaptcha_token: [CONTACT_MESSAGES.captchaFailed] });
      }
      const lockSeconds = await hit(db, key(ip), CONTACT_RULE);
      if (lockSeconds > 0) throw throttled(lockSeconds);
      await db.transaction(async (tx) => {
        const mailId = await mail.queue(contactMail(config.contactEmail, fields, new Date()), tx);
        await insertContactMessage(tx, { ...fields, ip, mailId });
      });
      void mail.flush();
      return { message: CONTACT_MESSAGES.sent };
    },
  };
}
