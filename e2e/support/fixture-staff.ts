/**
 * Staff accounts created only for the end-to-end run (e2e/server.ts writes them), one set per
 * journey, so that no spec enrols the demo accounts' second factor before gestion-journey.spec.ts
 * checks their first sign-in. Activated (password set), no second factor yet: the first sign-in
 * enrols one.
 */
import { centres, type Database } from "@puerta/api";
import { createStaffMember } from "@puerta/api/testing";
import { eq } from "drizzle-orm";

export const FIXTURE_STAFF_PASSWORD = "Fixture-Gestion-2025";

export const FIXTURE_STAFF = {
  studentsDirection: {
    name: "Direction Étudiants E2E",
    email: "direction.etudiants.e2e@example.com",
    role: "direction",
    centre: null,
  },
  studentsSecretary: {
    name: "Secrétariat Étudiants E2E",
    email: "secretariat.etudiants.e2e@example.com",
    role: "secretariat",
    centre: "Ain Sebaa",
  },
  notificationsDirection: {
    name: "Driss Notif",
    email: "e2e.notif.direction@example.com",
    role: "direction",
    centre: null,
  },
  notificationsSecretary: {
    name: "Samira Notif",
    email: "e2e.notif.secretariat@example.com",
    role: "secretariat",
    centre: "Ain Sebaa",
  },
  calendarsSecretary: {
    name: "Houda Calendriers",
    email: "e2e.calendars.secretariat@example.com",
    role: "secretariat",
    centre: "Ain Sebaa",
  },
  calendarsDirection: {
    name: "Driss Calendriers",
    email: "e2e.calendars.direction@example.com",
    role: "direction",
    centre: null,
  },
  publishFilesSecretary: {
    name: "Nadia Plannings",
    email: "e2e.plannings.secretariat@example.com",
    role: "secretariat",
    centre: "Ain Sebaa",
  },
  publishFilesPedagogie: {
    name: "Karim Supports",
    email: "e2e.supports.pedagogie@example.com",
    role: "pedagogie",
    centre: null,
  },
  inboxPolicyDirection: {
    name: "Direction E2E",
    email: "e2e.politique.direction@example.com",
    role: "direction",
    centre: null,
  },
  emailLinksDirection: {
    name: "Direction Liens E2E",
    email: "e2e.liens.direction@example.com",
    role: "direction",
    centre: null,
  },
  tablesDirection: {
    name: "Direction Tableaux E2E",
    email: "e2e.tableaux.direction@example.com",
    role: "direction",
    centre: null,
  },
  inboxPolicySecretary: {
    name: "Secrétariat E2E",
    email: "e2e.messages.secretariat@example.com",
    role: "secretariat",
    centre: "Ain Sebaa",
  },
  shellDirection: {
    name: "Direction Menu E2E",
    email: "e2e.menu.direction@example.com",
    role: "direction",
    centre: null,
  },
  shellSecretary: {
    name: "Secrétariat Menu E2E",
    email: "e2e.menu.secretariat@example.com",
    role: "secretariat",
    centre: "Ain Sebaa",
  },
  shellPedagogie: {
    name: "Pédagogie Menu E2E",
    email: "e2e.menu.pedagogie@example.com",
    role: "pedagogie",
    centre: null,
  },
  // year-end.spec.ts: closing the year, the last journey of the run.
  yearDirection: {
    name: "Direction Année E2E",
    email: "e2e.annee.direction@example.com",
    role: "direction",
    centre: null,
  },
} as const;

export async function seedFixtureStaff(db: Database) {
  for (const { centre, ...account } of Object.values(FIXTURE_STAFF)) {
    const [found] = centre ? await db.select({ id: centres.id }).from(centres).where(eq(centres.nom, centre)) : [];
    await createStaffMember(db, { ...account, centreIds: found ? [found.id] : [], password: FIXTURE_STAFF_PASSWORD });
  }
}
