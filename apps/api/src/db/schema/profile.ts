import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { etudiants } from "./academy.ts";

/** A student's current profile photo: the re-encoded image lives in file storage under `storage_key`. */
export const profilePhotos = pgTable("profile_photos", {
  etudiantId: integer("etudiant_id")
    .primaryKey()
    .references(() => etudiants.id, { onDelete: "cascade" }),
  storageKey: text("storage_key").notNull(),
  contentType: text("content_type").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
