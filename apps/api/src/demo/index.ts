import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { createStorageFromConfig } from "../lib/storage/index.ts";
import { seedAcademy } from "./academy.ts";
import { seedCalendars, seedEventHours } from "./calendars.ts";
import { seedDocuments } from "./documents.ts";
import { seedNotifications } from "./notifications.ts";
import { seedOfficeSamples } from "./office.ts";
import { seedPolicy } from "./policy.ts";
import { seedFormerStudents, seedLastYearContent, seedSchoolYears } from "./school-years.ts";
import { seedStaff } from "./staff.ts";

/**
 * The demo academy. Each feature's seeder fills its own tables only when they are empty,
 * so running the whole seed again, or after an upgrade, adds what is missing and nothing twice.
 * `officeSamples` (on by default, so a first start gives the back-office work: attestation
 * requests in each state, contact messages, events with their hours) is turned off by the API
 * tests, which write their own.
 */
export async function seedDemo(db: Database, config: Config, { officeSamples = true } = {}) {
  const storage = createStorageFromConfig(db, config.dataDir, config.storage);
  await seedSchoolYears(db);
  await seedAcademy(db);
  await seedFormerStudents(db);
  await seedPolicy(db);
  await seedStaff(db);
  await seedDocuments(db, storage);
  await seedCalendars(
    db,
    async (poster, id) => (await storage.save("posters", poster, "image/webp", `affiche-${id}.webp`)).key,
  );
  await seedNotifications(
    db,
    async (photo, name) => (await storage.save("notifications", photo, "image/webp", name)).key,
  );
  await seedLastYearContent(db);
  if (officeSamples) {
    await seedEventHours(db);
    await seedOfficeSamples(db, config.publicUrl);
  }
}

export { DEMO_PASSWORD, DEMO_STUDENTS } from "./academy.ts";
export { DEMO_FORMER_STUDENT, DEMO_FORMER_STUDENTS } from "./school-years.ts";
export { DEMO_STAFF, DEMO_STAFF_PASSWORD } from "./staff.ts";
