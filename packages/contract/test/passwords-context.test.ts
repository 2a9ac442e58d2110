import { describe, expect, it } from "vitest";
import { isContextPassword, passwordCores, personalPasswordWords } from "../src/rules/passwords.ts";
import { resetPasswordRequest } from "../src/schemas/passwords.ts";

describe("isContextPassword: the site's own words (ASVS 5.0 6.2.11)", () => {
  it.each([
    "Selectividad2026",
    "Puerta2025!",
    "Casablanca2025",
    "Selectividad2025",
    "Gestion2025",
    "P.U.E.R.T.A.2025",
    "Pu3rt@2026",
    "S3l3ctividad!!",
    "DELE-SIELE-2025",
    "Académie2025",
    "2025Zenith",
  ])("refuses %s", (password) => {
    expect(isContextPassword(password)).toBe(true);
  });

  it.each(["Puerta-Verde-Sol-88", "Un-Nouveau-Mot-2025", "Tanger-Rouge-2026!", "12345678"])(
    "accepts %s",
    (password) => {
      expect(isContextPassword(password)).toBe(false);
    },
  );

  it("adds the person's own name and e-mail, and other words, when given", () => {
    const mine = personalPasswordWords("yasmine.elamrani@example.com", "Yasmine El Amrani");
    expect(isContextPassword("Yasmine1990", mine)).toBe(true);
    expect(isContextPassword("ElAmrani-2025", mine)).toBe(true);
    expect(isContextPassword("Yasmine1990")).toBe(false);
    expect(isContextPassword("Maarif-Centre-1", ["Maarif Centre"])).toBe(true);
  });

  it("undoes decoration and substitutions", () => {
    expect(passwordCores("Pu3rt@2026!")).toContain("puerta");
  });

  it("is part of every new-password schema, with its French message", () => {
    const parsed = resetPasswordRequest.safeParse({
      email: "a@example.com",
      token: "t",
      password: "Selectividad2026",
      password_confirmation: "Selectividad2026",
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/^Ce mot de passe est trop facile à deviner/);
  });
});
