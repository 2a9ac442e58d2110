/**
 * npm run staff:reset-2fa -- --email <adresse> — forgets a staff member's second factor (lost
 * phone, or a database restored under another APP_SECRET): they enrol again at their next
 * sign-in. Journalled. On the embedded database, stop the server first (one process only).
 */
import { parseArgs } from "node:util";
import { emailField } from "@puerta/contract/schemas";
import { loadConfig } from "../../config.ts";
import { openConfiguredDatabase } from "../../db/open.ts";
import { failWith } from "../../ops/cli.ts";
import { prepareDataDir } from "../../ops/startup.ts";
import { resetSecondFactorsByOperator } from "./reset-second-factor.ts";

const USAGE = "Usage : npm run staff:reset-2fa -- --email <adresse>";

async function main() {
  const { values } = parseArgs({ options: { email: { type: "string" } } });
  const email = emailField.safeParse(values.email ?? "");
  if (!email.success) throw new Error(`Adresse e-mail manquante ou invalide (--email).\n${USAGE}`);
  const config = loadConfig();
  prepareDataDir(config);
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const [account] = await resetSecondFactorsByOperator(database.db, { email: email.data }, "en ligne de commande");
    if (!account) throw new Error(`Aucun compte du personnel pour ${email.data.toLowerCase()}.`);
    console.log(
      [
        "",
        `  Double authentification de ${account.name} <${account.email}> réinitialisée.`,
        "  Ses sessions sont fermées ; elle sera configurée de nouveau à sa prochaine connexion",
        "  (mot de passe, puis QR code à scanner dans l'application d'authentification).",
        "",
      ].join("\n"),
    );
  } finally {
    await database.close();
  }
}

main().catch(failWith);
