import { afterEach, describe, expect, it } from "vitest";
import { rememberLoginReturn, safeStudentReturn, takeLoginReturn } from "./login-return.ts";

describe("the page a signed-out student was going to", () => {
  afterEach(() => sessionStorage.clear());

  it("is given back once after the sign-in, then the default page", () => {
    rememberLoginReturn("/notification/12");
    expect(takeLoginReturn("/planning")).toBe("/notification/12");
    expect(takeLoginReturn("/planning")).toBe("/planning");
  });

  it("is only ever a path of the student area", () => {
    for (const unsafe of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil",
      "/login",
      "/gestion/comptes",
      "",
      null,
    ]) {
      expect(safeStudentReturn(unsafe)).toBeNull();
    }
    rememberLoginReturn("//evil.example/x");
    expect(takeLoginReturn("/planning")).toBe("/planning");
    expect(safeStudentReturn("/demande-attestation?x=1")).toBe("/demande-attestation?x=1");
  });
});
