import { describe, expect, it } from "vitest";
import { CONTACT_SECTION_HIDDEN_PREFIXES, isContactSectionHidden } from "../src/rules/layout.ts";

describe("isContactSectionHidden", () => {
  it("hides the section on every listed prefix", () => {
    for (const prefix of CONTACT_SECTION_HIDDEN_PREFIXES) expect(isContactSectionHidden(prefix)).toBe(true);
  });

  it("hides it below the prefixes, including /contact for /contactez-nous", () => {
    expect(isContactSectionHidden("/parascolaire/12")).toBe(true);
    expect(isContactSectionHidden("/notification/3")).toBe(true);
    expect(isContactSectionHidden("/contactez-nous")).toBe(true);
    expect(isContactSectionHidden("/login?next=/planning")).toBe(true);
  });

  it("shows it on the marketing pages", () => {
    for (const path of ["/", "/dele", "/selectividad-casablanca", "/blog-2/etudier", "/caplife", "/pourquoi-puerta"]) {
      expect(isContactSectionHidden(path)).toBe(false);
    }
  });

  it("matches prefixes literally: /parascolaire alone is not hidden, the notification list is", () => {
    expect(isContactSectionHidden("/parascolaire")).toBe(false);
    expect(isContactSectionHidden("/notifications")).toBe(true);
    expect(isContactSectionHidden("/Planning")).toBe(false);
  });
});
