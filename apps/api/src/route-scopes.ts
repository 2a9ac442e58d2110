import { SCHOOL_YEAR_MESSAGES } from "@puerta/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "./app-context.ts";
import { caller, createGuard } from "./lib/auth-guard.ts";
import { forbidden } from "./lib/errors.ts";
import { markScope } from "./lib/route-table.ts";
import { guardStaffScope } from "./lib/staff-guard.ts";
import { registerMultipart } from "./lib/uploads/index.ts";
import { studentSessionCookie } from "./modules/auth/cookies.ts";
import { staffCookies } from "./modules/staff/cookies.ts";
import { createStaffSessions } from "./modules/staff/sessions.ts";

/**
 * The plugin scopes a module declares its routes in. Where a route is declared decides
 * who may call it, with no hook of its own to remember (docs/decisions/011-route-scopes.md):
 * - `public`: anyone (login, captcha, contact, password reset, the iCalendar feed);
 * - `signedIn`: a valid bearer token or student session cookie, else 401 before the body is read,
 *   whatever the student's school status (who is signed in, the session, logout);
 * - `reducedArea`: what a former student (*Ancien élève*) keeps (docs/spec/school-year-and-data.md
 *   section 3: their attestations, /profile, the password): a token, and for an enrolled student
 *   the current policy accepted, else 403 before the body is judged. A former student is not asked
 *   to accept it: the non-refund policy is about an enrolment they no longer have;
 * - `authenticated`: a token of an enrolled student, else 401, or 403 with
 *   `SCHOOL_YEAR_MESSAGES.formerStudentForbidden` for a former student;
 * - `accepted`: the same and the current policy accepted, else 403 before the body is judged:
 *   the pages the web sends to /policy-acceptance (docs/spec/student-portal.md section 4);
 * - `staff`: a staff session and the permission the route declares in `config.staff`, else
 *   401/403 before the body is read (lib/staff-guard.ts; a bearer token opens nothing).
 */
export type RouteScopes = {
  public: FastifyInstance;
  signedIn: FastifyInstance;
  reducedArea: FastifyInstance;
  authenticated: FastifyInstance;
  accepted: FastifyInstance;
  staff: FastifyInstance;
};

/** A module's routes: declared in the scopes it is given, never guarded one by one. */
export type RouteModule = (scopes: RouteScopes, context: AppContext) => void | Promise<void>;

/**
 * Nested scopes, so the hooks add up: `accepted` inside `authenticated`, which with `reducedArea`
 * is inside `signedIn`, inside `public`.
 */
export async function registerRouteScopes(app: FastifyInstance, context: AppContext, modules: readonly RouteModule[]) {
  const requireAuth = createGuard(context.auth.authenticateToken, studentSessionCookie(context.config).name);
  const requireAcceptedPolicy = async (request: FastifyRequest) =>
    context.policy.assertAccepted(caller(request).userId);
  const requireEnrolled = async (request: FastifyRequest) => {
    if (caller(request).formerStudent) throw forbidden(SCHOOL_YEAR_MESSAGES.formerStudentForbidden);
  };
  const requireAcceptedUnlessFormer = async (request: FastifyRequest) => {
    const who = caller(request);
    if (!who.formerStudent) await context.policy.assertAccepted(who.userId);
  };

  await app.register(async (publicScope) => {
    markScope(publicScope, "public");
    // Every scope is made before any module runs: a plugin registered from inside another
    // plugin would inherit that one's hooks, so modules only declare routes in these scopes
    // (a child plugin a module registers is the reduced area's, below).
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
    await publicScope.register(async (signedIn) => {
      markScope(signedIn, "signedIn");
      signedIn.addHook("onRequest", requireAuth);
      let acceptedScope: FastifyInstance | undefined;
      let authenticatedScope: FastifyInstance | undefined;
      await signedIn.register(async (authenticated) => {
        markScope(authenticated, "authenticated");
        authenticated.addHook("onRequest", requireEnrolled);
        authenticatedScope = authenticated;
        await authenticated.register(async (accepted) => {
          markScope(accepted, "accepted");
          accepted.addHook("onRequest", requireAcceptedPolicy);
          acceptedScope = accepted;
        });
      });
      const authenticated = authenticatedScope;
      const accepted = acceptedScope;
      if (!authenticated || !accepted) throw new Error("the enrolled students' scopes were not created");
      // The modules run last, inside the reduced area: a plugin one of them registers (the profile's
      // multipart parser) is a child of the scope being loaded, so it keeps the reduced area's hooks.
      await signedIn.register(async (reducedArea) => {
        markScope(reducedArea, "reducedArea");
        reducedArea.addHook("onRequest", requireAcceptedUnlessFormer);
        const scopes = { public: publicScope, signedIn, reducedArea, authenticated, accepted, staff };
        for (const declareRoutes of modules) await declareRoutes(scopes, context);
      });
    });
  });
}
