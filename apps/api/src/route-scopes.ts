import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "./app-context.ts";
import { caller, createGuard } from "./lib/auth-guard.ts";
import { markScope } from "./lib/route-table.ts";
import { guardStaffScope } from "./lib/staff-guard.ts";
import { registerMultipart } from "./lib/uploads/index.ts";
import { studentSessionCookie } from "./modules/auth/cookies.ts";
import { staffCookies } from "./modules/staff/cookies.ts";
import { createStaffSessions } from "./modules/staff/sessions.ts";

/**
 * The three plugin scopes a module declares its routes in. Where a route is declared decides
 * who may call it, with no hook of its own to remember (docs/decisions/011-route-scopes.md):
 * - `public`: anyone (login, captcha, contact, password reset, the iCalendar feed);
 * - `authenticated`: a valid bearer token or student session cookie, else 401 before the body is read;
 * - `accepted`: a token and the current policy accepted, else 403 before the body is judged:
 *   the pages the web sends to /policy-acceptance (docs/spec/student-portal.md section 4);
 * - `staff`: a staff session and the permission the route declares in `config.staff`, else
 *   401/403 before the body is read (lib/staff-guard.ts; a bearer token opens nothing).
 */
export type RouteScopes = {
  public: FastifyInstance;
  authenticated: FastifyInstance;
  accepted: FastifyInstance;
  staff: FastifyInstance;
};

/** A module's routes: declared in the scopes it is given, never guarded one by one. */
export type RouteModule = (scopes: RouteScopes, context: AppContext) => void | Promise<void>;

/** Nested scopes: `accepted` inside `authenticated` inside `public`, so the hooks add up. */
export async function registerRouteScopes(app: FastifyInstance, context: AppContext, modules: readonly RouteModule[]) {
  const requireAuth = createGuard(context.auth.authenticateToken, studentSessionCookie(context.config).name);
  const requireAcceptedPolicy = async (request: FastifyRequest) =>
    context.policy.assertAccepted(caller(request).userId);

  await app.register(async (publicScope) => {
    markScope(publicScope, "public");
    // Every scope is made before any module runs: a plugin registered from inside another
    // plugin would inherit that one's hooks, so modules only declare routes in these four.
    let staffScope: FastifyInstance | undefined;
    await publicScope.register(async (staff) => {
      markScope(staff, "staff");
      guardStaffScope(staff, {
        authenticate: createStaffSessions(context.db).authenticate,
        sessionCookie: staffCookies(context.config).session.name,
      });
      await registerMultipart(staff); // uploads of docs/spec/back-office.md section 5: each route reads with its own limits
      staffScope = staff;
    });
    const staff = staffScope;
    if (!staff) throw new Error("the staff scope was not created");
    await publicScope.register(async (authenticated) => {
      markScope(authenticated, "authenticated");
      authenticated.addHook("onRequest", requireAuth);
      await authenticated.register(async (accepted) => {
        markScope(accepted, "accepted");
        accepted.addHook("onRequest", requireAcceptedPolicy);
        const scopes = { public: publicScope, authenticated, accepted, staff };
        for (const declareRoutes of modules) await declareRoutes(scopes, context);
      });
    });
  });
}
