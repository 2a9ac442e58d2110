import { describe, expect, it } from "vitest";
import { formatPhone, normalisePhone, studentCreateRequest } from "../src/index.ts";

describe("Moroccan phone numbers: one stored form", () => {
  it("reads every usual spelling of the same number as +212661001234", () => {
    for (const spelling of [
      "0661001234",
      "06 61 00 12 34",
      "06.61.00.12.34",
      "+212 661 001 234",
      "+212 (0)661-001-234",
      "00212661001234",
      "212661001234",
      "661001234",
      661001234,
      212661001234,
    ]) {
      expect(normalisePhone(spelling), String(spelling)).toBe("+212661001234");
    }
  });

  it("keeps a foreign number with its +, refuses what is not a number", () => {
    expect(normalisePhone("+33 6 12 34 56 78")).toBe("+33612345678");
    expect(normalisePhone("0033612345678")).toBe("+33612345678");
    expect(normalisePhone("06610012")).toBeNull();
    expect(normalisePhone("+212 12345")).toBeNull();
    expect(normalisePhone("appeler le père")).toBeNull();
    expect(normalisePhone(6.61)).toBeNull();
  });

  it("shows a stored Moroccan number as people read it", () => {
    expect(formatPhone("+212661001234")).toBe("06 61 00 12 34");
    expect(formatPhone("+33612345678")).toBe("+33612345678");
    expect(formatPhone(null)).toBe("");
  });

  it("the staff student form stores the normalised number and names a bad one", () => {
    const base = { nom: "Alami", prenom: "Rim", email: "rim@example.com", centre_id: 1 };
    expect(studentCreateRequest.parse({ ...base, telephone: "06 61 00 12 34" }).telephone).toBe("+212661001234");
    expect(studentCreateRequest.parse({ ...base, telephone: "" }).telephone).toBeNull();
    const bad = studentCreateRequest.safeParse({ ...base, telephone: "12" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({
      path: ["telephone"],
      message: "Ce numéro de téléphone n'est pas valide (ex. 0661001234 ou +212661001234).",
    });
  });
});
