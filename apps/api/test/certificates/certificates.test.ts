import { CERTIFICATE_TEXT } from "@puerta/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { certificateRequests, etudiants } from "../../src/db/schema/index.ts";
import { bearer, createTestApp, signInNewStudent, type TestApp } from "../support/app.ts";
import { createAccessToken, createStudent, type StudentInput } from "../support/factories.ts";

const FRENCH_MESSAGES = Object.values(CERTIFICATE_TEXT).filter((v) => typeof v === "string");

describe("certificate requests", () => {
  let t: TestApp;
  /** A student of the test's own, past the policy gate, with a token (no password: it never signs in). */
  const newAccepted = async (input: StudentInput = {}) =>
    signInNewStudent(t, { passwordHash: "x", acceptedPolicy: true, ...input });

  const post = (token: string, payload: unknown) =>
    t.app.inject({ method: "POST", url: "/api/demandes", headers: bearer(token), payload: payload as object });
  const list = async (token: string) =>
    (await t.app.inject({ method: "GET", url: "/api/demandes", headers: bearer(token) })).json();
  const rowCount = async () => (await t.database.db.select().from(certificateRequests)).length;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("requires a bearer token", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/demandes" })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "POST", url: "/api/demandes", payload: { type: "scolaire" } })).statusCode,
    ).toBe(401);
  });

  it("refuses with 403 until the policy is accepted, and stores nothing", async () => {
    const { token: notAccepted } = await signInNewStudent(t, { passwordHash: "x" });
    const before = await rowCount();
    const response = await post(notAccepted, { type: "scolaire", langues: ["Español"] });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("Veuillez d'abord accepter la politique de non-remboursement.");
    expect(await rowCount()).toBe(before);
    // The history sits behind the same gate as the page (/demande-attestation).
    const history = await t.app.inject({ method: "GET", url: "/api/demandes", headers: bearer(notAccepted) });
    expect(history.statusCode).toBe(403);
  });

  it("takes the identity from the authenticated student, never from the body", async () => {
    const me = await newAccepted({
      nom: "Benjelloun",
      prenom: "Omar",
      studentId: `PU-${Date.now()}`,
      cin: `BK${Date.now()}`,
      centre: "Zenith",
      option: "Selectividad Ingénierie",
    });
    const accepted = me.token;
    const response = await post(accepted, {
      student_id: "PU-2025-0001",
      nom: "Usurpateur",
      prenom: "Faux",
      cin: "ZZ999999",
      option: "Autre option",
      centre_id: 1,
      type: "scolaire",
      niveau: null,
      langues: ["Français", "Español"],
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: "Votre demande d'attestation scolaire a été envoyée.",
      data: { type: "scolaire", niveau: null, langues: ["Español", "Français"], status: "En Cours" },
    });
    const [row] = await t.database.db
      .select()
      .from(certificateRequests)
      .where(eq(certificateRequests.id, body.data.id));
    const [stored] = await t.database.db.select().from(etudiants).where(eq(etudiants.id, me.etudiantId));
    expect(row).toMatchObject({
      etudiantId: me.etudiantId,
      studentId: stored?.studentId,
      nom: "Benjelloun",
      prenom: "Omar",
      cin: stored?.cin,
      option: "Selectividad Ingénierie",
      centreId: me.centreId,
    });
  });

  it("accepts a language certificate and says which level", async () => {
    const { token: accepted } = await newAccepted();
    const response = await post(accepted, { type: "langue", niveau: "B1" });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe("Votre demande d'attestation de langue (B1) a été envoyée.");
  });

  it.each([
    [{ type: "diplome" }, "type"],
    [{}, "type"],
    [{ type: "langue" }, "niveau"],
    [{ type: "langue", niveau: "C1" }, "niveau"],
    [{ type: "langue", niveau: "B2", langues: ["Español"] }, "langues"],
    [{ type: "scolaire" }, "langues"],
    [{ type: "scolaire", langues: [] }, "langues"],
    [{ type: "scolaire", langues: ["English"] }, "langues.0"],
    [{ type: "scolaire", langues: "Español" }, "langues"],
    [{ type: "scolaire", niveau: "B1", langues: ["Español"] }, "niveau"],
  ])("refuses %o with a French 422 on %s, storing nothing", async (payload, field) => {
    const { token: accepted } = await newAccepted();
    const before = await rowCount();
    const response = await post(accepted, payload);
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(Object.keys(body.errors)).toContain(field);
    expect(FRENCH_MESSAGES).toContain(body.message);
    expect(await rowCount()).toBe(before);
  });

  it("refuses a second identical request while the first is 'En Cours'", async () => {
    const { token: accepted, etudiantId } = await newAccepted();
    const payload = { type: "langue", niveau: "B2" };
    expect((await post(accepted, payload)).statusCode).toBe(201);
    const again = await post(accepted, payload);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^Une demande identique est déjà en cours/);
    // A different request is fine, and so is the same one once the first is done.
    expect((await post(accepted, { type: "scolaire", langues: ["Español"] })).statusCode).toBe(201);
    await t.database.db
      .update(certificateRequests)
      .set({ status: "Disponible" })
      .where(and(eq(certificateRequests.niveau, "B2"), eq(certificateRequests.etudiantId, etudiantId)));
    expect((await post(accepted, payload)).statusCode).toBe(201);
  });

  it("two concurrent identical requests make exactly one row", async () => {
    const { token: accepted } = await newAccepted();
    const payload = { type: "scolaire", langues: ["Français"] };
    const before = await rowCount();
    const answers = await Promise.all([post(accepted, payload), post(accepted, payload), post(accepted, payload)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await rowCount()).toBe(before + 1);
  });

  it("lists the caller's requests only, newest first", async () => {
    // Students of this test alone: what other tests sent does not change what is expected.
    const [author, other] = await Promise.all([
      createStudent(t.database.db, { centre: "Ain Sebaa", option: "Selectividad Santé", acceptedPolicy: true }),
      createStudent(t.database.db, { centre: "Zenith", acceptedPolicy: true }),
    ]);
    const authorToken = await createAccessToken(t.database.db, author.userId);
    const first = await post(authorToken, { type: "langue", niveau: "B1" });
    const second = await post(authorToken, { type: "scolaire", langues: ["Español"] });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);

    const mine = await list(authorToken);
    expect(mine.success).toBe(true);
    expect(mine.data).toEqual([
      { ...second.json().data, created_at: expect.any(String) },
      { ...first.json().data, created_at: expect.any(String) },
    ]);
    // The spec's fields, and the school year it is about (docs/spec/school-year-and-data.md section 3).
    expect(Object.keys(mine.data[0]).sort()).toEqual([
      "annee",
      "created_at",
      "id",
      "langues",
      "niveau",
      "status",
      "type",
    ]);
    expect((await list(await createAccessToken(t.database.db, other.userId))).data).toEqual([]);
  });
});
