import { CONTACT_LIMITS, CONTACT_MESSAGES } from "@puerta/contract";
import type { AppContext } from "../../app-context.ts";
import { HttpError, validationFailed } from "../../lib/errors.ts";
import { lockedFor, reserveAttempt, type ThrottleRule } from "../../lib/throttle.ts";
import { type ContactFields, contactMail } from "./mail.ts";
import { insertContactMessage } from "./queries.ts";

/** Three messages per IP in fifteen minutes; the third locks the IP until the window of the first ends. */
const CONTACT_RULE: ThrottleRule = {
  max: CONTACT_LIMITS.maxMessagesPerWindow,
  windowSeconds: CONTACT_LIMITS.windowSeconds,
  lock: { untilWindowEnds: true },
  counts: "successes",
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
      // The place is taken before the captcha is checked, so parallel messages cannot pass the limit.
      const attempt = await reserveAttempt(db, [{ key: key(ip), rule: CONTACT_RULE }]);
      if (!attempt.allowed) throw throttled(attempt.retryAfter);
      if (!(await captcha.verify(captchaPayload))) {
        await attempt.failed(); // a refused captcha does not count
        throw validationFailed({ recaptcha_token: [CONTACT_MESSAGES.captchaFailed] });
      }
      try {
        await db.transaction(async (tx) => {
          const mailId = await mail.queue(contactMail(config.contactEmail, fields, new Date()), tx);
          await insertContactMessage(tx, { ...fields, ip, mailId });
        });
      } catch (error) {
        await attempt.cancelled();
        throw error;
      }
      await attempt.succeeded();
      void mail.flush();
      return { message: CONTACT_MESSAGES.sent };
    },
  };
}
