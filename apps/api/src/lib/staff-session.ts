import {
  can,
  type Permission,
  type ScopedResource,
  STAFF_MESSAGES,
  type StaffActor,
  type StaffUser,
} from "@puerta/contract";
import type { FastifyRequest } from "fastify";
import { forbidden, notFound, unauthenticated } from "./errors.ts";

/**
 * The staff side's counterpart of `auth-guard.ts`: what every back-office service needs of the
 * signed-in staff member, below the modules so that none imports `modules/staff` for it.
 */

/** A signed-in staff member, as the staff scope's guard (staff-guard.ts) found their session. */
export type LiveSession = StaffUser & { sessionId: number; stale: boolean };

/** Who did it, copied into the audit entry so that it reads the same after a rename or a role change. */
export type AuditActor = { id: number; name: string; role: string };

declare module "fastify" {
  interface FastifyRequest {
    staff: LiveSession | null;
  }
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
 * (404, docs/spec/back-office.md section 1). Services call it after loading the resource's centres.
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
