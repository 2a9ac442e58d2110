import { describe, expect, it } from "vitest";
import { certificateRequestBody, certificateStatusTone } from "../src/index.ts";

describe("certificateStatusTone", () => {
  it("colours the known statuses and greys the rest", () => {
    expect(certificateStatusTone("En Cours")).toBe("blue");
    expect(certificateStatusTone("Disponible")).toBe("green");
    expect(certificateStatusTone("Refuser")).toBe("red");
    expect(certificateStatusTone("Archivée")).toBe("grey");
    expect(certificateStatusTone(null)).toBe("grey");
  });
});

describe("certificateRequestBody", () => {
  const errorsOf = (body: unknown) => {
    const result = certificateRequestBody.safeParse(body);
    return result.success ? null : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("accepts a school certificate and orders its languages", () => {
    expect(certificateRequestBody.parse({ type: "scolaire", langues: ["Français", "Español", "Français"] })).toEqual({
      type: "scolaire",
      niveau: null,
      langues: ["Español", "Français"],
      annee_id: null,
    });
  });
  it("accepts a language certificate with a level", () => {
    expect(certificateRequestBody.parse({ type: "langue", niveau: "B2", langues: [] })).toEqual({
      type: "langue",
      niveau: "B2",
      langues: [],
      annee_id: null,
    });
  });
  it("drops the identity fields: the server takes them from the session", () => {
    const parsed = certificateRequestBody.parse({ type: "langue", niveau: "B1", student_id: "X", nom: "Autre" });
    expect(parsed).not.toHaveProperty("student_id");
    expect(parsed).not.toHaveProperty("nom");
  });
  it("refuses what the rules forbid, in French", () => {
    expect(errorsOf({ type: "diplome" })?.[0]).toMatch(/^type: Le type de demande/);
    expect(errorsOf({ type: "langue" })).toEqual([
      "niveau: Choisissez le niveau B1 ou B2 pour une attestation de langue.",
    ]);
    expect(errorsOf({ type: "langue", niveau: "C1" })?.[0]).toMatch(/^niveau: /);
    expect(errorsOf({ type: "langue", niveau: "B1", langues: ["Español"] })?.[0]).toMatch(/^langues: .*scolaire/);
    expect(errorsOf({ type: "scolaire", langues: [] })).toEqual([
      "langues: Cochez au moins une langue (Español ou Français).",
    ]);
    expect(errorsOf({ type: "scolaire", langues: ["English"] })?.[0]).toMatch(/^langues\.0: Les langues possibles/);
    expect(errorsOf({ type: "scolaire", niveau: "B1", langues: ["Español"] })?.[0]).toMatch(/^niveau: /);
  });
});
