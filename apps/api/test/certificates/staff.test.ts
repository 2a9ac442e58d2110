import { sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, queryRows, type TestApp } from "../support/app.ts";
import { type CreatedStudent, createAccessToken, createStudent } from "../support/factories.ts";
import { createMailServer, type MailServer, waitFor } from "../support/mail-server.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";

const PUBLIC_URL = "https://portail.puerta.example";

/** The certificate office (docs/spec/back-office.md section 6): inbox, status machine, attestation, verification. */
describe("certificate requests handled by the office", () => {
  let t: TestApp;
  let smtp: MailServer;
  let direction: StaffBrowser;
  let secretary: StaffBrowser; // Ain Sebaa only
  let ainSebaa: CreatedStudent;
  let zenith: CreatedStudent;
  let ainSebaaToken: string;
  let zenithToken: string;

  beforeAll(async () => {
    smtp = await createMailServer();
    await smtp.start();
    t = await createTestApp({ env: { PUBLIC_URL, SMTP_URL: smtp.url } });
    direction = (await signInNewStaff(t, "direction", { name: "Nadia Berrada" })).browser;
    secretary = (await signInNewStaff(t, "secretariat", { centres: ["Ain Sebaa"] })).browser;
    ainSebaa = await createStudent(t.database.db, {
      nom: "El Amrani",
      prenom: "Salmà",
      centre: "Ain Sebaa",
      option: "Selectividad Santé",
      acceptedPolicy: true,
    });
    zenith = await createStudent(t.database.db, {
      nom: "بنعلي",
      prenom: "Yassine",
      centre: "Zenith",
      option: "Selectividad Ingénierie",
      acceptedPolicy: true,
    });
    ainSebaaToken = await createAccessToken(t.database.db, ainSebaa.userId);
    zenithToken = await createAccessToken(t.database.db, zenith.userId);
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const ask = async (token: string, payload: object) => {
    const response = await t.app.inject({ method: "POST", url: "/api/demandes", headers: bearer(token), payload });
    expect(response.statusCode).toBe(201);
    return response.json().data.id as number;
  };
  const studentList = async (token: string) =>
    (await t.app.inject({ method: "GET", url: "/api/demandes", headers: bearer(token) })).json().data as {
      id: number;
      status: string;
      motif?: string | null;
      document?: { numero: string; verification_url: string };
      revocation?: { revoquee_le: string; motif: string };
    }[];
  /** The `count`-th e-mail the student received through the outbox (real SMTP). */
  const mailTo = async (email: string, count: number) => {
    const received = await waitFor(
      () => (smtp.to(email).length >= count ? smtp.to(email) : undefined),
      `${count} e-mails to ${email}`,
    );
    const last = received[count - 1];
    return { subject: last?.email.subject, text: last?.email.text ?? "" };
  };
  const queuedTo = async (email: string) =>
    (await queryRows(t, sql`select 1 from mail_outbox where to_address = ${email}`)).length;
  const notificationsOf = (etudiantId: number) =>
    queryRows<{ titre: string; message: string; type_destinataire: string; etudiant_ids: number[] }>(
      t,
      sql`select titre, message, type_destinataire, etudiant_ids from notifications where ${etudiantId} = any(etudiant_ids) order by id`,
    );
  const pdfText = async (body: Buffer) => {
    const pdf = await getDocumentProxy(new Uint8Array(body));
    const { text } = await extractText(pdf, { mergePages: true });
    return { pages: pdf.numPages, text: text as string };
  };

  it("lists the requests oldest pending first, filtered, and only the secretary's centres for her", async () => {
    const first = await ask(ainSebaaToken, { type: "scolaire", langues: ["Français", "Español"] });
    const second = await ask(zenithToken, { type: "langue", niveau: "B2" });
    const all = await direction.get("/api/gestion/demandes");
    expect(all.statusCode).toBe(200);
    const page = all.json();
    expect(page).toMatchObject({ page: 1, per_page: 50 });
    const ids = page.data.map((r: { id: number }) => r.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(page.data.find((r: { id: number }) => r.id === first)).toMatchObject({
      nom: "El Amrani",
      prenom: "Salmà",
      centre: "Ain Sebaa",
      status: "En Cours",
      langues: ["Español", "Français"],
      document: null,
    });

    const mine = (await secretary.get("/api/gestion/demandes")).json();
    expect(mine.data.map((r: { centre: string }) => r.centre)).not.toContain("Zenith");
    expect(mine.data.map((r: { id: number }) => r.id)).toContain(first);

    const b2 = (await direction.get("/api/gestion/demandes?type=langue&niveau=B2&status=En%20Cours")).json();
    expect(b2.data.map((r: { id: number }) => r.id)).toEqual([second]);
    const today = new Date().toISOString().slice(0, 10);
    const dated = (await direction.get(`/api/gestion/demandes?du=2000-01-01&au=2099-12-31`)).json();
    expect(dated.total).toBeGreaterThanOrEqual(2);
    const future = (await direction.get(`/api/gestion/demandes?du=2099-01-01`)).json();
    expect(future.total).toBe(0);
    expect(today).toMatch(/^\d{4}/);
    const bad = await direction.get("/api/gestion/demandes?status=Peut-etre&du=hier");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status[0]).toBe("Le statut doit être « Disponible » ou « Refuser ».");
  });

  it("answers 404 to a secretary for another centre's request, on reading and on every write", async () => {
    const id = await ask(zenithToken, { type: "scolaire", langues: ["Español"] });
    expect((await secretary.get(`/api/gestion/demandes/${id}`)).statusCode).toBe(404);
    expect((await secretary.patch(`/api/gestion/demandes/${id}`, { status: "Disponible" })).statusCode).toBe(404);
    expect((await secretary.get(`/api/gestion/demandes/${id}/document`)).statusCode).toBe(404);
    expect((await direction.get(`/api/gestion/demandes/${id}`)).json().status).toBe("En Cours");
  });

  it("refuses only with a reason, which the student sees, by a notification to them alone and an e-mail", async () => {
    const id = await ask(ainSebaaToken, { type: "langue", niveau: "B1" });
    const noReason = await secretary.patch(`/api/gestion/demandes/${id}`, { status: "Refuser" });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.motif[0]).toBe("Indiquez le motif du refus : il sera montré à l'étudiant.");
    const blank = await secretary.patch(`/api/gestion/demandes/${id}`, { status: "Refuser", motif: "   " });
    expect(blank.statusCode).toBe(422);
    expect((await direction.get(`/api/gestion/demandes/${id}`)).json().status).toBe("En Cours");

    const refused = await secretary.patch(`/api/gestion/demandes/${id}`, {
      status: "Refuser",
      motif: "Le niveau B1 n'est pas encore validé.",
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ status: "Refuser", motif: "Le niveau B1 n'est pas encore validé." });
    expect(refused.json().history).toEqual([
      expect.objectContaining({
        from_status: "En Cours",
        to_status: "Refuser",
        motif: "Le niveau B1 n'est pas encore validé.",
        staff_name: expect.any(String),
      }),
    ]);
    const seen = (await studentList(ainSebaaToken)).find((r) => r.id === id);
    expect(seen).toMatchObject({ status: "Refuser", motif: "Le niveau B1 n'est pas encore validé." });
    expect(seen?.document).toBeUndefined();

    const notes = await notificationsOf(ainSebaa.etudiantId);
    expect(notes.at(-1)).toMatchObject({
      titre: "Demande d'attestation refusée",
      type_destinataire: "etudiant_specifique",
      etudiant_ids: [ainSebaa.etudiantId],
    });
    expect(notes.at(-1)?.message).toContain("Le niveau B1 n'est pas encore validé.");
    // The student's notification list shows it; the other student's does not.
    const theirs = await t.app.inject({ method: "GET", url: "/api/notifications", headers: bearer(ainSebaaToken) });
    expect(theirs.body).toContain("Demande d'attestation refusée");
    const others = await t.app.inject({ method: "GET", url: "/api/notifications", headers: bearer(zenithToken) });
    expect(others.body).not.toContain("Demande d'attestation refusée");

    const refusal = await mailTo(ainSebaa.email, await queuedTo(ainSebaa.email));
    expect(refusal.subject).toBe("Votre demande d'attestation a été refusée");
    expect(refusal.text).toContain("Motif : Le niveau B1 n'est pas encore validé.");

    const again = await secretary.patch(`/api/gestion/demandes/${id}`, { status: "Disponible" });
    expect(again.statusCode).toBe(409);
    const audits = await queryRows<{ action: string; entity: string }>(
      t,
      sql`select action, entity from audit_log where entity = 'demandes' and entity_id = ${String(id)}`,
    );
    expect(audits).toEqual([{ action: "refus", entity: "demandes" }]);
  });

  it("makes a request available: one number, a PDF with the number and the verification address, announced", async () => {
    const id = await ask(ainSebaaToken, { type: "scolaire", langues: ["Español"] });
    const made = await secretary.patch(`/api/gestion/demandes/${id}`, { status: "Disponible", motif: null });
    expect(made.statusCode).toBe(200);
    const body = made.json();
    expect(body.status).toBe("Disponible");
    expect(body.document.numero).toMatch(/^PUE-\d{4}-\d{6}$/);
    expect(body.document.verification_url).toMatch(new RegExp(`^${PUBLIC_URL}/verifier/[A-Z2-7]{26}$`));
    expect(body.history.at(-1)).toMatchObject({ from_status: "En Cours", to_status: "Disponible" });

    const staffPdf = await secretary.get(`/api/gestion/demandes/${id}/document`);
    expect(staffPdf.statusCode).toBe(200);
    expect(staffPdf.headers["content-type"]).toBe("application/pdf");
    expect(staffPdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const { pages, text } = await pdfText(staffPdf.rawPayload);
    expect(pages).toBe(1);
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain(body.document.numero);
    expect(flat).toContain(body.document.verification_url);
    expect(flat).toContain("Attestation de scolarité");
    expect(flat).toContain("Salmà El Amrani");
    expect(flat).toContain("Ain Sebaa");
    expect(flat).toContain("Selectividad Santé");
    expect(flat).toMatch(/Langues\s*Español/);
    expect(flat).toContain("Puerta");

    const listed = (await studentList(ainSebaaToken)).find((r) => r.id === id);
    expect(listed).toMatchObject({
      status: "Disponible",
      document: body.document && { numero: body.document.numero, verification_url: body.document.verification_url },
    });
    const own = await t.app.inject({
      method: "GET",
      url: `/api/demandes/${id}/document`,
      headers: bearer(ainSebaaToken),
    });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(staffPdf.rawPayload)).toBe(true);
    expect(own.headers["content-disposition"]).toContain(`attestation-${body.document.numero}.pdf`);
    // Another student's request does not exist for them.
    const stranger = await t.app.inject({
      method: "GET",
      url: `/api/demandes/${id}/document`,
      headers: bearer(zenithToken),
    });
    expect(stranger.statusCode).toBe(404);

    const ready = await mailTo(ainSebaa.email, await queuedTo(ainSebaa.email));
    expect(ready.subject).toBe("Votre attestation est disponible");
    expect(ready.text).toContain(`${PUBLIC_URL}/demande-attestation`);
    expect((await notificationsOf(ainSebaa.etudiantId)).at(-1)?.titre).toBe("Votre attestation est disponible");

    // No way back from Disponible but revocation.
    const back = await direction.patch(`/api/gestion/demandes/${id}`, { status: "Refuser", motif: "Erreur" });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toContain("ne peut plus changer");
  });

  it("gives one number to a request made available by 20 concurrent calls", async () => {
    const id = await ask(ainSebaaToken, { type: "langue", niveau: "B2" });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => direction.patch(`/api/gestion/demandes/${id}`, { status: "Disponible" })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    const documents = await queryRows<{ numero: string }>(
      t,
      sql`select numero from certificate_documents where request_id = ${id}`,
    );
    expect(documents).toHaveLength(1);
    const events = await queryRows(t, sql`select 1 from certificate_request_events where request_id = ${id}`);
    expect(events).toHaveLength(1);
    const all = await queryRows<{ numero: string }>(t, sql`select numero from certificate_documents`);
    expect(new Set(all.map((r) => r.numero)).size).toBe(all.length);
    const pdf = await direction.get(`/api/gestion/demandes/${id}/document`);
    expect((await pdfText(pdf.rawPayload)).text).toContain("Certificat de niveau B2");
  });

  it("prints an Arabic-script name and the signatory the direction chose", async () => {
    const changed = await direction.patch("/api/gestion/demandes/signataire", {
      name: "Nadia Berrada",
      title: "Directrice pédagogique",
    });
    expect(changed.statusCode).toBe(200);
    expect((await secretary.get("/api/gestion/demandes/signataire")).json()).toEqual({
      name: "Nadia Berrada",
      title: "Directrice pédagogique",
    });
    expect((await secretary.patch("/api/gestion/demandes/signataire", { name: "X", title: "Y" })).statusCode).toBe(403);
    const empty = await direction.patch("/api/gestion/demandes/signataire", { name: "", title: "" });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.name[0]).toBe("Indiquez le nom du signataire.");

    const id = await ask(zenithToken, { type: "langue", niveau: "B1" });
    const made = await direction.patch(`/api/gestion/demandes/${id}`, { status: "Disponible" });
    expect(made.statusCode).toBe(200);
    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/demandes/${id}/document`,
      headers: bearer(zenithToken),
    });
    expect(pdf.statusCode).toBe(200);
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain("Nadia Berrada");
    expect(text).toContain("Directrice pédagogique");
    expect(text).toContain("Yassine");
    expect(text).toMatch(/[\u0600-\u06ff\ufe70-\ufeff]/);
  });

  it("verifies a code publicly: valid, revoked by the direction with a reason, or unknown", async () => {
    const id = await ask(ainSebaaToken, { type: "scolaire", langues: ["Français"] });
    const doc = (await secretary.patch(`/api/gestion/demandes/${id}`, { status: "Disponible" })).json().document;
    const code = doc.verification_url.split("/").pop();
    const valid = await t.app.inject({ method: "GET", url: `/api/attestations/${code}` });
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({
      status: "valide",
      type: "scolaire",
      titre: "Attestation de scolarité",
      titulaire: "Salmà El Amrani",
      date_emission: expect.any(String),
      numero: doc.numero,
      annee: expect.stringMatching(/^\d{4}-\d{4}$/),
    });
    expect(valid.body).not.toContain(`T${ainSebaa.userId}`); // no CIN
    expect(valid.body).not.toContain(ainSebaa.email);

    const unknown = await t.app.inject({ method: "GET", url: `/api/attestations/${"A".repeat(26)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: "inconnu", message: "Code inconnu." });
    expect((await t.app.inject({ method: "GET", url: "/api/attestations/pas-un-code" })).statusCode).toBe(404);

    expect((await secretary.post(`/api/gestion/demandes/${id}/revoquer`, { motif: "Erreur" })).statusCode).toBe(403);
    expect((await direction.post(`/api/gestion/demandes/${id}/revoquer`, { motif: "" })).statusCode).toBe(422);
    const revoked = await direction.post(`/api/gestion/demandes/${id}/revoquer`, { motif: "Inscription annulée" });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().document.revoked_reason).toBe("Inscription annulée");
    expect(revoked.json().status).toBe("Refuser");
    const after = await t.app.inject({ method: "GET", url: `/api/attestations/${code.toLowerCase()}` });
    expect(after.json()).toEqual({ status: "revoquee", revoquee_le: expect.any(String) });
    const student = (await studentList(ainSebaaToken)).find((r) => r.id === id);
    expect(student?.document).toBeUndefined();
    expect(student?.motif).toContain("Inscription annulée");
    // The student is told it was revoked, when and why (not a second refusal).
    expect(student?.revocation).toEqual({ revoquee_le: expect.any(String), motif: "Inscription annulée" });
    const told = await mailTo(ainSebaa.email, await queuedTo(ainSebaa.email));
    expect(told.subject).toBe("Votre attestation a été révoquée");
    expect(told.text).toContain("Motif : Inscription annulée");
    expect(told.text).not.toContain("refusée");
    const [notice] = await queryRows<{ titre: string; message: string }>(
      t,
      sql`select titre, message from notifications order by id desc limit 1`,
    );
    expect(notice?.titre).toBe("Attestation révoquée");
    expect(notice?.message).toContain("révoquée par la direction. Motif : Inscription annulée");
    const download = await t.app.inject({
      method: "GET",
      url: `/api/demandes/${id}/document`,
      headers: bearer(ainSebaaToken),
    });
    expect(download.statusCode).toBe(404);
    expect((await direction.post(`/api/gestion/demandes/${id}/revoquer`, { motif: "Encore" })).statusCode).toBe(409);
    const audits = await queryRows<{ action: string }>(
      t,
      sql`select action from audit_log where entity = 'demandes' and entity_id = ${String(id)} order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual(["mise_a_disposition", "revocation"]);
  });

  it("limits verifications per address, with a French 429 and retry_after", async () => {
    const from = { remoteAddress: "203.0.113.9" };
    let last = await t.app.inject({ method: "GET", url: `/api/attestations/${"B".repeat(26)}`, ...from });
    for (let i = 1; i < 61 && last.statusCode !== 429; i++) {
      last = await t.app.inject({ method: "GET", url: `/api/attestations/${"B".repeat(26)}`, ...from });
    }
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toBe("Trop de vérifications depuis votre adresse. Veuillez réessayer plus tard.");
    expect(last.json().retry_after).toBeGreaterThan(0);
    expect(last.headers["retry-after"]).toBe(String(last.json().retry_after));
    // Another address is not held back.
    const other = await t.app.inject({
      method: "GET",
      url: `/api/attestations/${"B".repeat(26)}`,
      remoteAddress: "203.0.113.10",
    });
    expect(other.statusCode).toBe(404);
  });

  it("exports the list as CSV and counts pending requests on the dashboard", async () => {
    const csv = await secretary.get("/api/gestion/demandes/export.csv?status=En%20Cours");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.startsWith("\uFEFFN° demande;Date;")).toBe(true);
    expect(csv.body).not.toContain("Zenith");
    // The year each attestation is about, beside its type (docs/spec/school-year-and-data.md section 3).
    const [header, ...lines] = csv.body.replace("\uFEFF", "").trim().split("\r\n");
    const columns = (header ?? "").split(";");
    expect(columns.slice(columns.indexOf("Option") + 1, columns.indexOf("Option") + 3)).toEqual(["Année", "Type"]);
    const pendingRows = (await secretary.get("/api/gestion/demandes?status=En%20Cours&per_page=100")).json().data as {
      annee: string | null;
    }[];
    expect(lines.map((line) => line.split(";")[columns.indexOf("Année")])).toEqual(
      pendingRows.map((row) => row.annee ?? ""),
    );
    const board = (await secretary.get("/api/gestion/tableau-de-bord")).json();
    const counter = board.counters.find((k: { key: string }) => k.key === "demandes");
    expect(counter).toMatchObject({ label: "Demandes en attente", href: "/gestion/demandes?status=En+Cours" });
    const pending = (await secretary.get("/api/gestion/demandes?status=En%20Cours")).json().total;
    expect(counter.value).toBe(pending);
  });
});
