import { trashPage, trashQuery, trashRestoreParams } from "@puerta/contract";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.ts";
import { clientIp } from "../../lib/client-ip.ts";
import { staffCaller } from "../../lib/staff-session.ts";
import type { RouteScopes } from "../../route-scopes.ts";
import type { TrashKind } from "./kind.ts";
import { createTrash } from "./staff-service.ts";

/**
 * `/api/gestion/corbeille` (docs/spec/back-office.md section 8). Open to every staff member: each
 * sees and restores only the kinds their role may change (`update:<entity>`), checked per item.
 * The kinds are composed where the app is (src/trash-kinds.ts), so this module imports no publisher.
 */
export const trashRoutes =
  (kinds: readonly TrashKind[]) =>
  async ({ staff: scope }: RouteScopes, context: Pick<AppContext, "db" | "storage">) => {
    const trash = createTrash({ db: context.db, storage: context.storage, kinds });
    const s = scope.withTypeProvider<ZodTypeProvider>();

    s.get(
      "/api/gestion/corbeille",
      { config: { staff: {} }, schema: { querystring: trashQuery, response: { 200: trashPage } } },
      async (request) => trash.list(staffCaller(request), request.query),
    );

    s.post(
      "/api/gestion/corbeille/:kind/:id/restaurer",
      { config: { staff: {} }, schema: { params: trashRestoreParams } },
      async (request, reply) => {
        await trash.restore(staffCaller(request), request.params.kind, request.params.id, clientIp(request));
        return reply.status(204).send();
      },
    );
  };
