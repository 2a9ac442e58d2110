import { schoolYearOf } from "@puerta/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../src/db/client.ts";
import { rowsOf } from "../../src/db/migration-level.ts";
import { openTestDatabase } from "../support/app.ts";
import { migrateBefore } from "../support/migrations.ts";

/**
 * Migration 0014 on an academy of the first year: a database at the level before it, filled the
 * way that version filled it, then brought up to date. Every student is enrolled in the current
 * year where they are, and everything published belongs to it.
 */
describe("migration 0014 on a populated database", () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await migrateBefore(database, "0014_school_years");
    const db = database.db;
    await db.execute(sql`insert into centres (nom) values ('Ain Sebaa'), ('Zenith')`);
    await db.execute(sql`insert into filieres (nom) values ('Sciences')`);
    await db.execute(sql`insert into options (nom, filiere_id) select 'Santé', id from filieres`);
    for (const [index, centre] of ["Ain Sebaa", "Zenith", "Zenith"].entries()) {
      await db.execute(sql`with u as (insert into users (name, email) values (${`Élève ${index}`}, ${`eleve${index}@example.com`}) returning id)
        insert into etudiants (user_id, student_id, nom, prenom, email, centre_id, option_id, filiere_id)
        select u.id, ${`PU-${index}`}, 'Élève', ${String(index)}, ${`eleve${index}@example.com`},
          (select id from centres where nom = ${centre}), (select id from options), (select id from filieres) from u`);
    }
    await db.execute(
      sql`insert into notifications (titre, message, type_destinataire) values ('Bienvenue', 'Bonjour', 'tous')`,
    );
    await db.execute(
      sql`insert into parascolaires (nom_evenement, jour_evenement, lieu) values ('Sortie', '2026-12-12', 'Casablanca')`,
    );
    await database.migrate();
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it("makes the current school year, enrols every student in it where they are, and ties what was published to it", async () => {
    const years = await rowsOf<{ id: number; debut_annee: number; statut: string }>(
      database.db,
      sql`select id, debut_annee, statut from annees_scolaires`,
    );
    // The migration's clock is PostgreSQL's: the year of today in Casablanca (the same but at a 1 September midnight).
    expect(years).toEqual([
      {
        id: expect.any(Number),
        debut_annee: schoolYearOf(new Date().toISOString().slice(0, 10)).startYear,
        statut: "en_cours",
      },
    ]);
    const year = years[0]?.id;
    const students = await rowsOf<{ promotion_id: number; statut_scolaire: string; sorti_le: string | null }>(
      database.db,
      sql`select promotion_id, statut_scolaire, sorti_le from etudiants where student_id in ('PU-0', 'PU-1', 'PU-2') order by id`,
    );
    expect(students).toEqual(Array(3).fill({ promotion_id: year, statut_scolaire: "inscrit", sorti_le: null }));
    const enrolments = await rowsOf<{ n: number; centres: number }>(
      database.db,
      sql`select count(*)::int as n, count(distinct i.centre_id)::int as centres from inscriptions i
        join etudiants e on e.id = i.etudiant_id and e.centre_id = i.centre_id and e.option_id = i.option_id
        where i.annee_id = ${year} and e.student_id in ('PU-0', 'PU-1', 'PU-2')`,
    );
    expect(enrolments).toEqual([{ n: 3, centres: 2 }]);
    const tied = await rowsOf<{ table: string; annee_id: number }>(
      database.db,
      sql`select 'notifications' as table, annee_id from notifications union all select 'parascolaires', annee_id from parascolaires`,
    );
    expect(tied).toEqual([
      { table: "notifications", annee_id: year },
      { table: "parascolaires", annee_id: year },
    ]);
  });

  it("gives a student created afterwards the current year, and keeps their enrolment in step with them", async () => {
    const db = database.db;
    await db.execute(sql`with u as (insert into users (name, email) values ('Nouvelle', 'nouvelle@example.com') returning id)
      insert into etudiants (user_id, student_id, nom, prenom, email, centre_id) select u.id, 'PU-9', 'Nouvelle', 'Élève', 'nouvelle@example.com', (select id from centres where nom = 'Ain Sebaa') from u`);
    await db.execute(
      sql`update etudiants set centre_id = (select id from centres where nom = 'Zenith') where student_id = 'PU-9'`,
    );
    const [row] = await rowsOf<{ same_year: boolean; centre: string }>(
      db,
      sql`select i.annee_id = current_school_year_id() as same_year, c.nom as centre
        from inscriptions i join etudiants e on e.id = i.etudiant_id join centres c on c.id = i.centre_id where e.student_id = 'PU-9'`,
    );
    expect(row).toEqual({ same_year: true, centre: "Zenith" });
  });

  it("leaves an empty database empty (a restore refuses a target that holds rows)", async () => {
    const empty = await openTestDatabase();
    try {
      await empty.database.migrate();
      const [row] = await rowsOf<{ n: number }>(
        empty.database.db,
        sql`select count(*)::int as n from annees_scolaires`,
      );
      expect(row?.n).toBe(0);
    } finally {
      await empty.database.close();
      await empty.drop();
    }
  });
});
