/**
 * The API's published entry (`@puerta/api`): what e2e/ and scripts/ may use of it. Their
 * deep imports of apps/api/src are refused by the linter (biome.json), so the API's inside
 * can move without breaking them. Test data factories are `@puerta/api/testing`.
 */
export { type BuildOptions, buildApp } from "./app.ts";
export { type Config, loadConfig } from "./config.ts";
export { type Database, type DatabaseHandle, openDatabase } from "./db/client.ts";
export * from "./db/schema/index.ts";
export { DEMO_PASSWORD, DEMO_STUDENTS, seedDemo } from "./demo/index.ts";
export { hashPassword } from "./lib/password-hash.ts";
export { enqueueCopies, notificationMail } from "./modules/notifications/email-copies.ts";
