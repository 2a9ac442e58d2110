import type { FastifyServerOptions } from "fastify";
import type { Config } from "../config.ts";

/** Never written to a log line, wherever they appear in a request. */
const REDACTED = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
];

type LoggerOption = FastifyServerOptions["logger"];
type RequestLike = {
  method: string;
  url: string;
  ip?: string;
  headers?: Record<string, string | string[] | undefined>;
};

/** Paths whose secret part is the credential (a calendar feed's link): written masked. */
const SECRET_PATHS: [RegExp, string][] = [[/^\/api\/calendar\/[^/]+\.ics$/i, "/api/calendar/[masqué].ics"]];

/** The path of a request URL, without its query string and with any secret in it masked. */
export function loggedPath(url: string): string {
  const path = url.split("?")[0] ?? "";
  for (const [pattern, masked] of SECRET_PATHS) if (pattern.test(path)) return masked;
  return path;
}

/**
 * The caller's `X-Request-Id`, kept only as its own field so that a trace can be followed
 * across services; never our request id, and only when it is a short plain token.
 */
const clientRequestId = (headers: RequestLike["headers"]) => {
  const value = headers?.["x-request-id"];
  return typeof value === "string" && /^[\w-]{1,64}$/.test(value) ? value : undefined;
};

/**
 * pino options for the app: JSON lines with the request id, secrets redacted, and request
 * URLs logged without their query string (a reset link carries its token there) and with a
 * calendar feed's secret masked. `override`
 * (tests) may change the level or the stream; `false` turns logging off.
 */
export function loggerOptions(config: Config, override?: LoggerOption): LoggerOption {
  if (override === false) return false;
  return {
    level: config.logLevel,
    redact: { paths: REDACTED, censor: "[masqué]" },
    serializers: {
      req: (request: RequestLike) => ({
        method: request.method,
        url: loggedPath(request.url),
        remoteAddress: request.ip,
        clientRequestId: clientRequestId(request.headers),
      }),
    },
    ...(typeof override === "object" ? override : {}),
  };
}
