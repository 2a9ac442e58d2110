/**
 * Students created only for the end-to-end run, one per journey that changes a student's
 * state, so specs never depend on each other's order. Add an entry when a journey needs one.
 */
import { XSS_PAYLOADS } from "./xss-payloads.ts";

export type FixtureStudent = {
  email: string;
  prenom: string;
  nom: string;
  centre: "Ain Sebaa" | "Moulay Youssef" | "Zenith";
  option: string;
  acceptedPolicy: boolean;
};

export const FIXTURE_PASSWORD = "Fixture-Password-2025";

const student = (key: string, centre: FixtureStudent["centre"], acceptedPolicy: boolean): FixtureStudent => ({
  email: `e2e.${key}@example.com`,
  prenom: "Test",
  nom: key,
  centre,
  option: centre === "Zenith" ? "Selectividad Ingénierie" : "Selectividad Santé",
  acceptedPolicy,
});

export const FIXTURE_STUDENTS = {
  policyGate: student("policy-gate", "Ain Sebaa", false),
  policyScroll: student("policy-scroll", "Ain Sebaa", false),
  policyRepublished: student("policy-republished", "Ain Sebaa", true),
  logout: student("logout", "Ain Sebaa", true),
  expired: student("expired", "Ain Sebaa", true),
  // The web session cookie (decision 100): no script reads it; an older version's stored token is carried over.
  cookieSession: student("cookie-session", "Ain Sebaa", true),
  storedToken: student("stored-token", "Ain Sebaa", true),
  navigation: student("navigation", "Zenith", true),
  // Pages rendered by the server with their data (decision 101): read as HTML, no browser.
  serverRendering: student("server-rendering", "Ain Sebaa", true),
  serverRenderingPolicy: student("server-rendering-policy", "Ain Sebaa", false),
  // A student page used before its scripts have run (it ends with a logout).
  beforeHydration: student("before-hydration", "Ain Sebaa", true),
  // A browser whose clock and time zone are not the server's (opening a notification marks it read).
  otherClock: student("other-clock", "Ain Sebaa", true),
  loginErrors: student("login-errors", "Ain Sebaa", true),
  notificationRead: student("notification-read", "Ain Sebaa", true),
  notificationRevert: student("notification-revert", "Ain Sebaa", true),
  certificates: student("certificates", "Zenith", true),
  certificateOffice: { ...student("certificate-office", "Ain Sebaa", true), prenom: "Salmà", nom: "El Amrani" },
  profilePhoto: student("profile-photo", "Ain Sebaa", true),
  calendarEvents: student("calendar-events", "Zenith", true),
  calendarHolidays: student("calendar-holidays", "Ain Sebaa", true),
  passwordReset: student("password-reset", "Zenith", true),
  passwordChange: student("password-change", "Ain Sebaa", true),
  // On a phone: a student's forms seen, never sent (phone.spec.ts).
  phone: student("phone", "Zenith", true),
  phonePolicy: student("phone-policy", "Ain Sebaa", false),
  gestionNotificationsAin: student("gestion-notifications-ain", "Ain Sebaa", true),
  gestionNotificationsZenith: student("gestion-notifications-zenith", "Zenith", true),
  gestionCalendarsAinSebaa: student("gestion-calendars-ain-sebaa", "Ain Sebaa", true),
  gestionCalendarsZenith: student("gestion-calendars-zenith", "Zenith", true),
  emailLinks: student("email-links", "Zenith", true),
  // Name fields carrying script payloads: shown on the profile and in the header.
  xss: {
    ...student("xss", "Ain Sebaa", true),
    prenom: `Salma ${XSS_PAYLOADS.img}`,
    nom: `${XSS_PAYLOADS.script} ${XSS_PAYLOADS.svg}`,
  },
} satisfies Record<string, FixtureStudent>;
