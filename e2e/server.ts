/**
 * The end-to-end server: a fresh data directory, migrations, the demo seed and the fixture
 * students, then the real server process on the port Playwright chose.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { loadConfig } from "../apps/api/src/config.ts";
import { openDatabase } from "../apps/api/src/db/client.ts";
import {
  centres,
  etudiants,
  notifications,
  options,
  policies,
  policyAcceptances,
  users,
} from "../apps/api/src/db/schema/index.ts";
import { seedDemo } from "../apps/api/src/db/seed/index.ts";
import { hashPassword } from "../apps/api/src/modules/auth/service.ts";
import { FIXTURE_NOTIFICATIONS } from "./support/fixture-notifications.ts";
import { FIXTURE_PASSWORD, FIXTURE_STUDENTS } from "./support/fixture-students.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const config = loadConfig();
const database = await openDatabase({ kind: "pglite", dataDir: config.dataDir });
await database.migrate();
await seedDemo(database.db, config);

const { db } = database;
const passwordHash = await hashPassword(FIXTURE_PASSWORD);
const [policy] = await db.select().from(policies).limit(1);
for (const [index, s] of Object.values(FIXTURE_STUDENTS).entries()) {
  const [centre] = await db.select().from(centres).where(eq(centres.nom, s.centre));
  const [option] = await db.select().from(options).where(eq(options.nom, s.option));
  const [user] = await db
    .insert(users)
    .values({ name: `${s.prenom} ${s.nom}`, email: s.email, passwordHash })
    .returning({ id: users.id });
  if (!user) throw new Error(`fixture ${s.email} not created`);
  await db.insert(etudiants).values({
    userId: user.id,
    studentId: `E2E-${String(index + 1).padStart(4, "0")}`,
    nom: s.nom,
    prenom: s.prenom,
    email: s.email,
    telephone: "+212 6 00 00 00 00",
    cin: `E2E${index}`,
    centreId: centre?.id ?? null,
    optionId: option?.id ?? null,
    filiereId: option?.filiereId ?? null,
  });
  if (s.acceptedPolicy && policy) {
    await db
      .insert(policyAcceptances)
      .values({ userId: user.id, policyId: policy.id, ip: "127.0.0.1", userAgent: "e2e" });
  }
}
for (const n of Object.values(FIXTURE_NOTIFICATIONS)) {
  const [student] = await db.select().from(etudiants).where(eq(etudiants.email, FIXTURE_STUDENTS[n.student].email));
  if (!student) throw new Error(`fixture notification for ${n.student}: no such student`);
  await db.insert(notifications).values({
    titre: n.titre,
    message: n.message,
    link: n.link,
    typeDestinataire: "etudiant_specifique",
    etudiantIds: [student.id],
    sender: "E2E",
  });
}
await database.close();

const server = spawn(process.execPath, [path.join(root, "apps/api/src/server.ts")], {
  stdio: "inherit",
  env: { ...process.env, SEED_DEMO: "0" },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
