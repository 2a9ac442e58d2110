// One schema, one set of migrations: each feature adds its tables in its own file here.
export * from "./academy.ts";
export * from "./auth.ts";
export * from "./calendars.ts";
export * from "./certificates.ts";
export * from "./contact.ts";
export * from "./documents.ts";
export * from "./idempotency.ts";
export * from "./mail.ts";
export * from "./notifications.ts";
export * from "./passwords.ts";
export * from "./personal-data.ts";
export * from "./policy.ts";
export * from "./profile.ts";
export * from "./staff.ts";
export * from "./storage.ts";
export * from "./students.ts";
