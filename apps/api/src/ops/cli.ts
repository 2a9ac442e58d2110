import path from "node:path";

/** npm runs scripts from the project's root: a path typed by the user is relative to where they were. */
export const userPath = (value: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), value);

/** Prints a refusal or failure the way people read it: the French message, no stack. */
export function failWith(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`\n${message}\n`);
  process.exit(1);
}
