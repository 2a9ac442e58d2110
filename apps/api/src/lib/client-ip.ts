import type { FastifyRequest } from "fastify";

export const clientIp = (request: FastifyRequest) => request.ip || "inconnue";

/** The browser's description as stored beside an acceptance: bounded, without control characters. */
export const userAgent = (request: FastifyRequest) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
  (request.headers["user-agent"] ?? "").replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 512);
