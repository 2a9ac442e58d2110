import { idParam } from "@puerta/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { clientIp } from "./client-ip.ts";
import type { StaffRouteAccess } from "./route-table.ts";
import { type LiveSession, staffCaller } from "./staff-session.ts";

const byId = z.object({ id: idParam });

/**
 * "Retirer" in the back-office: `DELETE {path}` (ending in `/:id`), where the service withdraws
 * the item into the restore bin as the caller, then 204.
 */
export function withdrawRoute(
  scope: FastifyInstance,
  path: `${string}/:id`,
  access: { staff: StaffRouteAccess },
  withdraw: (staff: LiveSession, id: number, ip: string) => Promise<unknown>,
) {
  scope
    .withTypeProvider<ZodTypeProvider>()
    .delete(path, { config: access, schema: { params: byId } }, async (request, reply) => {
      await withdraw(staffCaller(request), request.params.id, clientIp(request));
      return reply.status(204).send();
    });
}
