import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeIdempotencyKeys } from "../../src/lib/idempotency.ts";
import { bearer, createTestApp, queryRows, seenByClient, solveCaptcha, type TestApp } from "../support/app.ts";
import { createAccessToken, createStudent } from "../support/factories.ts";
import { multipartBody, realPdf } from "../support/forms.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";

/**
 * Idempotency-Key on the writes that create or send (decision 087): a retry after a lost
 * answer, or a second click, answers the first result and does nothing more.
 */
describe("Idempotency-Key on the writes that create or send", () => {
  let t: TestApp;
  let direction: StaffBrowser;
  let zenith = 0;

  const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(t, query))[0]?.n ?? 0);

  /** A staff browser's JSON write with an Idempotency-Key. */
  const staffPost = (url: string, payload: object, key?: string) =>
    t.app.inject({
      method: "POST",
      url,
      cookies: direction.cookies,
      headers: { ...direction.csrfHeaders, ...(key === undefined ? {} : { "idempotency-key": key }) },
      payload,
    });

  const seen = seenByClient;

  /** A notification published now to the Zenith centre's students, as the compose screen sends it. */
  const notificationBody = (titre: string, overrides: object = {}) => ({
    titre,
    message: "Pensez à votre dossier.",
    priority: "medium",
    sender: "moi",
    publication: "maintenant",
    audience: { type: "centre", ids: [zenith] },
    email_copy: false,
    ...overrides,
  });

  beforeAll(async () => {
    t = await createTestApp();
    direction = (await signInNewStaff(t, "direction")).browser;
    const [centre] = await queryRows<{ id: number }>(t, sql`select id from centres where nom = 'Zenith'`);
    zenith = Number(centre?.id);
  });
  afterAll(() => t.close());

  it("publishes a notification and its e-mail copies once when the same key comes back", async () => {
    const key = `"${randomUUID()}"`;
    const body = notificationBody("Réunion des parents", {
      message: "Bonjour,\nla réunion a lieu samedi.",
      priority: "high",
      email_copy: true,
    });
    const first = await staffPost("/api/gestion/notifications", body, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await staffPost("/api/gestion/notifications", body, key);
    expect(seen(again)).toEqual(seen(first));
    expect(again.headers["idempotent-replayed"]).toBe("true");

    expect(await count(sql`select count(*)::int as n from notifications where titre = 'Réunion des parents'`)).toBe(1);
    // The audience is the current year's enrolled students (decision 111): the centre's former students get nothing.
    const recipients = await count(
      sql`select count(*)::int as n from etudiants where centre_id = ${zenith}
        and statut_scolaire = 'inscrit' and promotion_id = current_school_year_id()`,
    );
    expect(recipients).toBeGreaterThan(0);
    // The copies go out through the scheduled job: once it has run, one e-mail per student.
    for (let i = 0; i < 400; i++) {
      const done = await count(
        sql`select count(*)::int as n from notifications where titre = 'Réunion des parents' and emailed_at is not null`,
      );
      if (done === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const mails = sql`select count(*)::int as n from mail_outbox where subject = 'Nouvelle notification : Réunion des parents'`;
    expect(await count(mails)).toBe(recipients);
    const third = await staffPost("/api/gestion/notifications", body, key);
    expect(seen(third)).toEqual(seen(first));
    expect(await count(mails)).toBe(recipients);

    // The same key with another request: refused in French, nothing created.
    const other = await staffPost("/api/gestion/notifications", { ...body, titre: "Autre titre" }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(
      "Cette clé d'idempotence a déjà servi pour une autre demande. Rechargez la page puis recommencez.",
    );
    expect(await count(sql`select count(*)::int as n from notifications where titre = 'Autre titre'`)).toBe(0);
    // Without a key, a write is served as before.
    expect((await staffPost("/api/gestion/notifications", { ...body, email_copy: false })).statusCode).toBe(201);
  });

  it("records a student's certificate request once; another student's same key is theirs", async () => {
    const student = await createStudent(t.database.db, { centre: "Zenith", acceptedPolicy: true });
    const token = await createAccessToken(t.database.db, student.userId);
    const other = await createStudent(t.database.db, { centre: "Zenith", acceptedPolicy: true });
    const otherToken = await createAccessToken(t.database.db, other.userId);
    const key = randomUUID();
    const ask = (auth: string, payload: object) =>
      t.app.inject({
        method: "POST",
        url: "/api/demandes",
        headers: { ...bearer(auth), "idempotency-key": key },
        payload,
      });
    const first = await ask(token, { type: "langue", niveau: "B1" });
    expect(first.statusCode).toBe(201);
    const again = await ask(token, { type: "langue", niveau: "B1" });
    expect(seen(again)).toEqual(seen(first));
    expect(again.headers["idempotent-replayed"]).toBe("true");
    const mine = sql`select count(*)::int as n from certificate_requests where etudiant_id = ${student.etudiantId}`;
    expect(await count(mine)).toBe(1);

    const changed = await ask(token, { type: "langue", niveau: "B2" });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().errors["Idempotency-Key"]).toHaveLength(1);
    expect(await count(mine)).toBe(1);

    const theirs = await ask(otherToken, { type: "langue", niveau: "B1" });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
    expect(theirs.json().data.id).not.toBe(first.json().data.id);
  });

  it("sends a contact message once, though the retry carries a fresh captcha", async () => {
    const key = randomUUID();
    const send = async () =>
      t.app.inject({
        method: "POST",
        url: "/api/contact",
        remoteAddress: "203.0.113.87",
        headers: { "idempotency-key": key },
        payload: {
          nom: "Karim Alaoui",
          email: "karim.parent@example.com",
          telephone: "+212 6 00 00 00 87",
          sujet: "Idempotence",
          message: "Bonjour, je renvoie ce message après une coupure.",
          recaptcha_token: await solveCaptcha(t.app),
        },
      });
    const first = await send();
    expect(first.statusCode).toBe(200);
    const again = await send();
    expect(seen(again)).toEqual(seen(first));
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await count(sql`select count(*)::int as n from contact_messages where sujet = 'Idempotence'`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from mail_outbox where subject like '%Idempotence%'`)).toBe(1);
  });

  it("creates a student and sends the invitation once; a refused first try frees the key", async () => {
    const key = randomUUID();
    const body = { nom: "Berrada", prenom: "Ines", email: "ines.berrada@example.com", centre_id: zenith };
    const refused = await staffPost("/api/gestion/etudiants", { ...body, email: "pas-un-email" }, key);
    expect(refused.statusCode).toBe(422);
    const first = await staffPost("/api/gestion/etudiants", body, key);
    expect(first.statusCode).toBe(201);
    const again = await staffPost("/api/gestion/etudiants", body, key);
    expect(seen(again)).toEqual(seen(first));
    expect(await count(sql`select count(*)::int as n from users where email = 'ines.berrada@example.com'`)).toBe(1);
    expect(
      await count(sql`select count(*)::int as n from mail_outbox where to_address = 'ines.berrada@example.com'`),
    ).toBe(1);
  });

  it("stores an uploaded planning once", async () => {
    const key = randomUUID();
    const form = await multipartBody(
      { titre: "Semaine idempotente", description: "", centre_id: String(zenith), option_id: "" },
      { name: "planning.pdf", bytes: await realPdf("Semaine idempotente") },
    );
    const upload = () =>
      t.app.inject({
        method: "POST",
        url: "/api/gestion/plannings",
        cookies: direction.cookies,
        headers: { ...direction.csrfHeaders, "content-type": form.contentType, "idempotency-key": key },
        payload: form.payload,
      });
    const first = await upload();
    expect(first.statusCode).toBe(201);
    const again = await upload();
    expect(seen(again)).toEqual(seen(first));
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await count(sql`select count(*)::int as n from planifications where titre = 'Semaine idempotente'`)).toBe(1);
  });

  it("replays an upload only for the same content: another file of the same size under the key is refused", async () => {
    const key = randomUUID();
    const fields = { titre: "Semaine au contenu", description: "", centre_id: String(zenith), option_id: "" };
    // Two real PDFs of one size, different bytes; each form has its own boundary, as each try of a browser.
    const first = await realPdf("Semaine du lundi 1");
    const other = await realPdf("Semaine du lundi 2");
    expect(other.length).toBe(first.length);
    expect(other.equals(first)).toBe(false);
    const upload = async (bytes: Buffer) => {
      const form = await multipartBody(fields, { name: "planning.pdf", bytes });
      return {
        size: form.payload.length,
        response: await t.app.inject({
          method: "POST",
          url: "/api/gestion/plannings",
          cookies: direction.cookies,
          headers: { ...direction.csrfHeaders, "content-type": form.contentType, "idempotency-key": key },
          payload: form.payload,
        }),
      };
    };
    const stored = await upload(first);
    expect(stored.response.statusCode).toBe(201);

    const changed = await upload(other);
    expect(changed.size).toBe(stored.size);
    expect(changed.response.statusCode).toBe(422);
    expect(changed.response.headers["idempotent-replayed"]).toBeUndefined();
    expect(changed.response.json().message).toBe(
      "Cette clé d'idempotence a déjà servi pour une autre demande. Rechargez la page puis recommencez.",
    );

    const again = await upload(first);
    expect(seen(again.response)).toEqual(seen(stored.response));
    expect(again.response.headers["idempotent-replayed"]).toBe("true");
    expect(await count(sql`select count(*)::int as n from planifications where titre = 'Semaine au contenu'`)).toBe(1);
    const id = stored.response.json().id;
    const file = await t.app.inject({
      method: "GET",
      url: `/api/gestion/plannings/${id}/fichier`,
      cookies: direction.cookies,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(first)).toBe(true);
  });

  it("after a crash, retries at once a key whose effect never committed; one whose effect committed answers 409", async () => {
    const body = notificationBody("Sortie au musée");
    const done = randomUUID();
    expect((await staffPost("/api/gestion/notifications", body, done)).statusCode).toBe(201);
    const notifications = sql`select count(*)::int as n from notifications where titre = 'Sortie au musée'`;
    // What a process killed during the handler leaves (the real crash: idempotency-crash.test.ts):
    // the key taken by its attempt for this request, no answer, its lease not renewed since, and
    // `effect_at` set only if the handler's transaction committed.
    const leftByDeadProcess = (key: string, committed: boolean) =>
      queryRows(
        t,
        sql`insert into idempotency_keys (caller, key, fingerprint, owner, attempt, lease_until, effect_at)
            select caller, ${key}, fingerprint, 'serveur-arrete 999999 ancien-demarrage', ${randomUUID()},
                   now() - interval '1 minute', ${committed ? sql`now()` : sql`null`}
            from idempotency_keys where key = ${done}`,
      );

    // Committed, answer lost: never done again; the person is told to look first.
    const committed = randomUUID();
    await leftByDeadProcess(committed, true);
    const lost = await staffPost("/api/gestion/notifications", body, committed);
    expect(lost.statusCode).toBe(409);
    expect(lost.json().message).toMatch(/^Cette demande a été reçue mais sa réponse s'est perdue/);
    expect((await staffPost("/api/gestion/notifications", { ...body, titre: "Autre" }, committed)).statusCode).toBe(
      422,
    );
    expect(await count(notifications)).toBe(1);

    // Never committed: the retry is served at once and does the work once; then it is replayed.
    const crashed = randomUUID();
    await leftByDeadProcess(crashed, false);
    const retried = await staffPost("/api/gestion/notifications", body, crashed);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers["idempotent-replayed"]).toBeUndefined();
    expect(await count(notifications)).toBe(2);
    const again = await staffPost("/api/gestion/notifications", body, crashed);
    expect(seen(again)).toEqual(seen(retried));
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await count(notifications)).toBe(2);

    const malformed = await staffPost("/api/gestion/notifications", body, "une clé avec des espaces");
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors["Idempotency-Key"][0]).toMatch(/^L'en-tête Idempotency-Key est invalide/);
  });

  it("forgets keys after a day (the scheduled purge), so an old key starts afresh", async () => {
    // Its own key: the tests of this file run in any order.
    const key = `"${randomUUID()}"`;
    const body = notificationBody("Rappel d'inscription");
    expect((await staffPost("/api/gestion/notifications", body, key)).statusCode).toBe(201);
    const before = await count(sql`select count(*)::int as n from idempotency_keys`);
    expect(before).toBeGreaterThan(0);
    await queryRows(t, sql`update idempotency_keys set created_at = now() - interval '25 hours'`);
    expect(await purgeIdempotencyKeys(t.database.db)).toBe(before);
    expect(await count(sql`select count(*)::int as n from idempotency_keys`)).toBe(0);
    const afresh = await staffPost("/api/gestion/notifications", body, key);
    expect(afresh.statusCode).toBe(201);
    expect(afresh.headers["idempotent-replayed"]).toBeUndefined();
    expect(await count(sql`select count(*)::int as n from notifications where titre = 'Rappel d''inscription'`)).toBe(
      2,
    );
  });
});
