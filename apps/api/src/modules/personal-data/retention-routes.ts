import {
  dataRequestsResponse,
  PERSONAL_DATA_MESSAGES,
  purgeRequest,
  purgeResponse,
  purgeRunsResponse,
  retentionPatch,
  retentionSettings,
} from "@puerta/contract";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.ts";
import { clientIp } from "../../lib/client-ip.ts";
import { HttpError } from "../../lib/errors.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { auditActor, staffCaller } from "../../lib/staff-session.ts";
import type { RouteModule, RouteScopes } from "../../route-scopes.ts";
import { createPurge, purgeAnswer } from "./purge.ts";
import { createRetentionOffice } from "./retention.ts";

/**
 * `/api/gestion/conservation` (docs/spec/school-year-and-data.md section 5, decision 114): the
 * retention periods and CNDP number, the purge (preview or applied), and beside the spec's
 * routes the purge runs and the requests handled, for `/gestion/donnees-personnelles`.
 */
export const retentionRoutes =
  (parts: readonly PersonalDataPart[]): RouteModule =>
  async ({ staff: scope }: RouteScopes, { db, storage, config }: AppContext) => {
    const office = createRetentionOffice(db);
    const purge = createPurge({ db, storage, dataDir: config.dataDir, parts });
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.get(
      "/api/gestion/conservation",
      {
        config: { staff: { permission: "read:donnees-personnelles" } },
        schema: { response: { 200: retentionSettings } },
      },
      async () => office.get(),
    );
    s.patch(
      "/api/gestion/conservation",
      {
        config: { staff: { permission: "update:donnees-personnelles" } },
        schema: { body: retentionPatch, response: { 200: retentionSettings } },
      },
      async (request) => office.update(staffCaller(request), request.body, clientIp(request)),
    );
    s.post(
      "/api/gestion/conservation/purge",
      {
        config: { staff: { permission: "delete:donnees-personnelles" } },
        schema: { body: purgeRequest, response: { 200: purgeResponse } },
      },
      async (request) => {
        if (request.body.apercu === true) return purgeAnswer(await purge.preview());
        const counts = await purge.now(auditActor(staffCaller(request)), clientIp(request));
        if (!counts) throw new HttpError(409, { message: PERSONAL_DATA_MESSAGES.purgeBusy });
        return purgeAnswer(counts);
      },
    );
    s.get(
      "/api/gestion/conservation/purges",
      {
        config: { staff: { permission: "read:donnees-personnelles" } },
        schema: { response: { 200: purgeRunsResponse } },
      },
      async () => purge.runs(),
    );
    s.get(
      "/api/gestion/conservation/demandes",
      {
        config: { staff: { permission: "read:donnees-personnelles" } },
        schema: { response: { 200: dataRequestsResponse } },
      },
      async () => purge.requests(),
    );
  };
