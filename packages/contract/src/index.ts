export * from "./limits.ts";
export * from "./messages.ts";
export * from "./routes.ts";
export * from "./schemas/auth.ts";
export * from "./schemas/common.ts";
export * from "./schemas/policy.ts";
