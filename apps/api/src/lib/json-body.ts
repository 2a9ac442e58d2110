import { MESSAGES } from "@puerta/contract";
import type { FastifyInstance } from "fastify";
import { HttpError } from "./errors.ts";

/**
 * The JSON body parser: an empty body (e.g. `POST /api/logout`) reads as no body instead of
 * a parse error, `__proto__` keys are refused, and a NUL character anywhere is refused too,
 * since PostgreSQL cannot store it in text and would otherwise fail with a 500.
 */
export function registerJsonParser(app: FastifyInstance) {
  const defaultJson = app.getDefaultJsonParser("error", "remove");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (typeof body === "string" && body.trim() === "") return done(null, undefined);
    return defaultJson(request, body as string, (error, value) => {
      if (error) return done(error);
      if (containsNul(value)) return done(new HttpError(400, { message: MESSAGES.invalidData }));
      return done(null, value);
    });
  });
}

function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === "object") {
    return Object.entries(value).some(([key, item]) => key.includes("\u0000") || containsNul(item));
  }
  return false;
}
