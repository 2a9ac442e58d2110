import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audit } from "../../src/modules/audit/service.ts";
import { createTestApp, queryRows, type TestApp } from "../support/app.ts";
import { FACTORY_PASSWORD, uniqueEmail } from "../support/factories.ts";
import { createMailServer, type MailServer, waitFor } from "../support/mail-server.ts";
import { type StaffBrowser, signInNewStaff, signInStaff, staffBrowser } from "../support/staff-browser.ts";
import { createStaffMember } from "../support/staff-factories.ts";

describe("staff accounts: invitation, activation, deactivation, roles", () => {
  let t: TestApp;
  let smtp: MailServer;
  let direction: StaffBrowser;
  beforeAll(async () => {
    smtp = await createMailServer();
    await smtp.start();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: "https://portail.puerta.example" } });
    // Never changed by a test: each one that changes an account makes its own.
    direction = (await signInNewStaff(t, "direction")).browser;
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  async function invitationLink(email: string, index = 0) {
    const mail = await waitFor(() => smtp.to(email)[index], `invitation to ${email}`);
    const link = /https:\/\/portail\.puerta\.example\/gestion\/activer\?token=[A-Za-z0-9]+/.exec(
      mail.email.text ?? "",
    )?.[0];
    if (!link) throw new Error(`no link in ${mail.email.text}`);
    return { mail, token: new URL(link).searchParams.get("token") ?? "" };
  }

  const activate = async (token: string, password = "Salle-Des-Profs-2025") =>
    (await staffBrowser(t)).post("/api/activation", { token, password, password_confirmation: password });

  it("invites a secretary by e-mail; she activates once, enrols and sees her centres", async () => {
    const created = await direction.post("/api/gestion/comptes", {
      name: "Leïla Benjelloun",
      email: "Leila.Benjelloun@Example.com",
      role: "secretariat",
      centre_ids: [3, 1],
    });
    expect(created.statusCode).toBe(201);
    const account = created.json();
    expect(account).toMatchObject({
      name: "Leïla Benjelloun",
      email: "leila.benjelloun@example.com",
      role: "secretariat",
      centre_ids: [1, 3],
      statut: "invitation_envoyee",
      totp_enrolled: false,
      last_login_at: null,
    });

    const { mail, token } = await invitationLink("leila.benjelloun@example.com");
    expect(mail.email.subject).toBe("Votre accès à l'espace de gestion Puerta");
    expect(mail.email.text).toContain("Secrétariat");
    // The centres the account covers, by name.
    expect(mail.email.text).toContain("pour les centres Ain Sebaa et Zenith.");
    const stored = await queryRows<{ token_hash: string }>(t, sql`select token_hash from staff_invitations`);
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    const check = await t.app.inject({ method: "GET", url: `/api/activation?token=${token}` });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ kind: "staff", name: "Leïla Benjelloun", email: "leila.benjelloun@example.com" });

    const mismatch = await (await staffBrowser(t)).post("/api/activation", {
      token,
      password: "Salle-Des-Profs-2025",
      password_confirmation: "autre",
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual(["Les mots de passe ne correspondent pas"]);

    const done = await activate(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ kind: "staff", next: "/gestion/connexion" });

    const again = await activate(token);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: "Ce lien d'activation n'est plus valide." });
    const recheck = await t.app.inject({ method: "GET", url: `/api/activation?token=${token}` });
    expect(recheck.statusCode).toBe(404);

    const { user } = await signInStaff(t, "leila.benjelloun@example.com", "Salle-Des-Profs-2025");
    expect(user).toMatchObject({ role: "secretariat", centre_ids: [1, 3] });
    const listed = await direction.get("/api/gestion/comptes?q=benjelloun");
    expect(listed.json().data[0]).toMatchObject({ statut: "actif", totp_enrolled: true });
    expect(listed.json().data[0].last_login_at).not.toBeNull();
  });

  it("refuses an expired invitation link", async () => {
    const created = await direction.post("/api/gestion/comptes", {
      name: "Omar Fassi",
      email: "omar.fassi@example.com",
      role: "pedagogie",
      centre_ids: [2],
    });
    expect(created.json()).toMatchObject({ role: "pedagogie", centre_ids: [] });
    const { token } = await invitationLink("omar.fassi@example.com");
    await queryRows(
      t,
      sql`update staff_invitations set expires_at = now() - interval '1 second'
          where used_at is null and staff_id = ${created.json().id}`,
    );
    expect((await t.app.inject({ method: "GET", url: `/api/activation?token=${token}` })).statusCode).toBe(404);
    expect((await activate(token)).statusCode).toBe(404);

    // "Renvoyer l'invitation" sends a new link; only that one works.
    const resent = await direction.post(`/api/gestion/comptes/${created.json().id}/invitation`);
    expect(resent.statusCode).toBe(200);
    const fresh = await invitationLink("omar.fassi@example.com", 1);
    expect((await activate(fresh.token)).statusCode).toBe(200);
    const already = await direction.post(`/api/gestion/comptes/${created.json().id}/invitation`);
    expect(already.statusCode).toBe(422);
    expect(already.json().message).toBe("Ce compte est déjà activé : l'invitation ne peut plus être renvoyée.");
  });

  it("refuses a taken e-mail, a secretary without centres and an unknown centre, in French by field", async () => {
    const existing = uniqueEmail("doublon");
    await createStaffMember(t.database.db, {
      name: "Existant",
      email: existing,
      role: "pedagogie",
      password: FACTORY_PASSWORD,
    });
    const taken = await direction.post("/api/gestion/comptes", {
      name: "Doublon",
      email: existing.toUpperCase(),
      role: "pedagogie",
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({
      email: ["Cette adresse e-mail est déjà utilisée par un compte du personnel."],
    });
    const noCentre = await direction.post("/api/gestion/comptes", {
      name: "Sans centre",
      email: "sans.centre@example.com",
      role: "secretariat",
      centre_ids: [],
    });
    expect(noCentre.statusCode).toBe(422);
    expect(noCentre.json().errors).toEqual({ centre_ids: ["Choisissez au moins un centre pour le secrétariat."] });
    const unknown = await direction.post("/api/gestion/comptes", {
      name: "Centre inconnu",
      email: "centre.inconnu@example.com",
      role: "secretariat",
      centre_ids: [999],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ centre_ids: ["Ce centre n'existe pas."] });
    const count = await queryRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from staff_users where email like 'centre%' or email like 'sans%'`,
    );
    expect(count[0]?.n).toBe(0);
  });

  it("revokes the sessions of an account that is deactivated, then refuses its sign-in; reactivation lets it in", async () => {
    const { browser: pedagogie, user, email } = await signInNewStaff(t, "pedagogie");
    const off = await direction.post(`/api/gestion/comptes/${user.id}/desactiver`);
    expect(off.statusCode).toBe(200);
    expect(off.json().statut).toBe("desactive");
    expect((await pedagogie.get("/api/gestion/me")).statusCode).toBe(401);
    const refused = await (await staffBrowser(t)).login(email, FACTORY_PASSWORD);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: "Identifiants invalides" });

    const on = await direction.post(`/api/gestion/comptes/${user.id}/reactiver`);
    expect(on.json().statut).toBe("actif");
    expect((await (await staffBrowser(t)).login(email, FACTORY_PASSWORD)).statusCode).toBe(200);
  });

  it("revokes the sessions of an account whose role or centres change", async () => {
    const {
      browser: secretary,
      user,
      email,
    } = await signInNewStaff(t, "secretariat", { name: "Salma Tazi", centreIds: [1] });
    const renamed = await direction.patch(`/api/gestion/comptes/${user.id}`, { name: "Salma Tazi-Idrissi" });
    expect(renamed.statusCode).toBe(200);
    expect((await secretary.get("/api/gestion/me")).statusCode).toBe(200);

    const moved = await direction.patch(`/api/gestion/comptes/${user.id}`, { centre_ids: [1, 2] });
    expect(moved.json().centre_ids).toEqual([1, 2]);
    expect((await secretary.get("/api/gestion/me")).statusCode).toBe(401);

    const again = (await signInStaff(t, email, FACTORY_PASSWORD)).browser;
    expect((await again.get("/api/gestion/me")).json().user.centre_ids).toEqual([1, 2]);
    const promoted = await direction.patch(`/api/gestion/comptes/${user.id}`, { role: "pedagogie" });
    expect(promoted.json()).toMatchObject({ role: "pedagogie", centre_ids: [] });
    expect((await again.get("/api/gestion/me")).statusCode).toBe(401);

    const entries = await direction.get(`/api/gestion/journal?entity=comptes&action=modification&per_page=200`);
    const changes = entries.json().data.map((e: { changes: unknown }) => e.changes);
    expect(changes).toContainEqual({ centre_ids: { before: [1], after: [1, 2] } });
    expect(changes).toContainEqual({ name: { before: "Salma Tazi", after: "Salma Tazi-Idrissi" } });
  });

  it("resets a second factor: sessions end, the next sign-in enrols again", async () => {
    const { browser: pedagogie, user, email } = await signInNewStaff(t, "pedagogie");
    const reset = await direction.post(`/api/gestion/comptes/${user.id}/reinitialiser-2fa`);
    expect(reset.json().totp_enrolled).toBe(false);
    expect((await pedagogie.get("/api/gestion/me")).statusCode).toBe(401);
    const first = await (await staffBrowser(t)).login(email, FACTORY_PASSWORD);
    expect(first.json().step).toBe("enrol");
    const enrolled = await signInStaff(t, email, FACTORY_PASSWORD);
    expect(enrolled.recoveryCodes).toHaveLength(10);
  });

  it("keeps a direction from deactivating herself or giving up her own role (403, French)", async () => {
    const me = (await direction.get("/api/gestion/me")).json().user;
    const off = await direction.post(`/api/gestion/comptes/${me.id}/desactiver`);
    expect(off.statusCode).toBe(403);
    expect(off.json()).toEqual({ message: "Vous ne pouvez pas désactiver votre propre compte." });
    const demote = await direction.patch(`/api/gestion/comptes/${me.id}`, { role: "pedagogie" });
    expect(demote.statusCode).toBe(403);
    expect(demote.json()).toEqual({ message: "Vous ne pouvez pas retirer votre propre rôle de direction." });
    expect((await direction.get("/api/gestion/me")).json().user.role).toBe("direction");
  });

  it("lists with search, filters, sort and pages; unknown ids answer 404", async () => {
    // Three accounts of this test's own, found by the word their names share.
    const word = `Liste${Date.now().toString(36)}`;
    const emails: string[] = [];
    for (const role of ["secretariat", "pedagogie", "secretariat"] as const) {
      const email = uniqueEmail("liste");
      await createStaffMember(t.database.db, {
        name: `${word} ${role}`,
        email,
        role,
        centreIds: role === "secretariat" ? [1] : [],
        password: FACTORY_PASSWORD,
      });
      emails.push(email);
    }
    const page = await direction.get(`/api/gestion/comptes?q=${word}&per_page=2&page=1&sort=-email`);
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({ page: 1, per_page: 2, total: 3 });
    expect(body.data.map((a: { email: string }) => a.email)).toEqual([...emails].sort().reverse().slice(0, 2));
    const secretaries = await direction.get(`/api/gestion/comptes?q=${word}&role=secretariat`);
    expect(secretaries.json().total).toBe(2);
    for (const account of secretaries.json().data) expect(account.role).toBe("secretariat");
    const badSort = await direction.get("/api/gestion/comptes?sort=password_hash");
    expect(badSort.statusCode).toBe(422);
    const badPage = await direction.get("/api/gestion/comptes?per_page=500");
    expect(badPage.statusCode).toBe(422);
    expect(badPage.json().errors.per_page).toEqual(["Le nombre de lignes par page doit être compris entre 1 et 200."]);
    const missing = await direction.patch("/api/gestion/comptes/99999", { name: "Personne" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Ressource introuvable." });
  });

  it("opens the accounts and the journal to the direction only (403 in French for the others)", async () => {
    const { browser: pedagogie } = await signInNewStaff(t, "pedagogie");
    for (const url of ["/api/gestion/comptes", "/api/gestion/journal"]) {
      const response = await pedagogie.get(url);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: "Vous n'avez pas les droits nécessaires pour cette action." });
    }
    const invite = await pedagogie.post("/api/gestion/comptes", {
      name: "X",
      email: "x@example.com",
      role: "direction",
    });
    expect(invite.statusCode).toBe(403);
    const centres = await pedagogie.get("/api/gestion/referentiel/centres");
    expect(centres.json()).toEqual({
      data: [
        { id: 1, name: "Ain Sebaa" },
        { id: 2, name: "Moulay Youssef" },
        { id: 3, name: "Zenith" },
      ],
    });
  });

  it("shows the dashboard's counters and journal entries by role", async () => {
    // More entries than the dashboard shows, whatever ran before.
    for (let i = 0; i < 11; i++) {
      await audit(t.database.db, {
        actor: null,
        ip: null,
        action: "creation",
        entity: "comptes",
        summary: `Entrée ${i}`,
      });
    }
    const board = await direction.get("/api/gestion/tableau-de-bord");
    expect(board.statusCode).toBe(200);
    const pending = await queryRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from staff_users where password_hash is null and deactivated_at is null`,
    );
    // Each feature adds its counter (modules/dashboard/staff-service.ts): these are two of them.
    expect(board.json().counters).toEqual(
      expect.arrayContaining([
        {
          key: "invitations",
          label: "Invitations du personnel en attente",
          value: pending[0]?.n,
          href: "/gestion/comptes?statut=invitation_envoyee",
        },
        {
          key: "notifications_programmees",
          label: "Notifications programmées",
          value: 0,
          href: "/gestion/notifications?state=programmee",
        },
      ]),
    );
    expect(board.json().journal).toHaveLength(10);

    const { browser: pedagogie, user } = await signInNewStaff(t, "pedagogie");
    const theirs = (await pedagogie.get("/api/gestion/tableau-de-bord")).json();
    expect(theirs.counters).toEqual([]);
    expect(theirs.journal.length).toBeGreaterThan(0);
    for (const entry of theirs.journal) expect(entry.staff_id).toBe(user.id);
  });
});
