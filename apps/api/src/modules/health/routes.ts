import type { AppContext } from "../../app-context.ts";
import type { RouteScopes } from "../../route-scopes.ts";
import { createReadiness } from "./service.ts";

/**
 * GET /healthz: the process answers. GET /readyz: it can serve (service.ts). Both outside
 * /api, uncached, and quiet in the log, since a load balancer or systemd polls them.
 */
export async function healthRoutes(scopes: RouteScopes, { db, storage }: AppContext) {
  const app = scopes.public;
  const readiness = createReadiness({ db, storage, log: app.log });
  const quiet = { logLevel: "warn" as const };

  app.get("/healthz", quiet, async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    return { status: "ok" };
  });

  app.get("/readyz", quiet, async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    if (await readiness.isReady()) return { status: "ok" };
    return reply.code(503).send({ status: "indisponible" });
  });
}
