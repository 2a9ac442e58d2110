import { CERTIFICATE_STAFF_TEXT, CERTIFICATE_TEXT, SCHOOL_YEAR_MESSAGES } from "@puerta/contract";
import { sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, login, queryRows, type TestApp } from "../support/app.ts";
import { type CreatedStudent, createAccessToken, createStudent } from "../support/factories.ts";
import { addAttendedYear, makeFormerStudent } from "../support/former-students.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";

const PUBLIC_URL = "https://portail.puerta.example";

/**
 * Former students (docs/spec/school-year-and-data.md section 3): they sign in, keep their
 * attestations, /profile and the password, may ask an attestation for a year they attended (in the
 * past tense); and the rectification of an attestation (section 4): "Nom au dossier", re-issue.
 */
describe("former students and their attestations", () => {
  let t: TestApp;
  let direction: StaffBrowser;
  let secretary: StaffBrowser;

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL } });
    direction = (await signInNewStaff(t, "direction", { name: "Nadia Berrada" })).browser;
    secretary = (await signInNewStaff(t, "secretariat", { centres: ["Ain Sebaa"] })).browser;
  });
  afterAll(() => t.close());

  const formerStudent = async (input: Parameters<typeof createStudent>[1] = {}) => {
    const student = await createStudent(t.database.db, { centre: "Ain Sebaa", option: "Selectividad Santé", ...input });
    const { yearIds } = await makeFormerStudent(t.database.db, student.etudiantId, { attended: [2024, 2025] });
    return { ...student, yearIds, token: await createAccessToken(t.database.db, student.userId) };
  };
  const get = (token: string, url: string) => t.app.inject({ method: "GET", url, headers: bearer(token) });
  const ask = (token: string, payload: object) =>
    t.app.inject({ method: "POST", url: "/api/demandes", headers: bearer(token), payload });
  const pdfText = async (body: Buffer) => {
    const pdf = await getDocumentProxy(new Uint8Array(body));
    return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, " ");
  };
  /** The office makes the request available: its attestation's number and verification code. */
  const issue = async (id: number) => {
    const response = await secretary.patch(`/api/gestion/demandes/${id}`, { status: "Disponible" });
    expect(response.statusCode).toBe(200);
    const document = response.json().document as { numero: string; verification_url: string };
    return { numero: document.numero, code: document.verification_url.split("/").pop() ?? "" };
  };
  const verify = (code: string) => t.app.inject({ method: "GET", url: `/api/attestations/${code}` });

  it("signs a former student in; a deactivated one still cannot", async () => {
    const student = await formerStudent();
    const token = await login(t.app, student.email, student.password);
    const me = await get(token, "/api/user");
    expect(me.statusCode).toBe(200);
    expect(me.json().etudiant.statut_scolaire).toBe("ancien_eleve");

    const gone = await formerStudent();
    await t.database.db.execute(sql`update users set deactivated_at = now() where id = ${gone.userId}`);
    await expect(login(t.app, gone.email, gone.password)).rejects.toThrow(/403/);
  });

  it("refuses a former student the other student routes, in French, and keeps their reduced area", async () => {
    const student = await formerStudent();
    for (const url of ["/api/planifications", "/api/notifications", "/api/parascolaires", "/api/policy/status"]) {
      const response = await get(student.token, url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual({ message: SCHOOL_YEAR_MESSAGES.formerStudentForbidden });
    }
    // Not asked to accept the policy: their area does not depend on an enrolment they no longer have.
    for (const url of ["/api/demandes", "/api/demandes/annees", "/api/profile/email-copies", "/api/user"]) {
      expect((await get(student.token, url)).statusCode, url).toBe(200);
    }
    const enrolled = await createStudent(t.database.db, { centre: "Ain Sebaa", acceptedPolicy: true });
    const enrolledToken = await createAccessToken(t.database.db, enrolled.userId);
    expect((await get(enrolledToken, "/api/notifications")).statusCode).toBe(200);
    expect((await get(enrolledToken, "/api/user")).json().etudiant.statut_scolaire).toBe("inscrit");
  });

  it("offers the years attended: a former student's last by default, an enrolled student's current one", async () => {
    const former = await formerStudent();
    const years = (await get(former.token, "/api/demandes/annees")).json();
    expect(years.data).toEqual([
      { id: former.yearIds[1], label: "2025-2026", en_cours: false },
      { id: former.yearIds[0], label: "2024-2025", en_cours: false },
    ]);
    expect(years.default_id).toBe(former.yearIds[1]);

    const enrolled = await createStudent(t.database.db, { centre: "Ain Sebaa", acceptedPolicy: true });
    const past = await addAttendedYear(t.database.db, enrolled.etudiantId, 2025);
    const theirs = (await get(await createAccessToken(t.database.db, enrolled.userId), "/api/demandes/annees")).json();
    expect(theirs.data.map((y: { label: string; en_cours: boolean }) => [y.label, y.en_cours])).toEqual([
      ["2026-2027", true],
      ["2025-2026", false],
    ]);
    expect(theirs.default_id).not.toBe(past);
  });

  it("refuses a year the student did not attend with a French 422", async () => {
    const former = await formerStudent();
    const [current] = await queryRows<{ id: number }>(t, sql`select current_school_year_id() as id`);
    for (const annee_id of [current?.id, 999_999]) {
      const response = await ask(former.token, { type: "scolaire", langues: ["Français"], annee_id });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.annee_id).toEqual([CERTIFICATE_TEXT.yearInvalid]);
    }
    const invalid = await ask(former.token, { type: "scolaire", langues: ["Français"], annee_id: "2025" });
    expect(invalid.statusCode).toBe(422);
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from certificate_requests where etudiant_id = ${former.etudiantId}`,
    );
    expect(n).toBe(0);
  });

  it("issues a former student's attestation in the past tense, verified with its year", async () => {
    const former = await formerStudent({ nom: "Bennani", prenom: "Imane" });
    const created = await ask(former.token, { type: "scolaire", langues: ["Español", "Français"] });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.annee).toBe("2025-2026");
    const id = created.json().data.id as number;
    expect((await secretary.get(`/api/gestion/demandes/${id}`)).json().annee).toBe("2025-2026");
    expect((await secretary.get("/api/gestion/demandes?q=Bennani")).json().data[0].annee).toBe("2025-2026");

    const { numero, code } = await issue(id);
    const pdf = await get(former.token, `/api/demandes/${id}/document`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain("a été régulièrement inscrit(e)");
    expect(text).toContain("au titre de l'année 2025-2026");
    expect(text).not.toContain("est régulièrement inscrit(e)");
    expect(text).toContain(numero);
    expect(text).toContain(`${PUBLIC_URL}/verifier/${code}`);

    const checked = await verify(code);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toMatchObject({ status: "valide", numero, titulaire: "Imane Bennani", annee: "2025-2026" });
    expect((await get(former.token, "/api/demandes")).json().data[0]).toMatchObject({ id, annee: "2025-2026" });
  });

  it("words an enrolled student's current year in the present and a past year in the past tense", async () => {
    const enrolled = await createStudent(t.database.db, { centre: "Ain Sebaa", acceptedPolicy: true });
    const token = await createAccessToken(t.database.db, enrolled.userId);
    const past = await addAttendedYear(t.database.db, enrolled.etudiantId, 2025);

    const now = await ask(token, { type: "scolaire", langues: ["Français"] });
    expect(now.json().data.annee).toBe("2026-2027");
    await issue(now.json().data.id);
    const present = await pdfText((await get(token, `/api/demandes/${now.json().data.id}/document`)).rawPayload);
    expect(present).toContain("est régulièrement inscrit(e)");
    expect(present).toContain("2026-2027");

    // The same request for another year is another request, not a duplicate.
    const before = await ask(token, { type: "scolaire", langues: ["Français"], annee_id: past });
    expect(before.statusCode).toBe(201);
    expect(before.json().data.annee).toBe("2025-2026");
    await issue(before.json().data.id);
    const pastText = await pdfText((await get(token, `/api/demandes/${before.json().data.id}/document`)).rawPayload);
    expect(pastText).toContain("a été régulièrement inscrit(e)");
    expect(pastText).toContain("au titre de l'année 2025-2026");
  });

  describe("rectification", () => {
    /** A request made under the name and CIN of then, and the record corrected since. */
    const correctedRecord = async (): Promise<CreatedStudent & { id: number; token: string }> => {
      const student = await createStudent(t.database.db, {
        nom: "El Idrissi",
        prenom: "Hamza",
        centre: "Ain Sebaa",
        cin: `BE${Date.now() % 1_000_000}`,
        acceptedPolicy: true,
      });
      const token = await createAccessToken(t.database.db, student.userId);
      const created = await ask(token, { type: "scolaire", langues: ["Français"] });
      expect(created.statusCode).toBe(201);
      await t.database.db.execute(
        sql`update etudiants set nom = 'El Idrissi Alaoui', cin_etudiant = ${`BK${student.etudiantId}`} where id = ${student.etudiantId}`,
      );
      return { ...student, id: created.json().data.id as number, token };
    };

    it("says when the request's name or CIN differs from the record", async () => {
      const student = await correctedRecord();
      const detail = (await secretary.get(`/api/gestion/demandes/${student.id}`)).json();
      expect(detail.nom).toBe("El Idrissi");
      expect(detail.dossier).toEqual({ nom: "Hamza El Idrissi Alaoui", cin: `BK${student.etudiantId}` });
      expect(CERTIFICATE_STAFF_TEXT.recordName(detail.dossier.nom)).toBe("Nom au dossier : Hamza El Idrissi Alaoui");

      const same = await createStudent(t.database.db, { centre: "Ain Sebaa", acceptedPolicy: true });
      const sameId = (
        await ask(await createAccessToken(t.database.db, same.userId), { type: "scolaire", langues: ["Français"] })
      ).json().data.id;
      expect((await secretary.get(`/api/gestion/demandes/${sameId}`)).json().dossier).toBeNull();
    });

    it("re-issues a revoked attestation with the record's data and a new number, the old one staying revoked", async () => {
      const student = await correctedRecord();
      const old = await issue(student.id);
      const url = `/api/gestion/demandes/${student.id}/reemettre`;
      // Only a revoked attestation is issued again.
      const early = await direction.post(url);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(CERTIFICATE_STAFF_TEXT.reissueNotRevoked);
      expect(
        (await direction.post(`/api/gestion/demandes/${student.id}/revoquer`, { motif: "Nom mal orthographié" }))
          .statusCode,
      ).toBe(200);
      // The direction's: the secretariat may not, nor a student.
      expect((await secretary.post(url)).statusCode).toBe(403);
      expect((await t.app.inject({ method: "POST", url, headers: bearer(student.token) })).statusCode).toBe(401);

      const send = () =>
        t.app.inject({
          method: "POST",
          url,
          cookies: direction.cookies,
          headers: { ...direction.csrfHeaders, "idempotency-key": `reissue-${student.id}` },
        });
      const reissued = await send();
      expect(reissued.statusCode).toBe(201);
      const fresh = reissued.json();
      expect(fresh.id).not.toBe(student.id);
      expect(fresh).toMatchObject({
        nom: "El Idrissi Alaoui",
        prenom: "Hamza",
        cin: `BK${student.etudiantId}`,
        status: "Disponible",
        reemise_de: student.id,
        dossier: null,
        annee: "2026-2027",
      });
      expect(fresh.document.numero).not.toBe(old.numero);
      // The same key again: the same answer, no second attestation.
      const replay = await send();
      expect(replay.statusCode).toBe(201);
      expect(replay.json().id).toBe(fresh.id);
      const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(
        t,
        sql`select count(*)::int as n from certificate_requests where reemise_de = ${student.id}`,
      );
      expect(n).toBe(1);

      const again = await direction.post(url);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(CERTIFICATE_STAFF_TEXT.reissueAlready(fresh.id));
      expect((await direction.get(`/api/gestion/demandes/${student.id}`)).json().reemise).toBe(fresh.id);

      expect((await verify(old.code)).json().status).toBe("revoquee");
      const newCode = fresh.document.verification_url.split("/").pop();
      expect((await verify(newCode)).json()).toMatchObject({
        status: "valide",
        numero: fresh.document.numero,
        titulaire: "Hamza El Idrissi Alaoui",
      });
      const text = await pdfText((await get(student.token, `/api/demandes/${fresh.id}/document`)).rawPayload);
      expect(text).toContain("Hamza El Idrissi Alaoui");
      expect(text).toContain(`BK${student.etudiantId}`);

      const journal = await queryRows<{ summary: string }>(
        t,
        sql`select summary from audit_log where entity = 'demandes' and action = 'reemission' and entity_id = ${String(fresh.id)}`,
      );
      expect(journal).toHaveLength(1);
      expect(journal[0]?.summary).toContain(old.numero);
    });
  });
});
