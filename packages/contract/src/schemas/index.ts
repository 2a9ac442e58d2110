/** Every zod schema of the contract: the web fetches these only when it needs them. */
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
export * from "./staff.ts";
