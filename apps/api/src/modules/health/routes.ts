import type { AppContext } from "../../app-context.ts";
import type { RouteScopes } from "../../route-scopes.ts";

/**
 * GET /healthz: the process answers. GET /readyz: it can serve (service.ts). Both outside
 * /api, uncached, and quiet in the log, since a load balancer or systemd polls them.
 */
export async function healthRoutes(scopes: RouteScopes, { readiness }: AppContext) {
  const app = scopes.public;
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
