/**
 * Staff accounts created only for the end-to-end run (e2e/server.ts), one per journey that
 * enrols a second factor, so specs never share an authenticator secret. The first sign-in
 * enrols (docs/spec/back-office.md section 2).
 */
export type FixtureStaff = {
  name: string;
  email: string;
  role: "direction" | "secretariat" | "pedagogie";
  centres: ("Ain Sebaa" | "Moulay Youssef" | "Zenith")[];
};

export const FIXTURE_STAFF_PASSWORD = "Fixture-Staff-2026";

export const FIXTURE_STAFF = {
  calendarsSecretary: {
    name: "Houda Calendriers",
    email: "e2e.calendars.secretariat@example.com",
    role: "secretariat",
    centres: ["Ain Sebaa"],
  },
} satisfies Record<string, FixtureStaff>;
