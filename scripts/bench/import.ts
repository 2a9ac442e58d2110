/**
 * npm run bench:import — the back-office's student import (docs/spec/back-office.md section 4):
 * on an academy of 2,000 students, uploads a CSV of 2,000 new students to the preview, then
 * confirms it with invitations, against the real server (embedded database), and prints the
 * seconds of each step. Target: under 10 s each on this machine. Reported, not enforced.
 */

import { rmSync } from "node:fs";
import { openBenchAcademy } from "./academy.ts";
import { machineDescription, openDirectionSession, printTable, staffHeaders, startServer } from "./lib.ts";

const LINES = 2000;
const TARGET_SECONDS = 10;

console.log("Préparation de l'académie (2 000 étudiants)…");
const { dataDir, env, database } = await openBenchAcademy("import");
const sessionToken = await openDirectionSession(database.db);
await database.close();

const centresList = ["Ain Sebaa", "moulay youssef", "ZENITH"];
const optionsList = ["Selectividad Santé", "selectividad ingenierie", "Selectividad Économie", ""];
const lines = ["nom;prenom;email;telephone;cin;numero_etudiant;centre;option;filiere"];
for (let i = 1; i <= LINES; i++) {
  lines.push(
    `Import${i};Élève;import.${i}@example.com;06 ${String(i).padStart(8, "0")};CI${i};;${centresList[i % 3]};${optionsList[i % 4]};`,
  );
}
const csv = `\uFEFF${lines.join("\r\n")}\r\n`;

const server = await startServer(env);
try {
  const headers = await staffHeaders(server.url, sessionToken);

  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), "etudiants.csv");
  let started = performance.now();
  const previewResponse = await fetch(`${server.url}/api/gestion/etudiants/import/preview`, {
    method: "POST",
    headers,
    body: form,
  });
  const previewSeconds = (performance.now() - started) / 1000;
  if (!previewResponse.ok) throw new Error(`aperçu : ${previewResponse.status} ${await previewResponse.text()}`);
  const preview = (await previewResponse.json()) as { import_id: string; counts: Record<string, number> };

  started = performance.now();
  const confirmResponse = await fetch(`${server.url}/api/gestion/etudiants/import/${preview.import_id}/confirm`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ send_invitations: true }),
  });
  const confirmSeconds = (performance.now() - started) / 1000;
  if (!confirmResponse.ok) throw new Error(`import : ${confirmResponse.status} ${await confirmResponse.text()}`);
  const summary = (await confirmResponse.json()) as { created: number; invitations: number };

  console.log(
    `\n${machineDescription()}\nImport de ${LINES} lignes (CSV), sur 2 000 étudiants existants, PGlite embarqué\n`,
  );
  printTable([
    {
      étape: "aperçu (lecture, contrôle, stockage)",
      secondes: previewSeconds.toFixed(2),
      cible: `< ${TARGET_SECONDS} s`,
      résultat: `${preview.counts.nouveau ?? 0} nouveaux`,
    },
    {
      étape: "import (1 transaction, invitations)",
      secondes: confirmSeconds.toFixed(2),
      cible: `< ${TARGET_SECONDS} s`,
      résultat: `${summary.created} créés, ${summary.invitations} invitations`,
    },
  ]);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
