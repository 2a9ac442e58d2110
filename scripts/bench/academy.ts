/**
 * A realistic academy for the API benchmark, on top of the demo seed: 2,000 students,
 * 300 notifications across every audience type with reads, 150 course documents,
 * 60 plannings, 40 events, the holidays — and a pool of access tokens.
 */

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  centres,
  coursDocuments,
  type Database,
  etudiants,
  filieres,
  hashPassword,
  loadConfig,
  matieres,
  niveaux,
  notificationReads,
  notifications,
  openDatabase,
  options,
  parascolaires,
  planifications,
  seedDemo,
  users,
} from "@puerta/api";
import { createAccessToken } from "@puerta/api/testing";
import { sql } from "drizzle-orm";

export const BENCH_PASSWORD = "Bench-Password-2025";

/**
 * A data directory holding the demo academy and the bench's 2,000 students, migrated and seeded
 * before the server starts (`name` names the folder); `env` starts the server on it. The database
 * is left open for the bench's own preparations: close it before starting the server.
 */
export async function openBenchAcademy(name: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `puerta-bench-${name}-`));
  const env = {
    DATA_DIR: dataDir,
    APP_SECRET: "bench-secret-bench-secret-bench-secret-01",
    SEED_DEMO: "0",
    NODE_ENV: "development",
  };
  const config = loadConfig({ ...process.env, ...env });
  const database = await openDatabase({ kind: "pglite", dataDir });
  await database.migrate();
  await seedDemo(database.db, config);
  await seedBenchAcademy(database.db);
  return { dataDir, env, database };
}
export const STUDENTS = 2000;

const pick = <T>(items: T[], i: number): T => {
  const item = items[i % items.length];
  if (item === undefined) throw new Error("liste vide");
  return item;
};

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function seedBenchAcademy(db: Database) {
  const centreRows = await db.select().from(centres);
  const optionRows = await db.select().from(options);
  const filiereRows = await db.select().from(filieres);
  const passwordHash = await hashPassword(BENCH_PASSWORD);

  const userRows = await db
    .insert(users)
    .values(
      Array.from({ length: STUDENTS }, (_, i) => ({
        name: `Étudiant ${i + 1}`,
        email: `bench.${i + 1}@example.com`,
        passwordHash,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const studentRows: { id: number; userId: number }[] = [];
  await insertInBatches(userRows, async (batch) => {
    const inserted = await db
      .insert(etudiants)
      .values(
        batch.map((u, j) => {
          const option = pick(optionRows, u.id + j);
          return {
            userId: u.id,
            studentId: `BENCH-${u.id}`,
            nom: `Nom${u.id}`,
            prenom: "Bench",
            email: u.email,
            telephone: "+212600000000",
            cin: `BB${u.id}`,
            centreId: pick(centreRows, u.id).id,
            optionId: option.id,
            filiereId: option.filiereId,
          };
        }),
      )
      .returning({ id: etudiants.id, userId: etudiants.userId });
    studentRows.push(...inserted);
  });

  // 300 notifications, every audience type, newest first spread over three months.
  const types = ["tous", "centre", "option", "filiere", "etudiant_specifique", "promotion"];
  const notificationRows = await db
    .insert(notifications)
    .values(
      Array.from({ length: 300 }, (_, i) => {
        const type = pick(types, i);
        return {
          titre: `Annonce ${i + 1}`,
          message: `Message ${i + 1} de l'administration : informations pratiques pour les étudiants.`,
          typeDestinataire: type,
          etudiantIds: type === "etudiant_specifique" ? studentRows.slice(i % 50, (i % 50) + 40).map((s) => s.id) : [],
          centreIds: type === "centre" ? [pick(centreRows, i).id] : [],
          optionIds: type === "option" ? [pick(optionRows, i).id] : [],
          filiereIds: type === "filiere" ? [pick(filiereRows, i).id] : [],
          statut: i % 17 === 0 ? "echec" : "envoye",
          sender: "Administration",
          priority: pick(["high", "medium", "low"], i),
          createdAt: sql`now() - ${sql.raw(`interval '${i * 7} hours'`)}`,
        };
      }),
    )
    .returning({ id: notifications.id });
  const reads = studentRows
    .slice(0, 600)
    .flatMap((s, i) =>
      notificationRows.filter((_, j) => (i + j) % 4 === 0).map((n) => ({ notificationId: n.id, etudiantId: s.id })),
    );
  await insertInBatches(reads, (batch) => db.insert(notificationReads).values(batch).onConflictDoNothing(), 2000);

  // Documents point at files the demo seed stored: the bench reads lists, not bytes.
  const [aPlanning] = await db.select().from(planifications).limit(1);
  const [aCourse] = await db.select().from(coursDocuments).limit(1);
  if (!aPlanning || !aCourse) throw new Error("le seed de démonstration n'a pas créé de documents");
  const planningCount = await count(db, "planifications");
  await db.insert(planifications).values(
    Array.from({ length: Math.max(0, 60 - planningCount) }, (_, i) => ({
      titre: `Planning semaine ${i + 1}`,
      description: "Emploi du temps hebdomadaire",
      centreId: pick(centreRows, i).id,
      optionId: i % 3 === 0 ? null : pick(optionRows, i).id,
      actif: i % 10 !== 0,
      fileName: `bench-planning-${i + 1}.pdf`,
      fileKey: aPlanning.fileKey,
    })),
  );
  const matiereRows = await db.select().from(matieres);
  const niveauRows = await db.select().from(niveaux);
  const courseCount = await count(db, "cours_documents");
  await db.insert(coursDocuments).values(
    Array.from({ length: Math.max(0, 150 - courseCount) }, (_, i) => {
      const niveau = pick(niveauRows, i);
      return {
        matiereId: i % 5 === 0 ? pick(matiereRows, i).id : niveau.matiereId,
        niveauId: i % 5 === 0 ? null : niveau.id,
        titre: `Support ${i + 1}`,
        description: "Fiche de cours",
        fileName: `bench-cours-${i + 1}.pdf`,
        fileKey: aCourse.fileKey,
      };
    }),
  );
  const eventCount = await count(db, "parascolaires");
  await db.insert(parascolaires).values(
    Array.from({ length: Math.max(0, 40 - eventCount) }, (_, i) => ({
      nomEvenement: pick(
        ["Sortie culturelle", "Concours de mathématiques", "Journée portes ouvertes", "Gala de fin d'année"],
        i,
      ),
      jourEvenement: sql`current_date + ${sql.raw(`${(i % 20) * 9 - 90}`)}`,
      lieu: pick(centreRows, i).nom,
      description: "Événement de l'académie",
    })),
  );
  return { students: studentRows, userRows };
}

async function count(db: Database, table: string): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]?.n ?? 0;
}

/** Access tokens for `userIds`, issued the way login issues them. */
export async function issueTokens(db: Database, userIds: number[]): Promise<string[]> {
  const tokens: string[] = [];
  for (const userId of userIds) {
    tokens.push(await createAccessToken(db, userId));
  }
  return tokens;
}
