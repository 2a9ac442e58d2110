import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, queryRows, solveCaptcha, type TestApp } from "../support/app.ts";
import { createStudent, FACTORY_PASSWORD, uniqueEmail } from "../support/factories.ts";
import { createMailServer, type MailServer, waitFor } from "../support/mail-server.ts";
import { type StaffBrowser, signInNewStaff, staffBrowser } from "../support/staff-browser.ts";

const PUBLIC_URL = "https://portail.puerta.example";

describe("back-office students: list, scope, writes, invitation, deactivation", () => {
  let t: TestApp;
  let smtp: MailServer;
  let direction: StaffBrowser;
  let secretary: StaffBrowser;
  let pedagogie: StaffBrowser;
  let ids: { ainSebaa: number; zenith: number; moulay: number };

  beforeAll(async () => {
    smtp = await createMailServer();
    await smtp.start();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL } });
    const centres = await queryRows<{ id: number; nom: string }>(t, sql`select id, nom from centres`);
    const centre = (nom: string) => centres.find((c) => c.nom === nom)?.id ?? 0;
    ids = { ainSebaa: centre("Ain Sebaa"), zenith: centre("Zenith"), moulay: centre("Moulay Youssef") };
    // The staff only read and write students: no test changes their accounts.
    direction = (await signInNewStaff(t, "direction")).browser;
    secretary = (await signInNewStaff(t, "secretariat", { centreIds: [ids.ainSebaa] })).browser;
    pedagogie = (await signInNewStaff(t, "pedagogie")).browser;
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  /** The journal's entries about one student (or every student's, for the exports). */
  const journal = (action: string, etudiantId?: number) =>
    queryRows<{ summary: string; entity_id: string | null; changes: unknown }>(
      t,
      sql`select summary, entity_id, changes from audit_log
          where entity = 'etudiants' and action = ${action}
            and (${etudiantId === undefined} or entity_id = ${String(etudiantId ?? "")})
          order by id`,
    );

  /**
   * Two students of the test's own, found by the word their names share (`q=<word>`): one at
   * Ain Sebaa, the secretary's centre, one at Zenith, which is not hers.
   */
  async function twoStudents() {
    const word = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const first = await createStudent(t.database.db, {
      nom: `El Amrani ${word}`,
      prenom: "Yasmine",
      email: uniqueEmail(`courriel${word}`),
      studentId: `PU-${word}-1`,
      cin: `CIN${word}`,
      telephone: "+212612345678",
      centre: "Ain Sebaa",
      option: "Selectividad Santé",
      acceptedPolicy: true,
    });
    const second = await createStudent(t.database.db, {
      nom: `Benjelloun ${word}`,
      prenom: "Omar",
      email: uniqueEmail("omar"),
      studentId: `PU-${word}-2`,
      centre: "Zenith",
    });
    return { word, first: { ...first, id: first.etudiantId }, second: { ...second, id: second.etudiantId } };
  }

  async function invitationToken(email: string, index = 0) {
    const mail = await waitFor(() => smtp.to(email)[index], `invitation to ${email}`);
    const link = /https:\/\/portail\.puerta\.example\/activer-compte\?token=[A-Za-z0-9]+/.exec(
      mail.email.text ?? "",
    )?.[0];
    if (!link) throw new Error(`no link in ${mail.email.text}`);
    return { mail, token: new URL(link).searchParams.get("token") ?? "" };
  }

  /** The invitation link opened in a browser: the activation, then that browser's requests. */
  const activateIn = async (token: string, password = "Olivier-Sous-La-Pluie-7") => {
    const browser = await staffBrowser(t);
    const response = await browser.post("/api/activation", { token, password, password_confirmation: password });
    return { response, browser };
  };
  const activate = async (token: string, password?: string) => (await activateIn(token, password)).response;

  const studentLogin = async (email: string, password: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email, password, recaptcha_token: await solveCaptcha(t.app) },
    });

  it("lists students with their centre, status, policy and last sign-in, 50 a page", async () => {
    const { word, first } = await twoStudents();
    const response = await direction.get(`/api/gestion/etudiants?sort=nom&q=${word}`);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ page: 1, per_page: 50, total: 2 });
    expect(page.data.map((s: { nom: string }) => s.nom)).toEqual([`Benjelloun ${word}`, `El Amrani ${word}`]);
    expect(page.data[1]).toMatchObject({
      nom: `El Amrani ${word}`,
      prenom: "Yasmine",
      email: first.email,
      numero_etudiant: `PU-${word}-1`,
      centre: { nom: "Ain Sebaa" },
      option: { nom: "Selectividad Santé" },
      statut: "actif",
      last_login_at: null,
    });
    expect(typeof page.data[1].politique_acceptee).toBe("boolean");
  });

  it("searches on name, e-mail, student number and CIN, and filters by centre and status", async () => {
    const { word, first } = await twoStudents();
    const total = async (query: string) => (await direction.get(`/api/gestion/etudiants?${query}`)).json().total;
    expect(await total(`q=El%20Amrani%20${word}`)).toBe(1);
    expect(await total(`q=courriel${word}`)).toBe(1);
    expect(await total(`q=PU-${word}-2`)).toBe(1);
    expect(await total(`q=CIN${word}`)).toBe(1);
    expect(await total(`q=Omar%20Benjelloun%20${word}`)).toBe(1);
    expect(await total(`q=${word}&centre_id=${ids.zenith}`)).toBe(1);
    expect(await total(`q=${word}&statut=invitation_envoyee`)).toBe(0);
    const accepted = (await direction.get(`/api/gestion/etudiants?q=${word}&politique=acceptee`)).json();
    expect(accepted.data.every((s: { politique_acceptee: boolean }) => s.politique_acceptee)).toBe(true);
    expect(accepted.total + (await total(`q=${word}&politique=non_acceptee`))).toBe(2);
    expect((await studentLogin(first.email, FACTORY_PASSWORD)).statusCode).toBe(200); // records the last sign-in
    const shown = (await direction.get(`/api/gestion/etudiants/${first.id}`)).json();
    expect(shown.last_login_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const bad = await direction.get("/api/gestion/etudiants?sort=mot_de_passe");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBeTruthy();
  });

  it("shows a secretary only her centres' students: another centre's student does not exist for her", async () => {
    const { word, first, second } = await twoStudents();
    const list = (await secretary.get(`/api/gestion/etudiants?q=${word}`)).json();
    expect(list.total).toBe(1);
    expect(list.data[0].email).toBe(first.email);
    expect((await secretary.get(`/api/gestion/etudiants?q=${word}&centre_id=${ids.zenith}`)).json().total).toBe(0);
    for (const path of ["", "/fiche", "/apercu"]) {
      const response = await secretary.get(`/api/gestion/etudiants/${second.id}${path}`);
      expect(response.statusCode).toBe(404);
    }
    const write = await secretary.patch(`/api/gestion/etudiants/${second.id}`, { nom: "Changé" });
    expect(write.statusCode).toBe(404);
    expect((await secretary.post(`/api/gestion/etudiants/${second.id}/desactiver`)).statusCode).toBe(404);
    expect((await direction.get(`/api/gestion/etudiants/${second.id}`)).json()).toMatchObject({
      nom: `Benjelloun ${word}`,
      statut: "actif",
    });
  });

  it("refuses with 403 a secretary's write that would move a student out of her centres, writing nothing", async () => {
    const { first } = await twoStudents();
    const move = await secretary.patch(`/api/gestion/etudiants/${first.id}`, { centre_id: ids.zenith });
    expect(move.statusCode).toBe(403);
    expect(move.json().message).toBe("Cette action sort du périmètre de vos centres.");
    const outside = uniqueEmail("hors.centre");
    const create = await secretary.post("/api/gestion/etudiants", {
      nom: "Hors",
      prenom: "Centre",
      email: outside,
      centre_id: ids.zenith,
    });
    expect(create.statusCode).toBe(403);
    const rows = await queryRows(t, sql`select 1 from users where email = ${outside}`);
    expect(rows).toHaveLength(0);
    const still = (await direction.get(`/api/gestion/etudiants/${first.id}`)).json();
    expect(still.centre.nom).toBe("Ain Sebaa");
  });

  it("answers the pedagogie names and centres only: another shape, without e-mail, phone or CIN", async () => {
    const { word, first } = await twoStudents();
    const list = await pedagogie.get(`/api/gestion/etudiants?q=El%20Amrani%20${word}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      { id: first.id, nom: `El Amrani ${word}`, prenom: "Yasmine", centre: { id: ids.ainSebaa, nom: "Ain Sebaa" } },
    ]);
    expect(list.body).not.toContain("@");
    // A search by e-mail or CIN finds nothing for her (the direction finds them): she cannot probe them.
    for (const probe of [`courriel${word}`, `CIN${word}`]) {
      expect((await direction.get(`/api/gestion/etudiants?q=${probe}`)).json().total).toBe(1);
      expect((await pedagogie.get(`/api/gestion/etudiants?q=${probe}`)).json().total).toBe(0);
    }
    // Nor can the order of the list tell what is hidden (issue 31: sort=email).
    for (const sort of ["email", "-email", "numero_etudiant", "-last_login_at", "statut", "created_at"]) {
      const sorted = await pedagogie.get(`/api/gestion/etudiants?sort=${sort}`);
      expect(sorted.statusCode, sort).toBe(422);
      expect(sorted.json().errors, sort).toEqual({ sort: ["Ce tri n'est pas valide."] });
    }
    expect((await pedagogie.get("/api/gestion/etudiants?sort=-centre")).statusCode).toBe(200);
    const one = await pedagogie.get(`/api/gestion/etudiants/${first.id}`);
    expect(Object.keys(one.json()).sort()).toEqual(["centre", "id", "nom", "prenom"]);
    expect((await pedagogie.get(`/api/gestion/etudiants/${first.id}/fiche`)).statusCode).toBe(403);
    expect((await pedagogie.patch(`/api/gestion/etudiants/${first.id}`, { nom: "X" })).statusCode).toBe(403);
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
    const [entry] = await journal("creation", student.id);
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
      sql`select i.token_hash, round(extract(epoch from i.expires_at - i.created_at) / 86400)::int as days
          from student_invitations i join users u on u.id = i.user_id where u.email = 'salma.tazi@example.com'`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toBe(token);
    expect(stored[0]?.days).toBe(7);

    // Before activation the account cannot sign in at all.
    expect((await studentLogin("salma.tazi@example.com", "n'importe quoi")).statusCode).toBe(401);

    const check = await t.app.inject({ method: "GET", url: `/api/activation?token=${token}` });
    expect(check.json()).toEqual({ kind: "student", name: "Salma Tazi", email: "salma.tazi@example.com" });
    const weak = await activate(token, "password123");
    expect(weak.statusCode).toBe(422);
    const { response: done, browser } = await activateIn(token);
    expect(done.statusCode).toBe(200);
    const answer = done.json();
    expect(answer).toMatchObject({ kind: "student", next: "/planning", user: { email: "salma.tazi@example.com" } });
    // Signed in as after /api/session: an HttpOnly session cookie, and no token a page script could read.
    expect(answer).not.toHaveProperty("token");
    expect(done.body).not.toMatch(/\d+\|[A-Za-z0-9]{40}/);
    const session = done.cookies.find((cookie) => cookie.name === "puerta_session");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    const me = await browser.get("/api/user");
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
    await queryRows(
      t,
      sql`update student_invitations set expires_at = now() - interval '1 second'
          where user_id = (select user_id from etudiants where id = ${id})`,
    );
    const expired = await t.app.inject({ method: "GET", url: `/api/activation?token=${second.token}` });
    expect(expired.statusCode).toBe(404);
    expect((await activate(second.token)).statusCode).toBe(404);
    expect((await journal("invitation", id)).length).toBeGreaterThan(0);
  });

  it("edits a student with the journal's before and after; validation errors by field", async () => {
    const { first } = await twoStudents();
    const newEmail = uniqueEmail("Yasmine.ElAmrani");
    const edit = await secretary.patch(`/api/gestion/etudiants/${first.id}`, {
      telephone: "+212 6 55 55 55 55",
      email: newEmail.replace("yasmine", "Yasmine").replace("example.com", "Example.com"),
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ telephone: "+212655555555", email: newEmail.toLowerCase() });
    const entries = await journal("modification", first.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.changes).toMatchObject({
      telephone: { before: "+212612345678", after: "+212655555555" },
      email: { before: first.email, after: newEmail.toLowerCase() },
    });
    // The same values again: nothing written, nothing journalled.
    const same = await secretary.patch(`/api/gestion/etudiants/${first.id}`, { telephone: "+212 6 55 55 55 55" });
    expect(same.statusCode).toBe(200);
    expect(await journal("modification", first.id)).toHaveLength(1);
    const bad = await direction.patch(`/api/gestion/etudiants/${first.id}`, { email: "pas-une-adresse", nom: "" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      email: ["L'adresse e-mail n'est pas valide."],
      nom: ["Le nom est requis."],
    });
    const unknown = await direction.patch(`/api/gestion/etudiants/${first.id}`, { centre_id: 99999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.centre_id).toEqual(["Ce centre n'existe pas."]);
  });

  it("deactivation revokes every token; sign-in then answers the exact message; reactivation lets them in", async () => {
    const { word, second } = await twoStudents();
    const signedIn = await studentLogin(second.email, FACTORY_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().token as string;
    const reset = await direction.post(`/api/gestion/etudiants/${second.id}/reinitialisation`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe("Lien de réinitialisation envoyé.");
    const resetMail = await waitFor(
      () => smtp.to(second.email).find((m) => m.email.subject === "Réinitialisation de votre mot de passe — Puerta"),
      "reset mail",
    );
    expect(resetMail.email.text).toContain(`${PUBLIC_URL}/reset-password?token=`);

    const off = await direction.post(`/api/gestion/etudiants/${second.id}/desactiver`);
    expect(off.statusCode).toBe(200);
    expect(off.json().student.statut).toBe("desactive");
    expect((await t.app.inject({ method: "GET", url: "/api/user", headers: bearer(token) })).statusCode).toBe(401);
    const left = await queryRows(
      t,
      sql`select 1 from personal_access_tokens p join etudiants e on e.user_id = p.user_id where e.id = ${second.id}
          union all select 1 from password_resets r join etudiants e on e.user_id = r.user_id where e.id = ${second.id}`,
    );
    expect(left).toHaveLength(0);
    const refused = await studentLogin(second.email, FACTORY_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Ce compte est désactivé. Contactez le secrétariat.");
    // A wrong password still reads as a wrong password: the message tells nothing to a guesser.
    expect((await studentLogin(second.email, "mauvais")).statusCode).toBe(401);
    expect((await direction.get(`/api/gestion/etudiants?q=${word}&statut=desactive`)).json().total).toBe(1);

    const on = await direction.post(`/api/gestion/etudiants/${second.id}/reactiver`);
    expect(on.json().student.statut).toBe("actif");
    expect((await studentLogin(second.email, FACTORY_PASSWORD)).statusCode).toBe(200);
    expect((await journal("desactivation", second.id)).length).toBe(1);
    expect((await journal("reactivation", second.id)).length).toBe(1);
  });

  it("shows the student's page and previews their space through the student API's services, journalled", async () => {
    const { first } = await twoStudents();
    const fiche = await direction.get(`/api/gestion/etudiants/${first.id}/fiche`);
    expect(fiche.statusCode).toBe(200);
    expect(fiche.json()).toMatchObject({ student: { id: first.id }, demandes: expect.any(Array) });
    expect(fiche.json().notifications.every((n: { lue: unknown }) => typeof n.lue === "boolean")).toBe(true);

    const preview = await secretary.get(`/api/gestion/etudiants/${first.id}/apercu`);
    expect(preview.statusCode).toBe(200);
    const token = (await studentLogin(first.email, FACTORY_PASSWORD)).json().token as string;
    const own = async (url: string) => (await t.app.inject({ method: "GET", url, headers: bearer(token) })).json();
    expect(preview.json().planning).toEqual((await own("/api/planifications")).data);
    expect(preview.json().notifications).toEqual((await own("/api/notifications")).data);
    expect(preview.json().documents).toEqual(await own("/api/documents"));
    const [entry] = await journal("apercu", first.id);
    expect(entry?.entity_id).toBe(String(first.id));
  });

  it("exports the filtered list as CSV (BOM, ';') and XLSX, formula cells neutralised, export journalled", async () => {
    const { word, second } = await twoStudents();
    const exportsBefore = (await journal("export")).length;
    await direction.patch(`/api/gestion/etudiants/${second.id}`, { prenom: '=HYPERLINK("x")' });
    const csv = await direction.get(`/api/gestion/etudiants/export.csv?centre_id=${ids.zenith}&q=${word}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toMatch(/attachment; filename="etudiants-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(csv.body.startsWith("\uFEFFNom;Prénom;E-mail")).toBe(true);
    expect(csv.body).toContain(`Benjelloun ${word};"'=HYPERLINK(""x"")";${second.email}`);
    expect(csv.body).not.toContain("El Amrani");

    const xlsx = await secretary.get("/api/gestion/etudiants/export.xlsx");
    expect(xlsx.statusCode).toBe(200);
    const { default: readXlsxFile } = await import("read-excel-file/node");
    const rows = await readXlsxFile(xlsx.rawPayload);
    expect(rows[0]?.[0]).toBe("Nom");
    // The secretary's export holds her centre's students only.
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).every((row) => row[6] === "Ain Sebaa")).toBe(true);
    const direct = await readXlsxFile(
      (await direction.get(`/api/gestion/etudiants/export.xlsx?q=Benjelloun%20${word}`)).rawPayload,
    );
    // XLSX cells are typed text: nothing runs, so no apostrophe is shown (the CSV keeps it).
    expect(direct[1]?.[1]).toBe('=HYPERLINK("x")');
    expect((await journal("export")).length).toBe(exportsBefore + 3);
  });
});
