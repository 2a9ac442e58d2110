import { can, STAFF_MESSAGES } from "@puerta/contract";
import type { FastifyInstance } from "fastify";
import { assertCsrfBoundToSession } from "./csrf.ts";
import { forbidden, unauthenticated } from "./errors.ts";
// Also declares `config.staff` on Fastify's route config.
import type { StaffRouteAccess } from "./route-table.ts";
import type { LiveSession } from "./staff-session.ts";

/** Resolves a staff session cookie's value to its staff member, or null (modules/staff/sessions.ts). */
export type AuthenticateStaff = (cookie: string | undefined) => Promise<LiveSession | null>;

/**
 * Guards the `staff` route scope (route-scopes.ts), where every back-office route is declared.
 * Its onRequest hook runs before any body is read: a live staff session (the cookie; a bearer
 * token is ignored), then the permission the route declares in `config.staff`. A route of the
 * scope without that declaration stops the app at start-up, so no route can be left unguarded
 * by mistake.
 */
export function guardStaffScope(
  scope: FastifyInstance,
  { authenticate, sessionCookie }: { authenticate: AuthenticateStaff; sessionCookie: string },
) {
  scope.decorateRequest("staff", null);
  scope.addHook("onRoute", (route) => {
    if (!route.config?.staff)
      throw new Error(`${route.method} ${route.url}: config.staff manquant (scope du personnel)`);
  });
  scope.addHook("onRequest", async (request) => {
    const session = await authenticate(request.cookies[sessionCookie]);
    if (!session) throw unauthenticated();
    assertCsrfBoundToSession(request, request.cookies[sessionCookie] ?? "");
    request.staff = session;
    const access: StaffRouteAccess | undefined = request.routeOptions.config.staff;
    const permission = access?.permission;
    if (permission && !can(session, permission)) throw forbidden(STAFF_MESSAGES.forbidden);
  });
}
