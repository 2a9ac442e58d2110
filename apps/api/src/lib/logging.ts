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
type RequestLike = { method: string; url: string; ip?: string };

/**
 * pino options for the app: JSON lines with the request id, secrets redacted, and request
 * URLs logged without their query string (a reset link carries its token there). `override`
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
        url: request.url.split("?")[0],
        remoteAddress: request.ip,
      }),
    },
    ...(typeof override === "object" ? override : {}),
  };
}
