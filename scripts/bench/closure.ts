/**
 * npm run bench:closure — closing a school year (docs/spec/school-year-and-data.md section 2):
 * on an academy of 2,000 enrolled students, 100 continue into the next year and 1,900 become
 * former students, through the real server (embedded database): the preview, then the closure
 * itself (one transaction). Prints the seconds of each. Target: the closure ≤ 5 s on this machine.
 * Reported, not enforced.
 */

import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { openBenchAcademy } from "./academy.ts";
import { machineDescription, openDirectionSession, printTable, staffHeaders, startServer } from "./lib.ts";

const CONTINUING = 100;
const TARGET_SECONDS = 5;

console.log("Préparation de l'académie (2 000 étudiants inscrits)…");
const { dataDir, env, database } = await openBenchAcademy("closure");
const sessionToken = await openDirectionSession(database.db);
/** Rows of a raw query, PGlite and node-postgres alike. */
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
const year = (
  await rows<{ id: number; enrolled: number }>(
    sql`select y.id, (select count(*)::int from etudiants e where e.promotion_id = y.id and e.statut_scolaire = 'inscrit') as enrolled
    from annees_scolaires y where y.statut = 'en_cours'`,
  )
)[0];
if (!year) throw new Error("aucune année en cours");
const continuing = (
  await rows<{ id: number }>(
    sql`select id from etudiants where promotion_id = ${year.id} and statut_scolaire = 'inscrit' order by id limit ${CONTINUING}`,
  )
).map((row) => row.id);
await database.close();

const server = await startServer(env);
try {
  const headers = { ...(await staffHeaders(server.url, sessionToken)), "content-type": "application/json" };
  const close = async (apercu: boolean) => {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/gestion/annees/${year.id}/cloture`, {
      method: "POST",
      headers,
      body: JSON.stringify({ continuent: continuing, ...(apercu ? { apercu: true } : {}) }),
    });
    const seconds = (performance.now() - started) / 1000;
    if (!response.ok) throw new Error(`clôture : ${response.status} ${await response.text()}`);
    return { seconds, answer: (await response.json()) as { continuent: number; anciens_eleves: number } };
  };
  const preview = await close(true);
  const closure = await close(false);

  console.log(`\n${machineDescription()}\nClôture d'une année de ${year.enrolled} inscrits, PGlite embarqué\n`);
  printTable([
    {
      étape: "aperçu (rien n'est écrit)",
      secondes: preview.seconds.toFixed(2),
      cible: "—",
      résultat: `${preview.answer.continuent} continuent, ${preview.answer.anciens_eleves} anciens élèves`,
    },
    {
      étape: "clôture (1 transaction, jours fériés de l'année suivante)",
      secondes: closure.seconds.toFixed(2),
      cible: `≤ ${TARGET_SECONDS} s`,
      résultat: `${closure.answer.continuent} continuent, ${closure.answer.anciens_eleves} anciens élèves`,
    },
  ]);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
