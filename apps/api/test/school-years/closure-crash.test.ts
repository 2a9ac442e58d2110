/**
 * kill -9 in the middle of closing a year of 2,000 students (docs/spec/school-year-and-data.md
 * section 2): the real server on PostgreSQL, stopped inside the closure's transaction by a lock
 * of the test's on the holidays table (the closure writes the next year's holidays after it has
 * moved every student), then killed. After a restart nothing has changed, and the same
 * confirmation, sent again, completes it. PostgreSQL is required (CI always has it): the test
 * needs a second connection to hold the lock, which the embedded database has not.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { schoolYearStarting } from "@puerta/contract";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/client.ts";
import { databaseUrl, onPostgres } from "../support/postgres.ts";
import { type ServerProcess, startServerProcess } from "../support/processes.ts";
import { remoteStaffSignIn } from "../support/remote-staff-browser.ts";
import { createStaffMember } from "../support/staff-factories.ts";
import { waitFor } from "../support/wait.ts";

const STUDENTS = 2_000;
const CONTINUING = 100;
const STAFF = { email: "direction.cloture@academie.example", password: "Mot-de-passe-cloture-2026" };
const databaseName = `puerta_cloture_${process.pid}_${Date.now()}`;
const scratch = mkdtempSync(path.join(tmpdir(), "puerta-cloture-"));
const env = {
  NODE_ENV: "test",
  DATABASE_URL: databaseUrl(databaseName),
  APP_SECRET: "cloture-crash-secret-0123456789abcdef0123",
  CAPTCHA_COST: "1",
  CAPTCHA_MAX_COUNTER: "20",
  SEED_DEMO: "0",
  // The closure waits on the test's lock until it is killed, not the 2 s of a request.
  DB_LOCK_TIMEOUT_MS: "60000",
  DATA_DIR: path.join(scratch, "data"),
  WEB_DIR: path.join(scratch, "no-web"),
};

let server: ServerProcess | undefined;
const inDatabase = <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
  onPostgres(async (client) => (await client.query<T>(text, values)).rows, databaseUrl(databaseName));

beforeAll(async () => {
  await onPostgres((client) => client.query(`CREATE DATABASE ${databaseName}`));
  const setup = await openDatabase({ kind: "postgres", url: databaseUrl(databaseName) });
  await setup.migrate();
  await createStaffMember(setup.db, { name: "Direction Clôture", role: "direction", ...STAFF });
  await setup.close();
  await inDatabase("insert into centres (nom) values ('Ain Sebaa')");
  await inDatabase(`with u as (
      insert into users (name, email) select 'Élève ' || i, 'eleve' || i || '@cloture.example' from generate_series(1, ${STUDENTS}) i returning id, email)
    insert into etudiants (user_id, student_id, nom, prenom, email, centre_id)
    select u.id, 'CL-' || u.id, 'Élève', split_part(u.email, '@', 1), u.email, (select id from centres) from u`);
}, 180_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) await server.stop();
  await onPostgres((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  rmSync(scratch, { recursive: true, force: true });
}, 60_000);

/** What the closure changes, in a few numbers: equal before and after means nothing changed. */
const state = async () =>
  (
    await inDatabase<{ years: string; enrolled: number; former: number; holidays: number; journal: number }>(
      `select (select string_agg(debut_annee || ':' || statut, ',' order by debut_annee) from annees_scolaires) as years,
        (select count(*)::int from etudiants where statut_scolaire = 'inscrit') as enrolled,
        (select count(*)::int from etudiants where statut_scolaire = 'ancien_eleve') as former,
        (select count(*)::int from jours_feries) as holidays,
        (select count(*)::int from audit_log where action = 'cloture') as journal`,
    )
  )[0];

describe("closing a year of 2,000 students, killed in the middle", () => {
  it("leaves nothing changed after kill -9, and the same confirmation completes it after the restart", async () => {
    server = await startServerProcess(env);
    const direction = await remoteStaffSignIn(server, STAFF.email, STAFF.password);
    const [year] = await inDatabase<{ id: number; debut_annee: number }>(
      "select id, debut_annee from annees_scolaires where statut = 'en_cours'",
    );
    if (!year) throw new Error("no current year");
    const continuing = (
      await inDatabase<{ id: number }>(`select id from etudiants order by id limit ${CONTINUING}`)
    ).map((row) => row.id);
    const before = await state();
    expect(before).toEqual({
      years: `${year.debut_annee}:en_cours`,
      enrolled: STUDENTS,
      former: 0,
      holidays: 0,
      journal: 0,
    });

    const locker = new pg.Client({ connectionString: databaseUrl(databaseName) });
    await locker.connect();
    try {
      await locker.query("begin");
      await locker.query("lock table jours_feries in access exclusive mode");
      const pending = direction.post(`/api/gestion/annees/${year.id}/cloture`, { continuent: continuing }).then(
        () => "answered",
        () => "connection lost",
      );
      // Every student moved or graduated inside the transaction, which now waits on the holidays.
      await waitFor(
        async () =>
          Number(
            (
              await inDatabase<{ n: number }>(
                `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
                 where not l.granted and l.locktype = 'relation' and a.datname = $1`,
                [databaseName],
              )
            )[0]?.n,
          ) > 0,
        "the closure to wait on the holidays' lock",
      );
      server.child.kill("SIGKILL");
      await server.exited;
      expect(await pending).toBe("connection lost");
      // The dead server's backend is ended, as PostgreSQL ends it once it reads its closed socket.
      await locker.query(
        `select pg_terminate_backend(l.pid) from pg_locks l join pg_stat_activity a on a.pid = l.pid
         where not l.granted and a.datname = $1`,
        [databaseName],
      );
    } finally {
      await locker.query("rollback");
      await locker.end();
    }
    await waitFor(
      async () =>
        Number(
          (
            await inDatabase<{ n: number }>(
              "select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
              [databaseName],
            )
          )[0]?.n,
        ) === 0,
      "the killed server's connections to end",
    );
    expect(await state()).toEqual(before);

    // The session lives in the database: the same browser, on the restarted server.
    server = await startServerProcess(env);
    const done = await direction.post(`/api/gestion/annees/${year.id}/cloture`, { continuent: continuing }, server);
    expect(done.status).toBe(200);
    const next = schoolYearStarting(year.debut_annee + 1);
    expect(await done.json()).toEqual({
      continuent: CONTINUING,
      anciens_eleves: STUDENTS - CONTINUING,
      nouvelle_annee: { id: expect.any(Number), label: next.label },
    });
    const after = await state();
    expect(after).toMatchObject({
      years: `${year.debut_annee}:cloturee,${next.startYear}:en_cours`,
      enrolled: CONTINUING,
      former: STUDENTS - CONTINUING,
      journal: 1,
    });
    expect(after?.holidays).toBeGreaterThan(10);
  }, 240_000);
});
