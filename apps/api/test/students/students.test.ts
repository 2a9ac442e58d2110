import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, DEMO_STUDENTS, login, queryRows, solveCaptcha, type TestApp } from "../support/app.ts";
import { createMailServer, type MailServer, waitFor } from "../support/mail-server.ts";
import { DEMO_STAFF, type StaffBrowser, signInStaff, staffBrowser } from "../support/staff-browser.ts";

const PUBLIC_URL = "https://portail.puerta.example";

describe("back-office students: list, scope, writes, invitation, deactivation", () => {
  let t: TestApp;
  let smtp: MailServer;
  let direction: StaffBrowser;
  let secretary: StaffBrowser;
  let pedagogie: StaffBrowser;
  let ids: { ainSebaa: number; zenith: number; moulay: number; first: number; second: number };

  beforeAll(async () => {
    smtp = await createMailServer();
    await smtp.start();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL } });
    direction = (await signInStaff(t, DEMO_STAFF.direction)).browser;
    secretary = (await signInStaff(t, DEMO_STAFF.secretariat)).browser;
    pedagogie = (await signInStaff(t, DEMO_STAFF.pedagogie)).browser;
    const centres = await queryRows<{ id: number; nom: string }>(t, sql`select id, nom from centres`);
    const centre = (nom: string) => centres.find((c) => c.nom === nom)?.id ?? 0;
    const students = await queryRows<{ id: number; email: string }>(t, sql`select id, email from etudiants`);
    const student = (email: string) => students.find((s) => s.email === email)?.id ?? 0;
    ids = {
      ainSebaa: centre("Ain Sebaa"),
      zenith: centre("Zenith"),
      moulay: centre("Moulay Youssef"),
      first: student(DEMO_STUDENTS.first),
      second: student(DEMO_STUDENTS.second),
    };
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const journal = (action: string) =>
    queryRows<{ summary: string; entity_id: string | null; changes: unknown }>(
      t,
      sql`select summary, entity_id, changes from audit_log where entity = 'etudiants' and action = ${action} order by id`,
    );

  async function invitationToken(email: string, index = 0) {
    const mail = await waitFor(() => smtp.to(email)[index], `invitation to ${email}`);
    const link = /https:\/\/portail\.puerta\.example\/activer-compte\?token=[A-Za-z0-9]+/.exec(
      mail.email.text ?? "",
    )?.[0];
    if (!link) throw new Error(`no link in ${mail.email.text}`);
    return { mail, token: new URL(link).searchParams.get("token") ?? "" };
  }

  const activate = async (token: string, password = "Olivier-Sous-La-Pluie-7") =>
    (await staffBrowser(t)).post("/api/activation", { token, password, password_confirmation: password });

  const studentLogin = async (email: string, password: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email, password, recaptcha_token: await solveCaptcha(t.app) },
    });

  it("lists students with their centre, status, policy and last sign-in, 50 a page", async () => {
    const response = await direction.get("/api/gestion/etudiants?sort=nom");
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ page: 1, per_page: 50, total: 2 });
    expect(page.data.map((s: { nom: string }) => s.nom)).toEqual(["Benjelloun", "El Amrani"]);
    expect(page.data[1]).toMatchObject({
      nom: "El Amrani",
      prenom: "Yasmine",
      email: DEMO_STUDENTS.first,
      numero_etudiant: "PU-2025-0001",
      centre: { nom: "Ain Sebaa" },
      option: { nom: "Selectividad Santé" },
      statut: "actif",
      last_login_at: null,
    });
    expect(typeof page.data[1].politique_acceptee).toBe("boolean");
  });

  it("searches on name, e-mail, student number and CIN, and filters by centre and status", async () => {
    const total = async (query: string) => (await direction.get(`/api/gestion/etudiants?${query}`)).json().total;
    expect(await total("q=yasmine")).toBe(1);
    expect(await total("q=etudiant2.demo")).toBe(1);
    expect(await total("q=PU-2025-0002")).toBe(1);
    expect(await total("q=BE123456")).toBe(1);
    expect(await total("q=Omar%20Benjelloun")).toBe(1);
    expect(await total(`centre_id=${ids.zenith}`)).toBe(1);
    expect(await total("statut=invitation_envoyee")).toBe(0);
    const accepted = (await direction.get("/api/gestion/etudiants?politique=acceptee")).json();
    expect(accepted.data.every((s: { politique_acceptee: boolean }) => s.politique_acceptee)).toBe(true);
    expect(accepted.total + (await total("politique=non_acceptee"))).toBe(2);
    await login(t.app); // records the last sign-in
    const first = (await direction.get(`/api/gestion/etudiants/${ids.first}`)).json();
    expect(first.last_login_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const bad = await direction.get("/api/gestion/etudiants?sort=mot_de_passe");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBeTruthy();
  });

  it("shows a secretary only her centres' students: another centre's student does not exist for her", async () => {
    const list = (await secretary.get("/api/gestion/etudiants")).json();
    expect(list.total).toBe(1);
    expect(list.data[0].email).toBe(DEMO_STUDENTS.first);
    expect((await secretary.get(`/api/gestion/etudiants?centre_id=${ids.zenith}`)).json().total).toBe(0);
    for (const path of ["", "/fiche", "/apercu"]) {
      const response = await secretary.get(`/api/gestion/etudiants/${ids.second}${path}`);
      expect(response.statusCode).toBe(404);
    }
    const write = await secretary.patch(`/api/gestion/etudiants/${ids.second}`, { nom: "Changé" });
    expect(write.statusCode).toBe(404);
    expect((await secretary.post(`/api/gestion/etudiants/${ids.second}/desactiver`)).statusCode).toBe(404);
  });

  it("refuses with 403 a secretary's write that would move a student out of her centres, writing nothing", async () => {
    const move = await secretary.patch(`/api/gestion/etudiants/${ids.first}`, { centre_id: ids.zenith });
    expect(move.statusCode).toBe(403);
    expect(move.json().message).toBe("Cette action sort du périmètre de vos centres.");
    const create = await secretary.post("/api/gestion/etudiants", {
      nom: "Hors",
      prenom: "Centre",
      email: "hors.centre@example.com",
      centre_id: ids.zenith,
    });
    expect(create.statusCode).toBe(403);
    const rows = await queryRows(t, sql`select 1 from users where email = 'hors.centre@example.com'`);
    expect(rows).toHaveLength(0);
    const still = (await direction.get(`/api/gestion/etudiants/${ids.first}`)).json();
    expect(still.centre.nom).toBe("Ain Sebaa");
  });

  it("answers the pedagogie names and centres only: another shape, without e-mail, phone or CIN", async () => {
    const list = await pedagogie.get("/api/gestion/etudiants?q=yasmine");
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      { id: ids.first, nom: "El Amrani", prenom: "Yasmine", centre: { id: ids.ainSebaa, nom: "Ain Sebaa" } },
    ]);
    expect(list.body).not.toContain("@");
    // A search by e-mail or CIN finds nothing for her: she cannot probe them.
    expect((await pedagogie.get("/api/gestion/etudiants?q=etudiant.demo")).json().total).toBe(0);
    expect((await pedagogie.get("/api/gestion/etudiants?q=BE123456")).json().total).toBe(0);
    // Nor can the order of the list tell what is hidden (issue 31: sort=email).
    for (const sort of ["email", "-email", "numero_etudiant", "-last_login_at", "statut", "created_at"]) {
      const sorted = await pedagogie.get(`/api/gestion/etudiants?sort=${sort}`);
      expect(sorted.statusCode, sort).toBe(422);
      expect(sorted.json().errors, sort).toEqual({ sort: ["Ce tri n'est pas valide."] });
    }
    expect((await pedagogie.get("/api/gestion/etudiants?sort=-centre")).statusCode).toBe(200);
    const one = await pedagogie.get(`/api/gestion/etudiants/${ids.first}`);
    expect(Object.keys(one.json()).sort()).toEqual(["centre", "id", "nom", "prenom"]);
    expect((await pedagogie.get(`/api/gestion/etudiants/${ids.first}/fiche`)).statusCode).toBe(403);
    expect((await pedagogie.patch(`/api/gestion/etudiants/${ids.first}`, { nom: "X" })).statusCode).toBe(403);
    expect((await pedagogie.get("/api/gestion/etudiants/export.csv")).statusCode).toBe(403);
  });

  it("creates a student (e-mail trimmed and lower-cased, number generated), invites them once, for 7 days", async () => {
    const created = await secretary.post("/api/gestion/etudiants", {
      nom: "Tazi",
      prenom: "Salma",
      email: "  Salma.Tazi@Example.COM ",
      telephone: "+212 6 11 22 33 44",
      cin: "",
      numero_etudiant: "",
      centre_id: ids.ainSebaa,
      option_id: null,
    });
    expect(created.statusCode).toBe(201);
    const student = created.json();
    expect(student).toMatchObject({
      email: "salma.tazi@example.com",
      cin: null,
      statut: "invitation_envoyee",
      centre: { nom: "Ain Sebaa" },
    });
    expect(student.numero_etudiant).toMatch(/^PU-\d{4}-\d{4}$/);
    const [entry] = await journal("creation");
    expect(entry?.summary).toContain("Salma Tazi");
    expect(JSON.stringify(entry?.changes)).not.toMatch(/token|hash/i);

    const duplicate = await direction.post("/api/gestion/etudiants", {
      nom: "Autre",
      prenom: "Salma",
      email: "SALMA.TAZI@example.com",
      centre_id: ids.zenith,
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.email).toEqual(["Cette adresse e-mail est déjà utilisée par un autre étudiant."]);

    const { mail, token } = await invitationToken("salma.tazi@example.com");
    expect(mail.email.subject).toBe("Votre espace étudiant Puerta");
    const stored = await queryRows<{ token_hash: string; days: number }>(
      t,
      sql`select token_hash, round(extract(epoch from expires_at - created_at) / 86400)::int as days from student_invitations`,
    );
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
    expect(stored[0]?.days).toBe(7);

    // Before activation the account cannot sign in at all.
    expect((await studentLogin("salma.tazi@example.com", "n'importe quoi")).statusCode).toBe(401);

    const check = await t.app.inject({ method: "GET", url: `/api/activation?token=${token}` });
    expect(check.json()).toEqual({ kind: "student", name: "Salma Tazi", email: "salma.tazi@example.com" });
    const weak = await activate(token, "password123");
    expect(weak.statusCode).toBe(422);
    const done = await activate(token);
    expect(done.statusCode).toBe(200);
    const answer = done.json();
    expect(answer).toMatchObject({ kind: "student", next: "/planning", user: { email: "salma.tazi@example.com" } });
    // Signed in exactly as after /api/login: the token opens the student API.
    const me = await t.app.inject({ method: "GET", url: "/api/user", headers: bearer(answer.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().etudiant.nom).toBe("Tazi");

    const again = await activate(token, "Un-Autre-Mot-De-Passe-9");
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("Ce lien d'activation n'est plus valide.");
    expect((await studentLogin("salma.tazi@example.com", "Olivier-Sous-La-Pluie-7")).statusCode).toBe(200);
    const after = (await direction.get(`/api/gestion/etudiants/${student.id}`)).json();
    expect(after.statut).toBe("actif");
    const resend = await direction.post(`/api/gestion/etudiants/${student.id}/invitation`);
    expect(resend.statusCode).toBe(422);
  });

  it("refuses an expired invitation, and a re-sent one replaces the first", async () => {
    const created = await direction.post("/api/gestion/etudiants", {
      nom: "Idrissi",
      prenom: "Amine",
      email: "amine.idrissi@example.com",
      centre_id: ids.moulay,
    });
    const id = created.json().id;
    const first = await invitationToken("amine.idrissi@example.com");
    const resent = await direction.post(`/api/gestion/etudiants/${id}/invitation`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().message).toBe("Invitation envoyée.");
    const second = await invitationToken("amine.idrissi@example.com", 1);
    expect((await activate(first.token)).statusCode).toBe(404);
    await queryRows(t, sql`update student_invitations set expires_at = now() - interval '1 second'`);
    const expired = await t.app.inject({ method: "GET", url: `/api/activation?token=${second.token}` });
    expect(expired.statusCode).toBe(404);
    expect((await activate(second.token)).statusCode).toBe(404);
    expect((await journal("invitation")).length).toBeGreaterThan(0);
  });

  it("edits a student with the journal's before and after; validation errors by field", async () => {
    const edit = await secretary.patch(`/api/gestion/etudiants/${ids.first}`, {
      telephone: "+212 6 55 55 55 55",
      email: "Yasmine.ElAmrani@Example.com",
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ telephone: "+212655555555", email: "yasmine.elamrani@example.com" });
    const entries = await journal("modification");
    expect(entries.at(-1)?.changes).toMatchObject({
      telephone: { before: "+212612345678", after: "+212655555555" },
      email: { before: DEMO_STUDENTS.first, after: "yasmine.elamrani@example.com" },
    });
    // The same values again: nothing written, nothing journalled.
    const same = await secretary.patch(`/api/gestion/etudiants/${ids.first}`, { telephone: "+212 6 55 55 55 55" });
    expect(same.statusCode).toBe(200);
    expect(await journal("modification")).toHaveLength(entries.length);
    const bad = await direction.patch(`/api/gestion/etudiants/${ids.first}`, { email: "pas-une-adresse", nom: "" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      email: ["L'adresse e-mail n'est pas valide."],
      nom: ["Le nom est requis."],
    });
    const unknown = await direction.patch(`/api/gestion/etudiants/${ids.first}`, { centre_id: 99999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.centre_id).toEqual(["Ce centre n'existe pas."]);
    // Back to the seed's address, so the other tests' demo sign-in keeps working.
    await direction.patch(`/api/gestion/etudiants/${ids.first}`, { email: DEMO_STUDENTS.first });
  });

  it("deactivation revokes every token; sign-in then answers the exact message; reactivation lets them in", async () => {
    const token = await login(t.app, DEMO_STUDENTS.second);
    const reset = await direction.post(`/api/gestion/etudiants/${ids.second}/reinitialisation`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe("Lien de réinitialisation envoyé.");
    const resetMail = await waitFor(
      () =>
        smtp
          .to(DEMO_STUDENTS.second)
          .find((m) => m.email.subject === "Réinitialisation de votre mot de passe — Puerta"),
      "reset mail",
    );
    expect(resetMail.email.text).toContain(`${PUBLIC_URL}/reset-password?token=`);

    const off = await direction.post(`/api/gestion/etudiants/${ids.second}/desactiver`);
    expect(off.statusCode).toBe(200);
    expect(off.json().student.statut).toBe("desactive");
    expect((await t.app.inject({ method: "GET", url: "/api/user", headers: bearer(token) })).statusCode).toBe(401);
    const left = await queryRows(
      t,
      sql`select 1 from personal_access_tokens p join etudiants e on e.user_id = p.user_id where e.id = ${ids.second}
          union all select 1 from password_resets r join etudiants e on e.user_id = r.user_id where e.id = ${ids.second}`,
    );
    expect(left).toHaveLength(0);
    const refused = await studentLogin(DEMO_STUDENTS.second, "Selectividad2025");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Ce compte est désactivé. Contactez le secrétariat.");
    // A wrong password still reads as a wrong password: the message tells nothing to a guesser.
    expect((await studentLogin(DEMO_STUDENTS.second, "mauvais")).statusCode).toBe(401);
    expect((await direction.get("/api/gestion/etudiants?statut=desactive")).json().total).toBe(1);

    const on = await direction.post(`/api/gestion/etudiants/${ids.second}/reactiver`);
    expect(on.json().student.statut).toBe("actif");
    expect((await studentLogin(DEMO_STUDENTS.second, "Selectividad2025")).statusCode).toBe(200);
    expect((await journal("desactivation")).length).toBe(1);
    expect((await journal("reactivation")).length).toBe(1);
  });

  it("shows the student's page and previews their space through the student API's services, journalled", async () => {
    const fiche = await direction.get(`/api/gestion/etudiants/${ids.first}/fiche`);
    expect(fiche.statusCode).toBe(200);
    expect(fiche.json()).toMatchObject({ student: { id: ids.first }, demandes: expect.any(Array) });
    expect(fiche.json().notifications.every((n: { lue: unknown }) => typeof n.lue === "boolean")).toBe(true);

    const preview = await secretary.get(`/api/gestion/etudiants/${ids.first}/apercu`);
    expect(preview.statusCode).toBe(200);
    const token = await login(t.app);
    const own = async (url: string) => (await t.app.inject({ method: "GET", url, headers: bearer(token) })).json();
    expect(preview.json().planning).toEqual((await own("/api/planifications")).data);
    expect(preview.json().notifications).toEqual((await own("/api/notifications")).data);
    expect(preview.json().documents).toEqual(await own("/api/documents"));
    const [entry] = await journal("apercu");
    expect(entry?.entity_id).toBe(String(ids.first));
  });

  it("exports the filtered list as CSV (BOM, ';') and XLSX, formula cells neutralised, export journalled", async () => {
    await direction.patch(`/api/gestion/etudiants/${ids.second}`, { prenom: '=HYPERLINK("x")' });
    const csv = await direction.get(`/api/gestion/etudiants/export.csv?centre_id=${ids.zenith}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toMatch(/attachment; filename="etudiants-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(csv.body.startsWith("\uFEFFNom;Prénom;E-mail")).toBe(true);
    expect(csv.body).toContain(`Benjelloun;"'=HYPERLINK(""x"")";${DEMO_STUDENTS.second}`);
    expect(csv.body).not.toContain("El Amrani");

    const xlsx = await secretary.get("/api/gestion/etudiants/export.xlsx");
    expect(xlsx.statusCode).toBe(200);
    const { default: readXlsxFile } = await import("read-excel-file/node");
    const rows = await readXlsxFile(xlsx.rawPayload);
    expect(rows[0]?.[0]).toBe("Nom");
    // The secretary's export holds her centre's students only.
    expect(rows.slice(1).every((row) => row[6] === "Ain Sebaa")).toBe(true);
    const direct = await readXlsxFile(
      (await direction.get(`/api/gestion/etudiants/export.xlsx?q=Benjelloun`)).rawPayload,
    );
    // XLSX cells are typed text: nothing runs, so no apostrophe is shown (the CSV keeps it).
    expect(direct[1]?.[1]).toBe('=HYPERLINK("x")');
    expect((await journal("export")).length).toBe(3);
  });
});
