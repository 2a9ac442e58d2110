/**
 * The zod schemas the student area and the public forms use: the web fetches these, as one
 * namespace, only when it needs them. The back-office's (staff.ts) are exported from the
 * package root only, so that no student or public page downloads them.
 */
export * from "./auth.ts";
export * from "./calendars.ts";
export * from "./certificates.ts";
export * from "./common.ts";
export * from "./contact.ts";
export * from "./documents.ts";
export * from "./notifications.ts";
export * from "./passwords.ts";
export * from "./policy.ts";
export * from "./profile.ts";
