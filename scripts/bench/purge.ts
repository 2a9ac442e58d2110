/**
 * npm run bench:purge — the purge of law 09-08 (docs/spec/school-year-and-data.md section 4,
 * decision 114): on the bench academy, every one of its 2,000 students made a former student who
 * left four years ago, each with a stored profile photo; then *Purger maintenant* through the real
 * server (embedded database): each student erased in a transaction of their own, their files after.
 * Prints the seconds of the preview and of the purge. Target: the purge ≤ 30 s. Reported, not enforced.
 */

import { createHash, randomUUID } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openBenchAcademy } from "./academy.ts";
import { machineDescription, openDirectionSession, printTable, staffHeaders, startServer } from "./lib.ts";

const TARGET_SECONDS = 30;
/** Any bytes: the purge never reads them. */
const PHOTO = Buffer.alloc(20_000, 7);

console.log("Préparation de l'académie (2 000 anciens élèves, chacun avec sa photo)…");
const { dataDir, env, database } = await openBenchAcademy("purge");
const sessionToken = await openDirectionSession(database.db);
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
const leftOn = new Date(Date.now() - 4 * 365 * 86_400_000).toISOString().slice(0, 10);
await database.db.execute(
  sql`update etudiants set statut_scolaire = 'ancien_eleve', sorti_le = ${leftOn}::date, motif_sortie = 'fin_de_formation'`,
);
const students = await rows<{ id: number }>(sql`select id from etudiants order by id`);
// Written as the local storage writes them (DATA_DIR/files/<key>, a stored_files row): scripts use no API internals.
const sha256 = createHash("sha256").update(PHOTO).digest("hex");
mkdirSync(path.join(dataDir, "files", "photos"), { recursive: true, mode: 0o700 });
for (const { id } of students) {
  const stored = { key: `photos/${randomUUID()}.jpg` };
  writeFileSync(path.join(dataDir, "files", stored.key), PHOTO, { mode: 0o600 });
  await database.db.execute(
    sql`insert into stored_files (key, original_name, content_type, size_bytes, sha256)
      values (${stored.key}, 'photo.jpg', 'image/jpeg', ${PHOTO.length}, ${sha256})`,
  );
  await database.db.execute(
    sql`insert into profile_photos (etudiant_id, storage_key, content_type) values (${id}, ${stored.key}, 'image/jpeg')
      on conflict (etudiant_id) do update set storage_key = excluded.storage_key`,
  );
}
await database.close();

const server = await startServer(env);
try {
  const headers = { ...(await staffHeaders(server.url, sessionToken)), "content-type": "application/json" };
  const purge = async (apercu: boolean) => {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/gestion/conservation/purge`, {
      method: "POST",
      headers,
      body: JSON.stringify(apercu ? { apercu: true } : {}),
    });
    const seconds = (performance.now() - started) / 1000;
    if (!response.ok) throw new Error(`purge : ${response.status} ${await response.text()}`);
    const answer = (await response.json()) as { categories: { categorie: string; nombre: number }[] };
    return { seconds, former: answer.categories.find((c) => c.categorie === "anciens_eleves")?.nombre ?? 0 };
  };
  const preview = await purge(true);
  const applied = await purge(false);
  console.log(
    `\n${machineDescription()}\nPurge de ${students.length} anciens élèves et de leurs photos, PGlite embarqué\n`,
  );
  printTable([
    {
      étape: "aperçu (rien n'est écrit)",
      secondes: preview.seconds.toFixed(2),
      cible: "—",
      résultat: `${preview.former} anciens élèves`,
    },
    {
      étape: "purge (1 transaction par élève, puis ses fichiers)",
      secondes: applied.seconds.toFixed(2),
      cible: `≤ ${TARGET_SECONDS} s`,
      résultat: `${applied.former} anciens élèves effacés`,
    },
  ]);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
