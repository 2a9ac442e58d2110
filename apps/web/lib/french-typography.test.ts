import { describe, expect, it } from "vitest";
import { noBreakBeforePunctuation } from "./french-typography.ts";

describe("noBreakBeforePunctuation", () => {
  it("ties the punctuation to the word before it, so no line starts with it", () => {
    expect(noBreakBeforePunctuation("Étudier en Espagne après le bac marocain : le guide complet")).toBe(
      "Étudier en Espagne après le bac marocain\u00a0: le guide complet",
    );
    expect(noBreakBeforePunctuation("DELE ou SIELE : quelle certification choisir ?")).toBe(
      "DELE ou SIELE\u00a0: quelle certification choisir\u00a0?",
    );
    expect(noBreakBeforePunctuation("« Bonjour »")).toBe("«\u00a0Bonjour\u00a0»");
  });
});
