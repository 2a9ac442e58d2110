import { centresResponse } from "@puerta/contract";
import { asc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../../db/client.ts";
import { centres } from "../../db/schema/index.ts";

/** Reference data for the back-office. Today: the centres, for pickers, to any signed-in staff member. */
export async function referentielRoutes(scope: FastifyInstance, { db }: { db: Database }) {
  scope
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/gestion/referentiel/centres",
      { config: { staff: {} }, schema: { response: { 200: centresResponse } } },
      async () => ({
        data: await db.select({ id: centres.id, name: centres.nom }).from(centres).orderBy(asc(centres.nom)),
      }),
    );
}
