import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { bearer, createTestApp, queryRows, solveCaptcha, type TestApp } from "../support/app.ts";
import { createStudent, FACTORY_PASSWORD, uniqueEmail, uniqueName } from "../support/factories.ts";

/** POST /api/login; `captcha: true` solves a fresh challenge for `recaptcha_token`. */
async function postLogin(t: TestApp, body: Record<string, unknown>, remoteAddress = "203.0.113.10") {
  return t.app.inject({ method: "POST", url: "/api/login", payload: body, remoteAddress });
}

const withCaptcha = async (t: TestApp, fields: Record<string, unknown>) => ({
  ...fields,
  recaptcha_token: await solveCaptcha(t.app),
});

describe("POST /api/login", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers 200 with a Sanctum-style token and the user with every etudiant field", async () => {
    const studentId = uniqueName("PU").replaceAll(" ", "-");
    const cin = uniqueName("BE").replaceAll(" ", "");
    const student = await createStudent(t.database.db, {
      nom: "El Amrani",
      prenom: "Yasmine",
      studentId,
      cin,
      telephone: "+212612345678",
      centre: "Ain Sebaa",
      option: "Selectividad Santé",
    });
    const res = await postLogin(t, await withCaptcha(t, { email: student.email, password: student.password }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["token", "user"]);
    expect(body.token).toMatch(/^\d+\|[A-Za-z0-9]{40}$/);
    expect(body.user).toEqual({
      id: expect.any(Number),
      name: "Yasmine El Amrani",
      email: student.email,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      etudiant: {
        id: expect.any(Number),
        student_id: studentId,
        centre_id: expect.any(Number),
        option_id: expect.any(Number),
        filiere_id: expect.any(Number),
        centre: { id: expect.any(Number), nom: "Ain Sebaa" },
        option: { id: expect.any(Number), nom: "Selectividad Santé" },
        telephone_etudiant: "+212612345678",
        nom: "El Amrani",
        prenom: "Yasmine",
        email: student.email,
        profile_image: null,
        cin_etudiant: cin,
        // Beside the spec's fields: the school status (docs/spec/school-year-and-data.md section 3).
        statut_scolaire: "inscrit",
      },
    });
    expect(body.user.etudiant.centre.id).toBe(body.user.etudiant.centre_id);
    expect(body.user.etudiant.option.id).toBe(body.user.etudiant.option_id);

    const me = await t.app.inject({ method: "GET", url: "/api/user", headers: bearer(body.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body.user);
  });

  it("stores only the SHA-256 of the token's secret", async () => {
    const student = await createStudent(t.database.db);
    const res = await postLogin(t, await withCaptcha(t, { email: student.email, password: student.password }));
    const token: string = res.json().token;
    const [id, secret] = token.split("|") as [string, string];
    const rows = await queryRows(t, sql`select * from personal_access_tokens where id = ${Number(id)}`);
    expect(rows).toHaveLength(1);
    const row = rows[0] ?? {};
    expect(row.token_hash).toBe(createHash("sha256").update(secret).digest("hex"));
    for (const value of Object.values(row)) expect(String(value)).not.toContain(secret);
  });

  it("trims the e-mail and ignores its case", async () => {
    const student = await createStudent(t.database.db, { email: uniqueEmail("etudiant.casse") });
    const res = await postLogin(
      t,
      await withCaptcha(t, { email: `  ${student.email.toUpperCase()} \t`, password: student.password }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(student.email);
  });

  it("ignores unknown fields", async () => {
    const student = await createStudent(t.database.db);
    const res = await postLogin(
      t,
      await withCaptcha(t, { email: student.email, password: student.password, remember: true, role: "admin" }),
    );
    expect(res.statusCode).toBe(200);
  });

  it("answers 422 with every missing field named in French", async () => {
    const res = await postLogin(t, {});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: "L'email est requis",
      errors: {
        email: ["L'email est requis"],
        password: ["Le mot de passe est requis"],
        recaptcha_token: ["Veuillez compléter le reCAPTCHA"],
      },
    });
  });

  it("answers 422 for empty strings and a malformed e-mail", async () => {
    const empty = await postLogin(t, { email: "   ", password: "", recaptcha_token: "" });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({
      message: "L'email est requis",
      errors: {
        email: ["L'email est requis"],
        password: ["Le mot de passe est requis"],
        recaptcha_token: ["Veuillez compléter le reCAPTCHA"],
      },
    });

    const malformed = await postLogin(t, { email: "pas-un-email", password: FACTORY_PASSWORD, recaptcha_token: "x" });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toEqual({
      message: "Format d'email invalide",
      errors: { email: ["Format d'email invalide"] },
    });
  });

  it("answers 422 in French for wrong types and over-long values", async () => {
    const res = await postLogin(t, { email: 42, password: ["x"], recaptcha_token: { a: 1 } });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(Object.keys(body.errors).sort()).toEqual(["email", "password", "recaptcha_token"]);

    const long = await postLogin(t, {
      email: `${"a".repeat(300)}@example.com`,
      password: "p".repeat(500),
      recaptcha_token: "x",
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.email).toEqual(["Format d'email invalide"]);
    expect(long.json().errors.password).toHaveLength(1);
    // Messages a student may read: French, never zod's English defaults.
    expect(JSON.stringify([body, long.json()])).not.toMatch(/expected|received|Invalid|Too (big|small)/);
  });

  it("answers 401 'Identifiants invalides' alike for an unknown e-mail and a wrong password", async () => {
    const student = await createStudent(t.database.db);
    const unknown = await postLogin(
      t,
      await withCaptcha(t, { email: "personne@example.com", password: student.password }),
      "203.0.113.20",
    );
    const wrong = await postLogin(
      t,
      await withCaptcha(t, { email: student.email, password: "MauvaisMotDePasse1" }),
      "203.0.113.20",
    );
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: "Identifiants invalides" });
    }
    expect(unknown.body).toBe(wrong.body);
  });

  describe("captcha", () => {
    it("refuses a missing captcha with 422", async () => {
      const res = await postLogin(t, { email: uniqueEmail(), password: FACTORY_PASSWORD });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: "Veuillez compléter le reCAPTCHA",
        errors: { recaptcha_token: ["Veuillez compléter le reCAPTCHA"] },
      });
    });

    it("refuses an invalid or tampered captcha with 422", async () => {
      const solved = JSON.parse(atob(await solveCaptcha(t.app)));
      const otherKey = solved.solution.derivedKey.replace(/^./, (c: string) => (c === "0" ? "1" : "0"));
      const tampered = btoa(JSON.stringify({ ...solved, solution: { ...solved.solution, derivedKey: otherKey } }));
      const forged = btoa(JSON.stringify({ ...solved, challenge: { ...solved.challenge, signature: "0".repeat(64) } }));
      for (const recaptcha_token of ["n'importe quoi", btoa("{}"), btoa("[1,2]"), tampered, forged]) {
        const res = await postLogin(t, { email: uniqueEmail(), password: FACTORY_PASSWORD, recaptcha_token });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({
          message: "La vérification anti-robot a échoué. Veuillez réessayer.",
          errors: { recaptcha_token: ["La vérification anti-robot a échoué. Veuillez réessayer."] },
        });
      }
    });

    it("accepts a payload once: a replay is refused, even of a payload spent on a failed login", async () => {
      const [student, other] = [await createStudent(t.database.db), await createStudent(t.database.db)];
      const payload = await solveCaptcha(t.app);
      const first = await postLogin(t, {
        email: student.email,
        password: student.password,
        recaptcha_token: payload,
      });
      expect(first.statusCode).toBe(200);
      const replay = await postLogin(t, {
        email: student.email,
        password: student.password,
        recaptcha_token: payload,
      });
      expect(replay.statusCode).toBe(422);
      expect(replay.json().errors).toEqual({
        recaptcha_token: ["La vérification anti-robot a échoué. Veuillez réessayer."],
      });

      const spentOnFailure = await solveCaptcha(t.app);
      const failed = await postLogin(
        t,
        { email: other.email, password: "Mauvais", recaptcha_token: spentOnFailure },
        "203.0.113.30",
      );
      expect(failed.statusCode).toBe(401);
      const again = await postLogin(
        t,
        { email: other.email, password: other.password, recaptcha_token: spentOnFailure },
        "203.0.113.30",
      );
      expect(again.statusCode).toBe(422);
    });

    it("refuses a payload spent on one API process when replayed on another", async () => {
      const other = await buildApp({ config: t.config, db: t.database.db, logger: false });
      try {
        const student = await createStudent(t.database.db);
        const payload = await solveCaptcha(t.app);
        const body = { email: student.email, password: student.password, recaptcha_token: payload };
        expect((await postLogin(t, body)).statusCode).toBe(200);
        const replay = await other.inject({ method: "POST", url: "/api/login", payload: body });
        expect(replay.statusCode).toBe(422);
        expect(replay.json().errors).toHaveProperty("recaptcha_token");
      } finally {
        await other.close();
      }
    });

    it("hands out a fresh, uncached challenge each time", async () => {
      const a = await t.app.inject({ method: "GET", url: "/api/captcha/challenge" });
      const b = await t.app.inject({ method: "GET", url: "/api/captcha/challenge" });
      expect(a.statusCode).toBe(200);
      expect(a.headers["cache-control"]).toBe("no-store");
      expect(a.json()).toMatchObject({ parameters: expect.any(Object), signature: expect.any(String) });
      expect(a.body).not.toBe(b.body);
    });
  });
});
