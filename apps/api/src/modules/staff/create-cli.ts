/**
 * npm run staff:create -- --email … --name … --role direction [--centre "Ain Sebaa"]…
 * Creates a staff account on the configured database (the first direction of an empty one) and
 * prints a one-time activation link (7 days): the person chooses a password, then enrols the
 * second factor at the first sign-in.
 */
import { parseArgs } from "node:util";
import { isStaffRole, roleHasCentres, STAFF_ROLE_LABELS, STAFF_ROLES } from "@puerta/contract";
import { emailField } from "@puerta/contract/schemas";
import { eq, inArray } from "drizzle-orm";
import { loadConfig } from "../../config.ts";
import { DataDirLockedError } from "../../db/lock.ts";
import { openConfiguredDatabase } from "../../db/open.ts";
import { centres, staffUsers } from "../../db/schema/index.ts";
import { DataDirPermissionsError } from "../../ops/data-dir-permissions.ts";
import { prepareDataDir } from "../../ops/startup.ts";
import { audit } from "../audit/service.ts";
import { insertStaffAccount, issueInvitation } from "./accounts.ts";

const USAGE = `Usage : npm run staff:create -- --email <adresse> --name "<nom>" --role <${STAFF_ROLES.join("|")}> [--centre "<centre>"]…`;

/** A mistake of the person typing the command: said in French, with the usage, and exit code 1. */
class UsageError extends Error {}
function fail(message: string): never {
  throw new UsageError(message);
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      name: { type: "string" },
      role: { type: "string" },
      centre: { type: "string", multiple: true },
    },
  });
  const email = emailField.safeParse(values.email ?? "");
  if (!email.success) fail("Adresse e-mail manquante ou invalide (--email).");
  const name = values.name?.trim();
  if (!name) fail("Nom manquant (--name).");
  const role = values.role;
  if (!isStaffRole(role)) fail("Rôle manquant ou inconnu (--role).");
  const centreNames = values.centre ?? [];
  if (roleHasCentres(role) && centreNames.length === 0)
    fail("Un compte du secrétariat a au moins un centre (--centre).");

  const config = loadConfig();
  prepareDataDir(config);
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const db = database.db;
    const address = email.data.toLowerCase();
    const [taken] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, address));
    if (taken) fail(`Un compte du personnel existe déjà pour ${address}.`);
    const found =
      centreNames.length > 0 ? await db.select().from(centres).where(inArray(centres.nom, centreNames)) : [];
    const unknown = centreNames.filter((c) => !found.some((f) => f.nom === c));
    if (unknown.length > 0) fail(`Centre inconnu : ${unknown.join(", ")}.`);

    const link = await db.transaction(async (tx) => {
      const id = await insertStaffAccount(tx, { name, email: address, role, centreIds: found.map((c) => c.id) });
      await audit(tx, {
        actor: null,
        ip: null,
        action: "creation",
        entity: "comptes",
        entityId: id,
        summary: `Compte ${STAFF_ROLE_LABELS[role]} créé en ligne de commande pour ${name} (${address}).`,
      });
      return issueInvitation(tx, config, id);
    });
    console.log(
      [
        "",
        `  Compte ${STAFF_ROLE_LABELS[role]} créé pour ${name} <${address}>.`,
        "  Lien d'activation (une seule fois, valable 7 jours) :",
        `    ${link}`,
        "  La double authentification sera configurée à la première connexion (application d'authentification).",
        "",
      ].join("\n"),
    );
  } finally {
    await database.close();
  }
}

try {
  await main();
} catch (error) {
  const known =
    error instanceof UsageError ||
    error instanceof DataDirLockedError ||
    error instanceof DataDirPermissionsError ||
    (error instanceof Error && ("code" in error || error.message.startsWith("Configuration invalide")));
  console.error(known ? `\n${(error as Error).message}\n${error instanceof UsageError ? `${USAGE}\n` : ""}` : error);
  process.exitCode = 1;
}
