import {
  type CentreScopedEntity,
  can,
  holidayScope,
  type Permission,
  type ScopedResource,
  type StaffActor,
} from "@puerta/contract";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../src/db/client.ts";
import { inCentreScope } from "../../src/lib/centre-scope.ts";
import { openTestDatabase } from "../support/app.ts";

/**
 * The SQL that filters every list, count and export (lib/centre-scope.ts) against the contract's
 * `can` that judges a row asked for by id or written (decision 099): for each entity, rows
 * targeting one, several, every or no centre, each staff member must find in the list exactly
 * the rows `can` lets them read, and no other.
 */
const secretary: StaffActor = { role: "secretariat", centre_ids: [1, 3] };
const otherSecretary: StaffActor = { role: "secretariat", centre_ids: [2] };
const direction: StaffActor = { role: "direction", centre_ids: [] };
const pedagogie: StaffActor = { role: "pedagogie", centre_ids: [] };

type Row = { id: number; targets: ScopedResource };

describe("a secretary's centres: the lists' SQL agrees with the contract's can(), entity by entity", () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  const rows: Partial<Record<CentreScopedEntity, Row[]>> = {};
  const exec = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const insertId = async (query: SQL) => (await exec<{ id: number }>(query))[0]?.id ?? -1;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await database.migrate();
    for (const id of [1, 2, 3]) await exec(sql`insert into centres (id, nom) values (${id}, ${`Centre ${id}`})`);
    const option = await insertId(sql`insert into options (nom) values ('Option') returning id`);

    // Students: one centre each, or none.
    const students: Row[] = [];
    for (const centre of [1, 2, 3, null]) {
      const user = await insertId(
        sql`insert into users (name, email) values ('É', ${`e${students.length}@example.com`}) returning id`,
      );
      const id =
        await insertId(sql`insert into etudiants (user_id, student_id, nom, prenom, email, centre_id, option_id)
        values (${user}, ${`S${students.length}`}, 'Nom', 'Prénom', ${`e${students.length}@example.com`}, ${centre}, ${option})
        returning id`);
      students.push({ id, targets: { centre_ids: [centre] } });
    }
    rows.etudiants = students;
    const [s1, s2, , sNone] = students;

    // Notifications: every audience type, as the contract reads its centres.
    const notification = async (type: string, ids: SQL, centreIds: number[], targets: (number | null)[]) => ({
      id: await insertId(sql`insert into notifications (titre, message, type_destinataire, etudiant_ids, option_ids, centre_ids)
        values ('T', 'M', ${type},
          ${type === "etudiant_specifique" ? ids : sql`'{}'::integer[]`},
          ${type === "option" ? ids : sql`'{}'::integer[]`},
          ${sql`${`{${centreIds.join(",")}}`}::integer[]`}) returning id`),
      targets: { centre_ids: targets },
    });
    const list = (ids: number[]) => sql`${`{${ids.join(",")}}`}::integer[]`;
    rows.notifications = [
      await notification("tous", list([]), [], [null]),
      await notification("centre", list([]), [1], [1]),
      await notification("centre", list([]), [1, 3], [1, 3]),
      await notification("centre", list([]), [1, 2], [1, 2]),
      await notification("centre", list([]), [2], [2]),
      await notification("option", list([option]), [], [null]),
      await notification("option", list([option]), [3], [3]),
      await notification("etudiant_specifique", list([s1?.id ?? 0]), [], [1]),
      await notification("etudiant_specifique", list([s1?.id ?? 0, s2?.id ?? 0]), [], [1, 2]),
      await notification("etudiant_specifique", list([sNone?.id ?? 0]), [], [null]),
    ];

    // Events: every centre, or the centres they name.
    const event = async (centreIds: number[] | "all") => {
      const id = await insertId(sql`insert into parascolaires (nom_evenement, jour_evenement, lieu, tous_centres)
        values ('Sortie', '2026-12-01', 'Casablanca', ${centreIds === "all"}) returning id`);
      for (const centre of centreIds === "all" ? [] : centreIds) {
        await exec(sql`insert into parascolaire_centres (parascolaire_id, centre_id) values (${id}, ${centre})`);
      }
      return { id, targets: { centre_ids: centreIds === "all" ? [null] : centreIds } };
    };
    rows.parascolaire = [await event("all"), await event([1]), await event([1, 2]), await event([2]), await event([])];

    // Holidays: generated ones and closures of every centre count as every centre (holidayScope).
    const holiday = async (categorie: string, centreIds: number[] | "all") => {
      const id = await insertId(sql`insert into jours_feries (nom, jour, categorie, ferme_tous)
        values ('Congé', '2026-12-02', ${categorie}, ${centreIds === "all"}) returning id`);
      for (const centre of centreIds === "all" ? [] : centreIds) {
        await exec(sql`insert into jours_feries_centres (jour_ferie_id, centre_id) values (${id}, ${centre})`);
      }
      const scope = holidayScope({
        categorie,
        tous_centres: centreIds === "all",
        centre_ids: centreIds === "all" ? [] : centreIds,
      });
      return { id, targets: scope };
    };
    rows["jours-feries"] = [
      await holiday("national", "all"),
      await holiday("religieux", [2]),
      await holiday("vacances", "all"),
      await holiday("vacances", [1]),
      await holiday("fermeture", [1, 2]),
      await holiday("fermeture", [3, 1]),
      await holiday("fermeture", [2]),
    ];
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  const listed: Record<string, SQL> = {
    etudiants: sql`select id from etudiants`,
    notifications: sql`select id from notifications`,
    parascolaire: sql`select id from parascolaires`,
    "jours-feries": sql`select id from jours_feries`,
  };

  const cases: [string, StaffActor, CentreScopedEntity][] = [];
  for (const [name, actor] of [
    ["a secretary of centres 1 and 3", secretary],
    ["a secretary of centre 2", otherSecretary],
    ["the direction", direction],
    ["the pedagogie", pedagogie],
  ] as const) {
    for (const entity of ["etudiants", "notifications", "parascolaire", "jours-feries"] as const) {
      // Without the permission at all (the pedagogie's notifications), the route refuses before any list.
      if (can(actor, `read:${entity}`)) cases.push([name, actor, entity]);
    }
  }

  it.each(cases)("%s, %s: the list holds exactly what can() lets her read", async (_name, actor, entity) => {
    const permission = `read:${entity}` as Permission;
    const all = rows[entity] ?? [];
    expect(all.length).toBeGreaterThan(3);
    const scope = inCentreScope(actor, permission);
    const found = await exec<{ id: number }>(scope ? sql`${listed[entity]} where ${scope}` : (listed[entity] ?? sql``));
    const expected = all.filter((row) => can(actor, permission, row.targets));
    expect(found.map((row) => row.id).sort((a, b) => a - b)).toEqual(
      expected.map((row) => row.id).sort((a, b) => a - b),
    );
  });

  it("shows the drift it fixes: a notification to centres 1 and 2 is not a secretary of centre 1's, for lists nor by id", async () => {
    const mixed = rows.notifications?.find((row) => row.targets.centre_ids.join() === "1,2");
    if (!mixed) throw new Error("fixture");
    expect(can(secretary, "read:notifications", mixed.targets)).toBe(false);
    const scope = inCentreScope(secretary, "read:notifications");
    const found = await exec<{ id: number }>(sql`select id from notifications where id = ${mixed.id} and ${scope}`);
    expect(found).toEqual([]);
  });
});
