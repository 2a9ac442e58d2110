/**
 * The end-to-end server: a fresh data directory, migrations, the demo seed and the fixture
 * students, then the real server process on the port Playwright chose.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { centres, hashPassword, loadConfig, openDatabase, seedDemo, staffUserCentres, staffUsers } from "@puerta/api";
import { createNotification, createStudent } from "@puerta/api/testing";
import { FIXTURE_NOTIFICATIONS } from "./support/fixture-notifications.ts";
import { FIXTURE_STAFF, FIXTURE_STAFF_PASSWORD } from "./support/fixture-staff.ts";
import { FIXTURE_PASSWORD, FIXTURE_STUDENTS } from "./support/fixture-students.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const config = loadConfig();
const database = await openDatabase({ kind: "pglite", dataDir: config.dataDir });
await database.migrate();
await seedDemo(database.db, config);

const { db } = database;
const passwordHash = await hashPassword(FIXTURE_PASSWORD);
const fixtureIds: Record<string, number> = {};
for (const [index, [key, s]] of Object.entries(FIXTURE_STUDENTS).entries()) {
  const student = await createStudent(db, {
    ...s,
    passwordHash,
    studentId: `E2E-${String(index + 1).padStart(4, "0")}`,
  });
  fixtureIds[key] = student.etudiantId;
}
for (const n of Object.values(FIXTURE_NOTIFICATIONS)) {
  const etudiantId = fixtureIds[n.student];
  if (etudiantId === undefined) throw new Error(`fixture notification for ${n.student}: no such student`);
  await createNotification(db, {
    titre: n.titre,
    message: n.message,
    link: n.link,
    typeDestinataire: "etudiant_specifique",
    etudiantIds: [etudiantId],
    sender: "E2E",
  });
}
const staffPasswordHash = await hashPassword(FIXTURE_STAFF_PASSWORD);
const centreIds = new Map((await db.select().from(centres)).map((c) => [c.nom, c.id]));
for (const s of Object.values(FIXTURE_STAFF)) {
  const [row] = await db
    .insert(staffUsers)
    .values({ name: s.name, email: s.email, role: s.role, passwordHash: staffPasswordHash })
    .returning();
  if (!row) throw new Error(`fixture staff ${s.email} not created`);
  for (const centre of s.centres) {
    const centreId = centreIds.get(centre);
    if (centreId === undefined) throw new Error(`fixture staff ${s.email}: no centre ${centre}`);
    await db.insert(staffUserCentres).values({ staffId: row.id, centreId });
  }
}
await database.close();

const server = spawn(process.execPath, [path.join(root, "apps/api/src/server.ts")], {
  stdio: "inherit",
  env: { ...process.env, SEED_DEMO: "0" },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
