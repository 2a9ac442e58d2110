import { can, type Permission, type ScopedResource, STAFF_MESSAGES, type StaffActor } from "@puerta/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { assertCsrfBoundToSession } from "../../lib/csrf.ts";
import { forbidden, notFound, unauthenticated } from "../../lib/errors.ts";
// Also declares `config.staff` on Fastify's route config.
import type { StaffRouteAccess } from "../../lib/route-table.ts";
import type { AuditActor } from "../audit/audit.ts";
import type { StaffCookies } from "./cookies.ts";
import type { LiveSession } from "./queries.ts";
import type { StaffSessions } from "./sessions.ts";

declare module "fastify" {
  interface FastifyRequest {
    staff: LiveSession | null;
  }
}

/**
 * Guards the `staff` route scope (route-scopes.ts), where every back-office route is declared.
 * Its onRequest hook runs before any body is read: a live staff session (the cookie; a bearer
 * token is ignored), then the permission the route declares in `config.staff`. A route of the
 * scope without that declaration stops the app at start-up, so no route can be left unguarded
 * by mistake.
 */
export function guardStaffScope(
  scope: FastifyInstance,
  { sessions, cookies }: { sessions: StaffSessions; cookies: StaffCookies },
) {
  scope.decorateRequest("staff", null);
  scope.addHook("onRoute", (route) => {
    if (!route.config?.staff)
      throw new Error(`${route.method} ${route.url}: config.staff manquant (scope du personnel)`);
  });
  scope.addHook("onRequest", async (request) => {
    const session = await sessions.authenticate(request.cookies[cookies.session.name]);
    if (!session) throw unauthenticated();
    assertCsrfBoundToSession(request, request.cookies[cookies.session.name] ?? "");
    request.staff = session;
    const access: StaffRouteAccess | undefined = request.routeOptions.config.staff;
    const permission = access?.permission;
    if (permission && !can(session, permission)) throw forbidden(STAFF_MESSAGES.forbidden);
  });
}

/** The signed-in staff member inside a route of the staff scope. */
export function staffCaller(request: FastifyRequest): LiveSession {
  if (!request.staff) throw unauthenticated();
  return request.staff;
}

export const auditActor = (staff: Pick<LiveSession, "id" | "name" | "role">): AuditActor => ({
  id: staff.id,
  name: staff.name,
  role: staff.role,
});

export const actorOf = (staff: LiveSession): StaffActor => ({ role: staff.role, centre_ids: staff.centre_ids });

/**
 * A resource the staff member asked for by id: outside their scope it does not exist for them
 * (404, docs/spec/back-office.md section 1). Later modules call it after loading the resource's centres.
 */
export function assertVisible(staff: LiveSession, permission: Permission, resource: ScopedResource) {
  if (!can(actorOf(staff), permission, resource)) throw notFound();
}

/**
 * What a write would leave behind (the resource's centres after the change): a target outside
 * the staff member's scope is refused with 403 and a French message, nothing written.
 */
export function assertWritable(staff: LiveSession, permission: Permission, target: ScopedResource) {
  if (!can(actorOf(staff), permission, target)) throw forbidden(STAFF_MESSAGES.outsideScope);
}
