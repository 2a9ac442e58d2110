import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, queryRows, solveCaptcha, type TestApp } from "../support/app.ts";
import { createMailServer, type MailServer, waitFor } from "../support/mail-server.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";

const ACADEMY = "contact@academie.example";
const FROM = "Académie Puerta <no-reply@academie.example>";

describe("contact inbox (/api/gestion/messages)", () => {
  let t: TestApp;
  let smtp: MailServer;
  let secretariat: StaffBrowser;
  let direction: StaffBrowser;
  let pedagogie: StaffBrowser;
  let ip = 0;

  /** A parent writes through the public form, as on the site. */
  async function parentWrites(fields: Partial<Record<"nom" | "email" | "telephone" | "sujet" | "message", string>>) {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      remoteAddress: `198.51.100.${++ip}`,
      payload: {
        nom: "Salma Bennani",
        email: "salma.parent@example.com",
        telephone: "+212 6 12 34 56 78",
        sujet: "Inscription Selectividad",
        message: "Bonjour,\nquelles sont les dates de la prochaine session ?",
        ...fields,
        recaptcha_token: await solveCaptcha(t.app),
      },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await queryRows<{ id: number }>(t, sql`select id from contact_messages order by id desc limit 1`);
    if (!row) throw new Error("no message stored");
    return Number(row.id);
  }

  beforeAll(async () => {
    smtp = await createMailServer();
    await smtp.start();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, CONTACT_EMAIL: ACADEMY, MAIL_FROM: FROM } });
    secretariat = (await signInNewStaff(t, "secretariat", { name: "Salma Tazi", centres: ["Ain Sebaa"] })).browser;
    direction = (await signInNewStaff(t, "direction")).browser;
    pedagogie = (await signInNewStaff(t, "pedagogie")).browser;
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it("refuses the pedagogie (403) and anonymous callers (401)", async () => {
    const id = await parentWrites({});
    for (const url of ["/api/gestion/messages", `/api/gestion/messages/${id}`, "/api/gestion/messages/export.csv"]) {
      const refused = await pedagogie.get(url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("Vous n'avez pas les droits nécessaires pour cette action.");
    }
    expect((await pedagogie.post(`/api/gestion/messages/${id}/reponse`, { message: "Bonjour" })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/gestion/messages" })).statusCode).toBe(401);
  });

  it("lists messages as Nouveau, filters and searches them, newest first", async () => {
    const id = await parentWrites({ nom: "Youssef Alaoui", sujet: "Horaires du centre Zenith" });
    const list = await secretariat.get("/api/gestion/messages?statut=nouveau&q=zenith");
    expect(list.statusCode).toBe(200);
    const page = list.json();
    expect(page).toMatchObject({ page: 1, per_page: 50, total: 1 });
    expect(page.data[0]).toMatchObject({
      id,
      nom: "Youssef Alaoui",
      sujet: "Horaires du centre Zenith",
      statut: "nouveau",
      lu: false,
      reponses: 0,
      extrait: "Bonjour, quelles sont les dates de la prochaine session ?",
    });
    const all = (await secretariat.get("/api/gestion/messages")).json();
    expect(all.data[0].id).toBe(id);
    expect((await secretariat.get("/api/gestion/messages?statut=perdu")).statusCode).toBe(422);
    expect((await secretariat.get("/api/gestion/messages?sort=-ip")).statusCode).toBe(422);
  });

  it("opening a message marks it read, once, in the journal", async () => {
    const id = await parentWrites({ nom: "Nadia Tazi" });
    const opened = await secretariat.get(`/api/gestion/messages/${id}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ id, nom: "Nadia Tazi", lu: true, statut: "nouveau", replies: [] });
    expect(opened.json().message).toBe("Bonjour,\nquelles sont les dates de la prochaine session ?");
    await secretariat.get(`/api/gestion/messages/${id}`);
    const entries = await queryRows<{ action: string }>(
      t,
      sql`select action from audit_log where entity = 'messages' and entity_id = ${String(id)}`,
    );
    expect(entries.map((e) => e.action)).toEqual(["lecture"]);
    expect((await secretariat.get("/api/gestion/messages/999999")).statusCode).toBe(404);
  });

  it("a reply leaves through the outbox, from the app's sender, and shows in the thread", async () => {
    const id = await parentWrites({
      nom: "Karim Idrissi",
      email: "karim.parent@example.com",
      sujet: "Frais\nde scolarité",
    });
    const answered = await secretariat.post(`/api/gestion/messages/${id}/reponse`, {
      message: "Bonjour Monsieur,\nles frais sont détaillés sur la page Selectividad.",
    });
    expect(answered.statusCode).toBe(201);
    const detail = answered.json();
    expect(detail).toMatchObject({ statut: "traite", handled_by: "Salma Tazi", lu: true });
    expect(detail.replies).toHaveLength(1);
    expect(detail.replies[0]).toMatchObject({
      staff_name: "Salma Tazi",
      subject: "Re : Frais de scolarité",
      body: "Bonjour Monsieur,\nles frais sont détaillés sur la page Selectividad.",
    });

    const [outbox] = await queryRows<{ to_address: string; reply_to: string; subject: string }>(
      t,
      sql`select to_address, reply_to, subject from mail_outbox where to_address = 'karim.parent@example.com'`,
    );
    expect(outbox).toEqual({
      to_address: "karim.parent@example.com",
      reply_to: ACADEMY,
      subject: "Re : Frais de scolarité",
    });

    const mail = await waitFor(() => smtp.to("karim.parent@example.com")[0], "the reply");
    expect(mail.email.subject).toBe("Re : Frais de scolarité");
    expect(mail.email.from?.address).toBe("no-reply@academie.example");
    expect(mail.email.replyTo?.[0]?.address).toBe(ACADEMY);
    expect(mail.email.text).toContain("les frais sont détaillés sur la page Selectividad.");
    expect(mail.email.text).toContain("> Bonjour,");

    // The thread shows the e-mail's state from the outbox, once the worker has recorded it sent.
    const thread = await waitFor(async () => {
      const shown = (await direction.get(`/api/gestion/messages/${id}`)).json();
      return shown.replies[0]?.envoi === "sent" ? shown : undefined;
    }, "the reply marked sent");
    expect(thread.replies).toHaveLength(1);
    const listed = (await secretariat.get("/api/gestion/messages?q=karim.parent")).json();
    expect(listed.data[0]).toMatchObject({ id, reponses: 1, statut: "traite" });

    const [entry] = await queryRows<{ action: string; staff_name: string; changes: unknown }>(
      t,
      sql`select action, staff_name, changes from audit_log where entity = 'messages' and entity_id = ${String(id)} and action = 'reponse'`,
    );
    expect(entry).toMatchObject({
      staff_name: "Salma Tazi",
      changes: { statut: { before: "nouveau", after: "traite" } },
    });
  });

  it("sends exactly the typed reply, greeting and signature included, and stores exactly it", async () => {
    const id = await parentWrites({ nom: "Leila Chraibi", email: "leila.parent@example.com" });
    const typed = "Bonjour Leila Chraibi,\n\nLa session commence le 6 avril.\n\nSalma Tazi\nSecrétariat — Puerta";
    const answered = await secretariat.post(`/api/gestion/messages/${id}/reponse`, {
      message: typed,
      marquer_traite: false,
    });
    expect(answered.statusCode).toBe(201);
    expect(answered.json()).toMatchObject({ statut: "nouveau", replies: [{ body: typed }] });
    const mail = await waitFor(() => smtp.to("leila.parent@example.com")[0], "the reply");
    const text = String(mail.email.text).replace(/\r\n/g, "\n");
    // What the secretary typed, then the quoted message: no second greeting, no second signature.
    expect(text.startsWith(`${typed}\n\nLe `)).toBe(true);
    expect(text.match(/Bonjour Leila/g)).toHaveLength(1);
    expect(text.match(/Salma Tazi/g)).toHaveLength(1);
    expect(text).not.toContain("Secrétariat de l'académie");
    expect(mail.email.html).toContain("Bonjour Leila Chraibi,\n\nLa session commence le 6 avril.");
    expect(String(mail.email.html).match(/Bonjour Leila/g)).toHaveLength(1);
  });

  it("an empty reply is a French 422 and writes nothing", async () => {
    const id = await parentWrites({});
    const before = await queryRows<{ n: number }>(t, sql`select count(*)::int as n from mail_outbox`);
    const empty = await secretariat.post(`/api/gestion/messages/${id}/reponse`, { message: "   " });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.message).toEqual(["Écrivez votre réponse."]);
    expect(await queryRows(t, sql`select count(*)::int as n from mail_outbox`)).toEqual(before);
    expect(await queryRows(t, sql`select id from contact_replies where message_id = ${id}`)).toEqual([]);
  });

  it("marks a message handled and back to new, each change journaled", async () => {
    const id = await parentWrites({ nom: "Imane Berrada" });
    const handled = await secretariat.patch(`/api/gestion/messages/${id}`, { statut: "traite" });
    expect(handled.statusCode).toBe(200);
    expect(handled.json()).toMatchObject({ statut: "traite", handled_by: "Salma Tazi" });
    const reopened = await direction.patch(`/api/gestion/messages/${id}`, { statut: "nouveau" });
    expect(reopened.json()).toMatchObject({ statut: "nouveau", handled_by: null, handled_at: null });
    expect((await secretariat.patch(`/api/gestion/messages/${id}`, { statut: "archive" })).statusCode).toBe(422);
    const entries = await queryRows<{ action: string; changes: { statut: { after: string } } }>(
      t,
      sql`select action, changes from audit_log where entity = 'messages' and entity_id = ${String(id)} and action = 'modification' order by id`,
    );
    expect(entries.map((e) => e.changes.statut.after)).toEqual(["traite", "nouveau"]);
  });

  it("counts the unhandled messages on the dashboard", async () => {
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from contact_messages where handled_at is null`,
    );
    const dashboard = (await secretariat.get("/api/gestion/tableau-de-bord")).json();
    expect(dashboard.counters).toContainEqual({
      key: "messages",
      label: "Messages non traités",
      value: n,
      href: "/gestion/messages?statut=nouveau",
    });
    const forPedagogie = (await pedagogie.get("/api/gestion/tableau-de-bord")).json();
    expect(forPedagogie.counters.map((c: { key: string }) => c.key)).not.toContain("messages");
  });

  it("exports the list as CSV where a parent's formula stays text, and journals the export", async () => {
    await parentWrites({ nom: '=HYPERLINK("http://evil.example";"x")', sujet: "+33 rappel", message: "@SUM(A1:A2)" });
    const response = await secretariat.get("/api/gestion/messages/export.csv?q=evil");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /attachment; filename="messages-contact-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("N°;Reçu le;Nom;E-mail;Téléphone;Sujet;Message;Statut;Lu;Réponses");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"";""x"")"`);
    expect(lines[1]).toContain(";'+33 rappel;'@SUM(A1:A2);Nouveau;Non;0");
    const [entry] = await queryRows<{ summary: string }>(
      t,
      sql`select summary from audit_log where entity = 'messages' and action = 'export' order by id desc limit 1`,
    );
    expect(entry?.summary).toBe("Export des messages de contact (1 ligne).");
  });
});
