/** Where zod keeps the settings `z.config()` writes, which it reads as it starts. */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };

/**
 * The contract's zod schemas, with zod itself about 25 KB compressed. Public pages need them
 * only once a form is being filled or a stored session is read, so they are fetched then,
 * once, and anonymous visitors never download them.
 */
export const loadSchemas = () => {
  // Unless told not to, zod tries `new Function` as object schemas are built, and the CSP (no
  // unsafe-eval) reports it. `z.config({ jitless: true })` would need zod loaded first, one more
  // round trip before the schemas: set here, zod and the schemas come in one download.
  zodGlobal.__zod_globalConfig ??= {};
  zodGlobal.__zod_globalConfig.jitless = true;
  return import("@puerta/contract/schemas");
};

/** Starts fetching the schemas as a form gets focus, so its first submit need not wait. */
export const prefetchSchemas = () => void loadSchemas().catch(() => undefined);

type Issue = { path: readonly PropertyKey[]; message: string };

/** The first message of each top-level field of a failed parse (none when it succeeded). */
export function fieldErrors<Field extends string>(error: { issues: readonly Issue[] } | undefined) {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of error?.issues ?? []) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}
