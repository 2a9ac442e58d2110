import { describe, expect, it } from "vitest";
import {
  accessOf,
  CENTRE_SCOPED,
  can,
  centreLimit,
  centreRule,
  EVERY_CENTRE,
  holidayScope,
  type Permission,
  roleHasCentres,
  type StaffActor,
  staffSections,
} from "../src/rules/permissions.ts";

const direction: StaffActor = { role: "direction", centre_ids: [] };
const ainSebaa: StaffActor = { role: "secretariat", centre_ids: [1] };
const pedagogie: StaffActor = { role: "pedagogie", centre_ids: [] };

describe("can: the role table of spec section 1, without a resource", () => {
  // [permission, direction, secretariat, pedagogie]
  const table: [Permission, boolean, boolean, boolean][] = [
    ["read:tableau-de-bord", true, true, true],
    ["read:comptes", true, false, false],
    ["create:comptes", true, false, false],
    ["update:comptes", true, false, false],
    ["read:referentiel", true, false, false],
    ["update:referentiel", true, false, false],
    ["read:politique", true, false, false],
    ["create:politique", true, false, false],
    ["read:journal", true, false, false],
    ["read:corbeille", true, false, false],
    ["update:corbeille", true, false, false],
    ["read:etudiants", true, true, true],
    ["create:etudiants", true, true, false],
    ["update:etudiants", true, true, false],
    ["delete:etudiants", true, true, false],
    ["export:etudiants", true, true, false],
    ["read:plannings", true, true, false],
    ["create:plannings", true, true, false],
    ["read:notifications", true, true, false],
    ["create:notifications", true, true, false],
    ["read:parascolaire", true, true, true],
    ["create:parascolaire", true, true, true],
    ["read:demandes", true, true, false],
    ["update:demandes", true, true, false],
    ["read:messages", true, true, false],
    ["update:messages", true, true, false],
    ["export:messages", true, true, false],
    ["read:jours-feries", true, true, false],
    ["create:jours-feries", true, true, false],
    ["read:supports", true, false, true],
    ["create:supports", true, false, true],
    ["delete:supports", true, false, true],
    ["read:orientation", true, false, true],
    ["update:orientation", true, false, true],
  ];

  it.each(table)(
    "%s: direction %s, secretariat %s, pedagogie %s",
    (permission, forDirection, forSecretariat, forPedagogie) => {
      expect(can(direction, permission)).toBe(forDirection);
      expect(can(ainSebaa, permission)).toBe(forSecretariat);
      expect(can(pedagogie, permission)).toBe(forPedagogie);
    },
  );
});

describe("can: the secretariat's centres", () => {
  // [permission, centres the resource targets, allowed for a secretary of centre 1]
  const table: [Permission, (number | null)[], boolean][] = [
    ["read:etudiants", [1], true],
    ["read:etudiants", [2], false],
    ["read:etudiants", [], false],
    ["update:etudiants", [1], true],
    ["update:etudiants", [2], false],
    ["create:plannings", [1], true],
    ["create:plannings", [1, 2], false],
    ["create:plannings", [null], false],
    ["read:plannings", [null], false],
    ["read:notifications", [1, 2], false],
    ["create:notifications", [1, 2], false],
    ["delete:notifications", [null], false],
    ["read:demandes", [2], false],
    ["update:demandes", [1], true],
    ["update:parascolaire", [2], false],
    ["export:etudiants", [2], false],
    // Contact messages are not tied to a secretary's centres.
    ["update:messages", [2], true],
    // Closures follow the events' rule; every-centre entries are the direction's.
    ["create:jours-feries", [1], true],
    ["create:jours-feries", [2], false],
    ["update:jours-feries", [1, 2], false],
    ["delete:jours-feries", [null], false],
    ["read:jours-feries", [null], true],
    ["read:jours-feries", [2], false],
  ];

  it.each(table)("%s on centres %j → %s", (permission, centres, allowed) => {
    expect(can(ainSebaa, permission, { centre_ids: centres })).toBe(allowed);
  });

  it("a secretary of several centres writes to any of them", () => {
    const twoCentres: StaffActor = { role: "secretariat", centre_ids: [1, 3] };
    expect(can(twoCentres, "update:plannings", { centre_ids: [1, 3] })).toBe(true);
    expect(can(twoCentres, "update:plannings", { centre_ids: [3, 2] })).toBe(false);
  });

  it("the direction and the pedagogie are not limited to centres", () => {
    expect(can(direction, "update:plannings", { centre_ids: [null] })).toBe(true);
    expect(can(direction, "read:etudiants", { centre_ids: [7] })).toBe(true);
    expect(can(pedagogie, "update:parascolaire", { centre_ids: [2, null] })).toBe(true);
    expect(can(pedagogie, "read:etudiants", { centre_ids: [2] })).toBe(true);
    expect(can(pedagogie, "update:etudiants", { centre_ids: [2] })).toBe(false);
  });
});

describe('what "hers" means, per entity, for a secretary of centres 1 and 3 (decision 099)', () => {
  const secretary: StaffActor = { role: "secretariat", centre_ids: [1, 3] };
  // The row's targeted centres, as each entity finds them (apps/api/src/lib/centre-scope.ts):
  // null is "every centre"; several centres are a multi-centre audience, event or closure.
  const rows: Record<string, (number | null)[]> = {
    "one of hers": [1],
    "another centre": [2],
    "two of hers": [1, 3],
    "one of hers and another": [1, 2],
    "every centre": [null],
    "no centre": [],
  };
  // [entity, reads allowed on each row above (in order), writes allowed on each row above]
  const table: [keyof typeof CENTRE_SCOPED, boolean[], boolean[]][] = [
    ["etudiants", [true, false, true, false, false, false], [true, false, true, false, false, false]],
    ["plannings", [true, false, true, false, false, false], [true, false, true, false, false, false]],
    ["demandes", [true, false, true, false, false, false], [true, false, true, false, false, false]],
    ["notifications", [true, false, true, false, false, false], [true, false, true, false, false, false]],
    ["parascolaire", [true, false, true, true, true, false], [true, false, true, false, false, false]],
    ["jours-feries", [true, false, true, true, true, false], [true, false, true, false, false, false]],
  ];

  it.each(table)("%s: reads %j, writes %j", (entity, reads, writes) => {
    const names = Object.keys(rows);
    names.forEach((name, i) => {
      const resource = { centre_ids: rows[name] ?? [] };
      expect([name, can(secretary, `read:${entity}`, resource)]).toEqual([name, reads[i]]);
      expect([name, can(secretary, `export:${entity}`, resource)]).toEqual([name, reads[i]]);
      expect([name, can(secretary, `update:${entity}`, resource)]).toEqual([name, writes[i]]);
    });
  });

  it("covers every entity a secretary is limited on, and no other", () => {
    expect(table.map(([entity]) => entity).sort()).toEqual(Object.keys(CENTRE_SCOPED).sort());
    expect(centreRule("read:messages")).toBe("inside");
    expect(can(secretary, "update:messages", { centre_ids: [2] })).toBe(true);
  });

  it("a holiday for every centre, or a generated one, is on her calendar, and only the direction changes it", () => {
    const national = holidayScope({ categorie: "national", tous_centres: false, centre_ids: [2] });
    const closureElsewhere = holidayScope({ categorie: "fermeture", tous_centres: false, centre_ids: [2] });
    const closureHers = holidayScope({ categorie: "vacances", tous_centres: false, centre_ids: [1, 2] });
    expect(can(secretary, "read:jours-feries", national)).toBe(true);
    expect(can(secretary, "update:jours-feries", national)).toBe(false);
    expect(can(secretary, "read:jours-feries", closureElsewhere)).toBe(false);
    expect(can(secretary, "read:jours-feries", closureHers)).toBe(true);
    expect(can(secretary, "update:jours-feries", closureHers)).toBe(false);
    expect(can(direction, "update:jours-feries", national)).toBe(true);
  });
});

describe("access levels: read:notifications:centre against :any", () => {
  it("gives each role its level, and the one limit every list asks", () => {
    expect(accessOf(direction, "read:notifications")).toBe("any");
    expect(accessOf(ainSebaa, "read:notifications")).toBe("centre");
    expect(accessOf(ainSebaa, "read:messages")).toBe("any");
    expect(accessOf(pedagogie, "read:notifications")).toBeNull();
    expect(accessOf(pedagogie, "read:etudiants")).toBe("any");
    expect(centreLimit(direction, "read:etudiants")).toBeNull();
    expect(centreLimit(pedagogie, "read:etudiants")).toBeNull();
    expect(centreLimit(ainSebaa, "read:etudiants")).toEqual([1]);
    expect(centreLimit(pedagogie, "read:notifications")).toEqual([]);
  });

  it("asks a centre for the accounts of a role limited to centres only", () => {
    expect(roleHasCentres("secretariat")).toBe(true);
    expect(roleHasCentres("direction")).toBe(false);
    expect(roleHasCentres("pedagogie")).toBe(false);
  });

  it("lets only who may write for every centre write for every centre", () => {
    expect(can(direction, "create:parascolaire", EVERY_CENTRE)).toBe(true);
    expect(can(pedagogie, "create:parascolaire", EVERY_CENTRE)).toBe(true);
    expect(can(ainSebaa, "create:parascolaire", EVERY_CENTRE)).toBe(false);
    expect(can(ainSebaa, "create:jours-feries", EVERY_CENTRE)).toBe(false);
  });
});

describe("holidayScope", () => {
  it("scopes only an academy closure aimed at named centres", () => {
    expect(holidayScope({ categorie: "fermeture", tous_centres: false, centre_ids: [1] })).toEqual({ centre_ids: [1] });
    expect(holidayScope({ categorie: "vacances", tous_centres: true, centre_ids: [] })).toEqual({ centre_ids: [null] });
    expect(holidayScope({ categorie: "national", tous_centres: false, centre_ids: [1] })).toEqual({
      centre_ids: [null],
    });
    expect(
      can(
        ainSebaa,
        "update:jours-feries",
        holidayScope({ categorie: "religieux", tous_centres: true, centre_ids: [] }),
      ),
    ).toBe(false);
  });
});

describe("staffSections", () => {
  const labels = (actor: Parameters<typeof staffSections>[0]) => staffSections(actor).map((section) => section.label);

  it("the direction opens every section, in the sidebar's order", () => {
    expect(labels(direction)).toEqual([
      "Tableau de bord",
      "Étudiants",
      "Demandes d'attestation",
      "Messages",
      "Notifications",
      "Plannings",
      "Supports de cours",
      "Orientation",
      "Parascolaire",
      "Jours fériés",
      "Politique",
      "Corbeille",
      "Référentiel",
      "Années scolaires",
      "Comptes",
      "Données personnelles",
      "Journal",
    ]);
    expect(staffSections(direction)[2]).toEqual({ path: "/gestion/demandes", label: "Demandes d'attestation" });
  });

  it("the secretariat opens her centres' work, the pedagogie the teaching", () => {
    expect(labels(ainSebaa)).toEqual([
      "Tableau de bord",
      "Étudiants",
      "Demandes d'attestation",
      "Messages",
      "Notifications",
      "Plannings",
      "Parascolaire",
      "Jours fériés",
      "Corbeille",
    ]);
    expect(labels(pedagogie)).toEqual([
      "Tableau de bord",
      "Étudiants",
      "Supports de cours",
      "Orientation",
      "Parascolaire",
      "Corbeille",
    ]);
  });
});
