import type { FIXTURE_STUDENTS } from "./fixture-students.ts";
import { XSS_LINK, XSS_PAYLOADS, XSS_TEXT } from "./xss-payloads.ts";

/** Notifications created only for the end-to-end run, each addressed to one fixture student. */
export type FixtureNotification = {
  student: keyof typeof FIXTURE_STUDENTS;
  titre: string;
  message: string;
  link: string | null;
};

export const FIXTURE_NOTIFICATIONS = {
  xss: {
    student: "xss",
    titre: `Alerte ${XSS_PAYLOADS.img} ${XSS_PAYLOADS.script}`,
    message: `Bonjour,\n${XSS_TEXT}`,
    link: XSS_LINK,
  },
} satisfies Record<string, FixtureNotification>;
