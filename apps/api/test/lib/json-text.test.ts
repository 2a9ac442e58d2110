import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type JsonText, jsonTextSerializer, successJson } from "../../src/lib/json-text.ts";
import { createTestApp, type TestApp } from "../support/app.ts";

const answer = z.object({
  success: z.literal(true),
  data: z.array(z.object({ id: z.number().int(), nom: z.string() })),
});

/** A bare app with one route answering `body` under the contract schema above. */
async function appAnswering(body: JsonText, check: boolean) {
  const app = Fastify({ logger: false });
  app.setSerializerCompiler(jsonTextSerializer(check));
  app.get("/checked", { schema: { response: { 200: answer } } }, async () => body);
  app.get("/unchecked", async () => body);
  await app.ready();
  return app;
}

describe("answers written by the database (JsonText)", () => {
  it("are sent as they are when they are what the zod serializer would write", async () => {
    const text = successJson('[{"id":1,"nom":"Zénith \\"A\\""}]');
    const app = await appAnswering(text, true);
    const response = await app.inject({ url: "/checked" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.body).toBe(text.text);
    expect(answer.parse(response.json()).data[0]?.nom).toBe('Zénith "A"');
  });

  it.each([
    ["another key order", '[{"nom":"A","id":1}]'],
    ["a field the contract lacks", '[{"id":1,"nom":"A","extra":true}]'],
    ["a missing field", '[{"id":1}]'],
    ["a wrong type", '[{"id":"1","nom":"A"}]'],
    ["spaces json_build_object would add", '[{"id" : 1, "nom" : "A"}]'],
  ])("fail with %s when checked (every environment but production)", async (_, data) => {
    const app = await appAnswering(successJson(data), true);
    expect((await app.inject({ url: "/checked" })).statusCode).toBe(500);
  });

  it("are not parsed again in production", async () => {
    const text = successJson('[{"nom":"A","id":1}]');
    const app = await appAnswering(text, false);
    expect((await app.inject({ url: "/checked" })).body).toBe(text.text);
  });

  it("cannot be sent by a route without a response schema", async () => {
    const app = await appAnswering(successJson("[]"), false);
    expect((await app.inject({ url: "/unchecked" })).statusCode).toBe(500);
  });

  it("write further fields after data, escaped", () => {
    expect(successJson("{}", { message: 'Dit "oui"' }).text).toBe(
      '{"success":true,"data":{},"message":"Dit \\"oui\\""}',
    );
  });
});

describe("the test suite's apps", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  // Every integration test then holds each JsonText answer to its contract schema.
  it("check JsonText answers against the contract", () => {
    expect(t.config.env).toBe("test");
  });
});
