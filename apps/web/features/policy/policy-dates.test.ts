import { describe, expect, it } from "vitest";
import { formatPolicyDate, policyBlocks } from "./policy-dates.ts";

describe("formatPolicyDate", () => {
  it("writes a calendar day in fr-FR without shifting it", () => {
    expect(formatPolicyDate("2025-09-01")).toBe("1 septembre 2025");
  });

  it("writes a timestamp as its day in fr-FR", () => {
    expect(formatPolicyDate("2025-10-15T10:30:00.000Z")).toBe("15 octobre 2025");
  });

  it("leaves an unreadable value as it is", () => {
    expect(formatPolicyDate("bientôt")).toBe("bientôt");
  });
});

describe("policyBlocks", () => {
  it("splits articles and takes their first line as heading", () => {
    expect(policyBlocks("Article 1 — Objet\nLe texte.\n\nArticle 2 — Frais\nSuite\nencore")).toEqual([
      { heading: "Article 1 — Objet", text: "Le texte." },
      { heading: "Article 2 — Frais", text: "Suite\nencore" },
    ]);
  });

  it("keeps a one-line block as a paragraph", () => {
    expect(policyBlocks("Un seul paragraphe.\r\n\r\n")).toEqual([{ heading: null, text: "Un seul paragraphe." }]);
  });
});
