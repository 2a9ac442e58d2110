/**
 * The contract's zod schemas, with zod itself about 22 KB compressed. Public pages need them
 * only once a form is being filled or a stored session is read, so they are fetched then,
 * once, and anonymous visitors never download them.
 */
export const loadSchemas = async () => {
  // Without it zod probes `new Function` as schemas are built, which the CSP (no
  // unsafe-eval) reports as a violation; so it is set before the schemas are imported.
  (await import("zod")).config({ jitless: true });
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
