/**
 * Staff accounts created only for the end-to-end run (e2e/server.ts writes them), one set per
 * journey, so that no spec enrols the demo accounts' second factor before gestion-journey.spec.ts
 * checks their first sign-in. Activated (password set), no second factor yet: the first sign-in
 * enrols one.
 */
import { centres, type Database, hashPassword, staffUserCentres, staffUsers } from "@puerta/api";
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
} as const;

export async function seedFixtureStaff(db: Database) {
  const passwordHash = await hashPassword(FIXTURE_STAFF_PASSWORD);
  for (const { centre, ...account } of Object.values(FIXTURE_STAFF)) {
    const [row] = await db
      .insert(staffUsers)
      .values({ ...account, passwordHash })
      .returning({ id: staffUsers.id });
    if (!row || !centre) continue;
    const [found] = await db.select({ id: centres.id }).from(centres).where(eq(centres.nom, centre));
    if (found) await db.insert(staffUserCentres).values({ staffId: row.id, centreId: found.id });
  }
}
