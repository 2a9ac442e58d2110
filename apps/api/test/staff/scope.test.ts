import { describe, expect, it } from "vitest";
import { HttpError } from "../../src/lib/errors.ts";
import { assertVisible, assertWritable, type LiveSession } from "../../src/lib/staff-session.ts";

const secretary: LiveSession = {
  id: 2,
  name: "Salma Tazi",
  email: "secretariat.demo@example.com",
  role: "secretariat",
  centre_ids: [1],
  sessionId: 1,
  stale: false,
};

/** The answer a route gives when the check throws, as the error handler sends it. */
function answer(check: () => void) {
  try {
    check();
    return "ok";
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return `${error.status} ${error.body.message}`;
  }
}

describe("scope checks of a resource for a secretary of Ain Sebaa (centre 1)", () => {
  it("answers 404 for what lies outside her centres, as if it did not exist", () => {
    expect(answer(() => assertVisible(secretary, "read:etudiants", { centre_ids: [1] }))).toBe("ok");
    expect(answer(() => assertVisible(secretary, "read:etudiants", { centre_ids: [3] }))).toBe(
      "404 Ressource introuvable.",
    );
    expect(answer(() => assertVisible(secretary, "update:plannings", { centre_ids: [3] }))).toBe(
      "404 Ressource introuvable.",
    );
  });

  it("answers 403 in French for a write whose target leaves her centres", () => {
    expect(answer(() => assertWritable(secretary, "update:plannings", { centre_ids: [1] }))).toBe("ok");
    expect(answer(() => assertWritable(secretary, "update:plannings", { centre_ids: [1, 3] }))).toBe(
      "403 Cette action sort du périmètre de vos centres.",
    );
    expect(answer(() => assertWritable(secretary, "create:notifications", { centre_ids: [null] }))).toBe(
      "403 Cette action sort du périmètre de vos centres.",
    );
  });
});
