import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, login, type TestApp } from "./helpers.ts";

describe("sign-in smoke", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("signs the demo student in and returns the user with its etudiant", async () => {
    const token = await login(t.app);
    const res = await t.app.inject({ method: "GET", url: "/api/user", headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().etudiant.centre).toMatchObject({ nom: "Ain Sebaa" });
  });
});
