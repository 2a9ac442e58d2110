/**
 * npm run bench:notify — "Envoyer aussi par e-mail" to every student of a 2,000-student academy
 * (docs/spec/back-office.md section 5): the copies are queued in the outbox with ONE
 * INSERT … SELECT over the student side's audience rule. Measures that transaction, on PGlite by
 * default or on the PostgreSQL server of DATABASE_URL; the target is under 2 s.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  enqueueCopies,
  loadConfig,
  mailOutbox,
  notificationMail,
  notifications,
  openDatabase,
  seedDemo,
} from "@puerta/api";
import { eq, sql } from "drizzle-orm";
import { STUDENTS, seedBenchAcademy } from "./academy.ts";
import { machineDescription, percentile, printTable } from "./lib.ts";

const RUNS = 5;
const TARGET_MS = 2000;

const dataDir = mkdtempSync(path.join(tmpdir(), "puerta-bench-notify-"));
const config = loadConfig({
  ...process.env,
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  APP_SECRET: "bench-secret-bench-secret-bench-secret-01",
  PUBLIC_URL: "https://puerta.example",
});
const databaseUrl = process.env.DATABASE_URL;
const database = databaseUrl
  ? await openDatabase({ kind: "postgres", url: databaseUrl })
  : await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db") });
try {
  await database.migrate();
  await seedDemo(database.db, config);
  console.log(`Académie de ${STUDENTS} étudiants…`);
  await seedBenchAcademy(database.db);
  const db = database.db;
  const [{ students = 0 } = {}] = (
    (await db.execute(sql`select count(*)::int as students from etudiants`)) as unknown as {
      rows: { students: number }[];
    }
  ).rows;

  const timings: number[] = [];
  let queued = 0;
  for (let run = 0; run < RUNS; run++) {
    const [row] = await db
      .insert(notifications)
      .values({
        titre: `Bench ${run}`,
        message: "Rappel :\nles cours reprennent lundi.",
        typeDestinataire: "tous",
        emailCopy: true,
      })
      .returning();
    if (!row) throw new Error("notification non créée");
    const mail = notificationMail(config, row);
    const started = performance.now();
    await db.transaction(async (tx) => {
      queued = await enqueueCopies(tx, mail, row.id, "puerta.example");
      await tx.update(notifications).set({ emailedAt: sql`now()` }).where(eq(notifications.id, row.id));
    });
    timings.push(performance.now() - started);
  }
  const [{ total = 0 } = {}] = await db.select({ total: sql<number>`count(*)::int` }).from(mailOutbox);
  const sorted = [...timings].sort((a, b) => a - b);
  console.log(`${machineDescription()}, ${databaseUrl ? "PostgreSQL" : "PGlite"}`);
  printTable([
    {
      destinataires: students,
      "e-mails par envoi": queued,
      "lignes en file": total,
      [`médiane (${RUNS} envois)`]: `${percentile(sorted, 50)} ms`,
      "le plus lent": `${Math.round(sorted.at(-1) ?? 0)} ms`,
      objectif: `< ${TARGET_MS} ms`,
    },
  ]);
  if (queued !== students || Math.max(...timings) >= TARGET_MS) process.exitCode = 1;
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
