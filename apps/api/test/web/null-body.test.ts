/**
 * No answer with a null body status (101, 103, 204, 205, 304) carries a body, whoever made it
 * (decision 107): read off the socket, as a proxy or a browser would.
 */
import { request } from "node:http";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import type { RouteModule } from "../../src/route-scopes.ts";
import { createTestApp, type TestApp } from "../support/app.ts";

/** Routes that answer a null body status with a body, as a mistake would. */
const careless: RouteModule = async (scopes) => {
  scopes.public.get("/api/probe/205", async (_request, reply) => reply.status(205).send({ message: "vu" }));
  scopes.public.get("/api/probe/304", async (_request, reply) => reply.status(304).send("contenu"));
  scopes.public.get("/api/probe/204", async (_request, reply) => reply.status(204).send({ message: "vu" }));
};

/** The raw answer: status line, headers and every byte after them until the server ends it. */
function rawGet(url: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { connection: "close" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe("answers with a null body status", () => {
  let t: TestApp;
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    app = await buildApp({ config: t.config, db: t.database.db, logger: false, extraRoutes: [careless] });
    url = await app.listen({ host: "127.0.0.1", port: 0 });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it.each([205, 304, 204])("sends %i without a body, a length or a type", async (status) => {
    const answer = await rawGet(`${url}/api/probe/${status}`);
    expect(answer.status).toBe(status);
    expect(answer.body).toBe("");
    expect(answer.headers["content-type"]).toBeUndefined();
    expect(["0", undefined]).toContain(answer.headers["content-length"]);
  });
});
