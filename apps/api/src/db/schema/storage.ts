import { bigint, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Metadata of every file in the file storage (lib/storage). The bytes live in the storage
 * driver under `key`, a name the server generated; `original_name` is only ever shown or
 * offered as a download name, never used to find the file.
 */
export const storedFiles = pgTable("stored_files", {
  key: text("key").primaryKey(),
  originalName: text("original_name").notNull(),
  contentType: text("content_type").notNull(),
  sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
  sha256: text("sha256").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
