import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, queryRows, type TestApp } from "../support/app.ts";
import { createNotification, FACTORY_PASSWORD, uniqueEmail } from "../support/factories.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";
import { createStaffMember } from "../support/staff-factories.ts";

describe("back-office reference data (direction): create, rename, delete refused while referenced", () => {
  let t: TestApp;
  let direction: StaffBrowser;
  let secretary: StaffBrowser;
  beforeAll(async () => {
    t = await createTestApp();
    direction = (await signInNewStaff(t, "direction")).browser;
    secretary = (await signInNewStaff(t, "secretariat", { centres: ["Ain Sebaa"] })).browser;
  });
  afterAll(() => t.close());

  const find = async (kind: string, nom: string) =>
    (await direction.get("/api/gestion/referentiel")).json()[kind].find((item: { nom: string }) => item.nom === nom);

  /** A centre of the test's own, with a name of its own. */
  async function newCentre() {
    const nom = `Centre ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const created = await direction.post("/api/gestion/referentiel/centres", {
      nom,
      adresse: "Avenue de France, Agdal, Rabat",
      telephone: "+212 5 37 00 00 00",
      lien_carte: "https://maps.example.com/agdal",
    });
    expect(created.statusCode).toBe(201);
    return find("centres", nom);
  }

  it("lists every kind and creates a centre with its address, phone and map link", async () => {
    const all = await direction.get("/api/gestion/referentiel");
    expect(all.statusCode).toBe(200);
    expect(Object.keys(all.json())).toEqual(["centres", "filieres", "options", "matieres", "niveaux"]);
    const created = await direction.post("/api/gestion/referentiel/centres", {
      nom: "Rabat Agdal",
      adresse: "Avenue de France, Agdal, Rabat",
      telephone: "+212 5 37 00 00 00",
      lien_carte: "https://maps.example.com/agdal",
    });
    expect(created.statusCode).toBe(201);
    expect(await find("centres", "Rabat Agdal")).toMatchObject({
      telephone: "+212 5 37 00 00 00",
      lien_carte: "https://maps.example.com/agdal",
    });
    const bad = await direction.post("/api/gestion/referentiel/centres", {
      nom: "",
      lien_carte: "javascript:alert(1)",
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      nom: ["Le nom est requis."],
      lien_carte: ["Le lien doit commencer par https:// ou http://."],
    });
    const taken = await direction.post("/api/gestion/referentiel/centres", { nom: "Zenith" });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.nom).toEqual(["Ce nom est déjà utilisé."]);
  });

  it("renames, with the journal's before and after", async () => {
    const centre = await newCentre();
    const renamed = await direction.patch(`/api/gestion/referentiel/centres/${centre.id}`, {
      nom: `${centre.nom} Centre`,
      adresse: centre.adresse,
      telephone: centre.telephone,
      lien_carte: centre.lien_carte,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().centres.map((c: { nom: string }) => c.nom)).toContain(`${centre.nom} Centre`);
    const entries = await queryRows<{ changes: unknown }>(
      t,
      sql`select changes from audit_log where entity = 'referentiel' and action = 'modification'
          and entity_id = ${`centres:${centre.id}`}`,
    );
    expect(entries.map((entry) => entry.changes)).toContainEqual({
      nom: { before: centre.nom, after: `${centre.nom} Centre` },
    });
  });

  it("refuses to delete what is still referenced, saying by what; deletes it once unused", async () => {
    const centre = await newCentre();
    for (const prenom of ["Amal", "Badr"]) {
      const created = await direction.post("/api/gestion/etudiants", {
        nom: "Agdal",
        prenom,
        email: uniqueEmail("agdal"),
        centre_id: centre.id,
      });
      expect(created.statusCode).toBe(201);
    }
    const refused = await direction.delete(`/api/gestion/referentiel/centres/${centre.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("Ce centre a encore 2 étudiants.");
    // Every kind of reference is named, in one sentence.
    await createStaffMember(t.database.db, {
      name: "Secrétaire Agdal",
      email: uniqueEmail("secretariat"),
      role: "secretariat",
      centreIds: [centre.id],
      password: FACTORY_PASSWORD,
    });
    await createNotification(t.database.db, { typeDestinataire: "centre", centreIds: [centre.id] });
    const busy = await direction.delete(`/api/gestion/referentiel/centres/${centre.id}`);
    expect(busy.json().message).toBe("Ce centre a encore 2 étudiants, 1 compte du secrétariat et 1 notification.");

    const option = await find("options", "Selectividad Santé");
    expect((await direction.delete(`/api/gestion/referentiel/options/${option.id}`)).json().message).toMatch(
      /^Cette option a encore/,
    );

    const artsName = `Arts ${Date.now().toString(36)}`;
    const filiere = await direction.post("/api/gestion/referentiel/filieres", { nom: artsName });
    const arts = filiere.json().filieres.find((f: { nom: string }) => f.nom === artsName);
    const removed = await direction.delete(`/api/gestion/referentiel/filieres/${arts.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().filieres.map((f: { nom: string }) => f.nom)).not.toContain(artsName);
    expect((await direction.delete(`/api/gestion/referentiel/filieres/${arts.id}`)).statusCode).toBe(404);
  });

  it("creates options under a filière and niveaux under a matière, checking both exist", async () => {
    const philoName = `Philosophie ${Date.now().toString(36)}`;
    const matiere = await direction.post("/api/gestion/referentiel/matieres", {
      nom: philoName,
      description: "Histoire de la philosophie",
    });
    const philo = matiere.json().matieres.find((x: { nom: string }) => x.nom === philoName);
    expect(philo.description).toBe("Histoire de la philosophie");
    const niveau = await direction.post("/api/gestion/referentiel/niveaux", {
      nom: "Niveau 1",
      ordre: 1,
      matiere_id: philo.id,
    });
    expect(niveau.statusCode).toBe(201);
    const unknown = await direction.post("/api/gestion/referentiel/niveaux", {
      nom: "Niveau 2",
      ordre: 2,
      matiere_id: 99999,
    });
    expect(unknown.json().errors.matiere_id).toEqual(["Cette matière n'existe pas."]);
    const refused = await direction.delete(`/api/gestion/referentiel/matieres/${philo.id}`);
    expect(refused.json().message).toBe("Cette matière a encore 1 niveau.");
  });

  it("is the direction's: a secretary gets 403 on every route", async () => {
    expect((await secretary.get("/api/gestion/referentiel")).statusCode).toBe(403);
    expect((await secretary.post("/api/gestion/referentiel/filieres", { nom: "X" })).statusCode).toBe(403);
  });
});
