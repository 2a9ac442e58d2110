import { isContextPassword, PASSWORD_MESSAGES, personalPasswordWords } from "@puerta/contract";
import type { Database } from "../../db/client.ts";
import { centres } from "../../db/schema/index.ts";
import { validationFailed } from "../../lib/errors.ts";
import { isCommonPassword } from "./common-passwords.ts";

/** Whoever sets the password, as a guesser would know them: their name(s) and e-mail address. */
export type PasswordOwner = { email?: string | null; names?: (string | null | undefined)[] };

/**
 * The rules beyond length that every new password meets (change, reset, activation, for students
 * and staff; never at sign-in): not a common password, and not made only of the site's words,
 * the centres' names as the database has them, or the person's own name and e-mail
 * (isContextPassword in the contract, which the web forms apply too without the person's words).
 * Answers the French message, or undefined when the password passes.
 */
export async function newPasswordProblem(
  db: Pick<Database, "select">,
  password: string,
  owner: PasswordOwner,
): Promise<string | undefined> {
  if (isCommonPassword(password)) return PASSWORD_MESSAGES.tooCommon;
  const centreNames = (await db.select({ nom: centres.nom }).from(centres)).map((c) => c.nom);
  const words = [...centreNames, ...personalPasswordWords(owner.email, ...(owner.names ?? []))];
  if (isContextPassword(password, words)) return PASSWORD_MESSAGES.contextWord;
  return undefined;
}

/** newPasswordProblem as a 422 on `field`. */
export async function assertNewPassword(
  db: Pick<Database, "select">,
  password: string,
  owner: PasswordOwner,
  field: string,
): Promise<void> {
  const problem = await newPasswordProblem(db, password, owner);
  if (problem) throw validationFailed({ [field]: [problem] });
}
