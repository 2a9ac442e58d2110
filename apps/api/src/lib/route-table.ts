import type { Permission } from "@puerta/contract";
import type { FastifyInstance } from "fastify";

/**
 * What a back-office route demands, declared in its `config.staff`: a staff session, and the
 * permission of the contract's table when one is named (none: any signed-in staff member).
 */
export type StaffRouteAccess = { permission?: Permission };

/**
 * Where a route was declared (route-scopes.ts), which decides who may call it: `public`
 * anyone, `signedIn` a valid token, `reducedArea` a token and the policy accepted unless a
 * former student's, `authenticated` an enrolled student's token, `accepted` that and the current policy
 * accepted, `staff` a staff session and the permission in `config.staff`
 * (lib/staff-guard.ts). `unscoped`: registered on the app itself (the web pages, the CSRF
 * cookie).
 */
export type RouteScope = "public" | "signedIn" | "reducedArea" | "authenticated" | "accepted" | "staff" | "unscoped";

export type RouteEntry = {
  method: string;
  url: string;
  bodySchema: unknown;
  scope: RouteScope;
  staff?: StaffRouteAccess;
};

declare module "fastify" {
  interface FastifyInstance {
    /** Every route the app registered, as it registered it (the security suite walks it). */
    routeTable: readonly RouteEntry[];
  }
  interface FastifyContextConfig {
    /** Set on every route of the staff scope (lib/staff-guard.ts), which enforces it. */
    staff?: StaffRouteAccess;
  }
}

const scopes = new WeakMap<FastifyInstance, RouteScope>();

/** Tags a plugin scope: every route declared in it or in its children is recorded with `scope`. */
export function markScope(instance: FastifyInstance, scope: RouteScope) {
  scopes.set(instance, scope);
}

/** A child plugin instance inherits from its parent's prototype chain: the nearest tag wins. */
function scopeOf(instance: FastifyInstance): RouteScope {
  for (let o: object | null = instance; o; o = Object.getPrototypeOf(o)) {
    const scope = scopes.get(o as FastifyInstance);
    if (scope) return scope;
  }
  return "unscoped";
}

/** Must run before any route is registered: child scopes inherit the hook. */
export function recordRouteTable(app: FastifyInstance) {
  const table: RouteEntry[] = [];
  app.decorate("routeTable", table);
  app.addHook("onRoute", function (this: FastifyInstance, route) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const staff = (route.config as { staff?: StaffRouteAccess } | undefined)?.staff;
    for (const method of methods) {
      if (method === "HEAD") continue;
      table.push({
        method,
        url: route.url,
        bodySchema: route.schema?.body,
        scope: scopeOf(this),
        ...(staff ? { staff } : {}),
      });
    }
  });
}
