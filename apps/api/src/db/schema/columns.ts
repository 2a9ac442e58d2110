import { text, timestamp } from "drizzle-orm/pg-core";
import { storedFiles } from "./storage.ts";

/** A single-use link (invitation, password reset): only the SHA-256 of its token is kept. */
export const singleUseLink = () => ({
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/** A published PDF's file: its public name, the stored file and when it was published. */
export const publishedPdf = () => ({
  typeFichier: text("type_fichier").notNull().default("pdf"),
  fileName: text("file_name").notNull(),
  fileKey: text("file_key")
    .notNull()
    .references(() => storedFiles.key),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
