import type { FastifyRequest } from "fastify";
import type { Config } from "../config.ts";

/**
 * Fastify's `trustProxy` for TRUST_PROXY (decision 106). The proxies' addresses are handed over as
 * they are. A hop count becomes "the first `hops` addresses from the socket are proxies": Fastify
 * takes a bare number as trusting nothing, because a client that reaches the port directly could
 * write the hops itself; a hop count is therefore only for an API that listens where only its
 * proxy reaches it (HOST=127.0.0.1, docs/deploy.md).
 */
export function trustedProxies(
  setting: Config["trustProxy"],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== "number") return setting;
  return (_address, hop) => hop < setting;
}

/** The client's address: the socket's, or the one the trusted proxies say they were reached from. */
export const clientIp = (request: FastifyRequest) => request.ip || "inconnue";

/** The browser's description as stored beside an acceptance: bounded, without control characters. */
export const userAgent = (request: FastifyRequest) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
  (request.headers["user-agent"] ?? "").replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 512);
