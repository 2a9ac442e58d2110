import { describe, expect, it } from "vitest";
import { loginReturn, loginReturnPath, safeStudentReturn } from "./login-return.ts";

describe("the page a signed-out student was going to", () => {
  it("travels in /login's address and is given back after the sign-in", () => {
    expect(loginReturnPath("/notification/12")).toBe("/login?retour=%2Fnotification%2F12");
    expect(loginReturn("?retour=%2Fnotification%2F12", "/planning")).toBe("/notification/12");
    expect(loginReturn("", "/planning")).toBe("/planning");
  });

  it("is only ever a path of the student area", () => {
    for (const unsafe of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil",
      "/login",
      "/gestion/comptes",
      "/blog-2",
      "",
      null,
    ]) {
      expect(safeStudentReturn(unsafe)).toBeNull();
    }
    expect(loginReturnPath("//evil.example/x")).toBe("/login");
    expect(loginReturn("?retour=https://evil.example/", "/planning")).toBe("/planning");
    expect(safeStudentReturn("/demande-attestation?x=1")).toBe("/demande-attestation?x=1");
  });
});
