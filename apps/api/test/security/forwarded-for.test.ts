import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { createTestApp, solveCaptcha, type TestApp } from "../support/app.ts";
import { createStudent, FACTORY_PASSWORD } from "../support/factories.ts";
import { requestFrom, startForwardingProxy } from "../support/forwarding-proxy.ts";
import { freePort } from "../support/tools.ts";

const WRONG = "PasLeBonMotDePasse";

/**
 * Behind a proxy that appends to the client's X-Forwarded-For (nginx's $proxy_add_x_forwarded_for),
 * the address a limit counts is the one the proxy saw, whatever the client wrote (decision 106).
 * The clients are other loopback addresses than the proxy's, so that the proxy's own address
 * counting everything would not pass either.
 */
describe.each([
  { trustProxy: "1", clients: ["127.0.0.2", "127.0.0.3"] },
  { trustProxy: "127.0.0.1,10.0.0.0/8", clients: ["127.0.0.4", "127.0.0.5"] },
])("behind a forwarding proxy with TRUST_PROXY=$trustProxy", ({ trustProxy, clients }) => {
  let t: TestApp;
  let app: FastifyInstance;
  let proxy: Awaited<ReturnType<typeof startForwardingProxy>>;
  const [client = "", otherClient = ""] = clients;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: trustProxy, LOGIN_LOCKOUT_SECONDS: "60" } });
    app = await buildApp({ config: t.config, db: t.database.db, logger: false });
    const port = await freePort();
    await app.listen({ host: "127.0.0.1", port });
    proxy = await startForwardingProxy({ host: "127.0.0.1", port });
  });
  afterAll(async () => {
    await proxy?.stop();
    await app?.close();
    await t?.close();
  });

  const signIn = async (from: string, email: string, password: string, forgedFor?: string) =>
    requestFrom(from, proxy.port, {
      method: "POST",
      path: "/api/login",
      headers: forgedFor ? { "x-forwarded-for": forgedFor } : {},
      body: { email, password, recaptcha_token: await solveCaptcha(t.app) },
    });

  it("locks a client's sign-ins after 5 failures however many addresses it forges", async () => {
    const { email } = await createStudent(t.database.db);
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++) statuses.push((await signIn(client, email, WRONG, `203.0.113.${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, ...Array(8).fill(429)]);
    const rightPassword = await signIn(client, email, FACTORY_PASSWORD, "198.51.100.77");
    expect(rightPassword.status).toBe(429);
    expect(rightPassword.body).toMatchObject({ message: "Trop de tentatives de connexion" });
    // The lock is the client's, not the proxy's: another client through the same proxy signs in.
    expect((await signIn(otherClient, email, FACTORY_PASSWORD)).status).toBe(200);
  });

  it("limits a client's attestation look-ups to 60 a minute however many addresses it forges", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 70; i++) {
      const answer = await requestFrom(client, proxy.port, {
        method: "GET",
        path: "/api/attestations/ABCD-EFGH-JKLM",
        headers: { "x-forwarded-for": `203.0.113.${i}, 192.0.2.${i}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(statuses.slice(60)).toEqual(Array(10).fill(429));
    const other = await requestFrom(otherClient, proxy.port, {
      method: "GET",
      path: "/api/attestations/ABCD-EFGH-JKLM",
    });
    expect(other.status).not.toBe(429);
  });
});
