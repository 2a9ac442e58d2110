import type { Config } from "../../config.ts";
import { createStorageFromConfig } from "../../lib/storage/index.ts";
import type { Database } from "../client.ts";
import { seedAcademy } from "./academy.ts";
import { seedCalendars } from "./calendars.ts";
import { seedDocuments } from "./documents.ts";
import { seedNotifications } from "./notifications.ts";
import { seedPolicy } from "./policy.ts";
import { seedStaff } from "./staff.ts";

/**
 * The demo academy. Each feature's seeder fills its own tables only when they are empty,
 * so running the whole seed again, or after an upgrade, adds what is missing and nothing twice.
 */
export async function seedDemo(db: Database, config: Config) {
  const storage = createStorageFromConfig(db, config.dataDir, config.storage);
  await seedAcademy(db);
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
}

export { DEMO_PASSWORD, DEMO_STUDENTS } from "./academy.ts";
export { DEMO_STAFF, DEMO_STAFF_PASSWORD } from "./staff.ts";
