import type { FastifyInstance } from "fastify";

export type RouteEntry = { method: string; url: string; bodySchema: unknown };

declare module "fastify" {
  interface FastifyInstance {
    /** Every route the app registered, as it registered it (the security suite walks it). */
    routeTable: readonly RouteEntry[];
  }
}

/** Must run before any route is registered: child scopes inherit the hook. */
export function recordRouteTable(app: FastifyInstance) {
  const table: RouteEntry[] = [];
  app.decorate("routeTable", table);
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD") continue;
      table.push({ method, url: route.url, bodySchema: route.schema?.body });
    }
  });
}
