import type { Permission } from "@puerta/contract";
import type { FastifyInstance } from "fastify";

/**
 * What a back-office route demands, declared in its `config.staff`: a staff session, and the
 * permission of the contract's table when one is named (none: any signed-in staff member).
 */
export type StaffRouteAccess = { permission?: Permission };

export type RouteEntry = { method: string; url: string; bodySchema: unknown; staff?: StaffRouteAccess };

declare module "fastify" {
  interface FastifyInstance {
    /** Every route the app registered, as it registered it (the security suite walks it). */
    routeTable: readonly RouteEntry[];
  }
  interface FastifyContextConfig {
    /** Set on every route of the staff scope (modules/staff/scope.ts), which enforces it. */
    staff?: StaffRouteAccess;
  }
}

/** Must run before any route is registered: child scopes inherit the hook. */
export function recordRouteTable(app: FastifyInstance) {
  const table: RouteEntry[] = [];
  app.decorate("routeTable", table);
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const staff = (route.config as { staff?: StaffRouteAccess } | undefined)?.staff;
    for (const method of methods) {
      if (method === "HEAD") continue;
      table.push({ method, url: route.url, bodySchema: route.schema?.body, ...(staff ? { staff } : {}) });
    }
  });
}
