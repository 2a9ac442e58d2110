import type { StaffRole } from "@puerta/contract";
import { inArray, sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { generate } from "otplib";
import { centres } from "../../src/db/schema/index.ts";
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from "../../src/demo/staff.ts";
import { queryRows, solveCaptcha, type TestApp } from "./app.ts";
import { FACTORY_PASSWORD, uniqueEmail } from "./factories.ts";
import { createStaffMember } from "./staff-factories.ts";

export { DEMO_STAFF, DEMO_STAFF_PASSWORD };

export const STAFF_COOKIE = "puerta_staff";
export const PENDING_COOKIE = "puerta_staff_pending";

/** The CSRF double submit as the web sends it: the cookie from /sanctum/csrf-cookie, echoed in the header. */
export async function csrfPair(app: FastifyInstance) {
  const response = await app.inject({ method: "GET", url: "/sanctum/csrf-cookie" });
  const cookie = response.cookies.find((c) => c.name === "XSRF-TOKEN");
  if (!cookie) throw new Error("no CSRF cookie");
  return { cookies: { "XSRF-TOKEN": cookie.value }, headers: { "x-xsrf-token": cookie.value } };
}

export const cookieOf = (response: LightMyRequestResponse, name: string) =>
  response.cookies.find((c) => c.name === name);

/** A code as an authenticator app shows it, `steps` periods of 30 s away from now. */
export const totpCode = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** A staff browser: its cookies (CSRF pair included) and requests that carry them. */
export async function staffBrowser(t: TestApp) {
  const csrf = await csrfPair(t.app);
  const cookies: Record<string, string> = { ...csrf.cookies };
  // As the web does: the header echoes the cookie as it is now (it is issued again at sign-in and sign-out).
  const csrfHeaders = () => ({ "x-xsrf-token": cookies["XSRF-TOKEN"] ?? "" });
  const keep = (response: LightMyRequestResponse) => {
    for (const cookie of response.cookies) {
      const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() < Date.now());
      if (expired || cookie.value === "") delete cookies[cookie.name];
      else cookies[cookie.name] = cookie.value;
    }
    return response;
  };
  const send = async (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
    keep(
      await t.app.inject({
        method,
        url,
        cookies,
        headers: csrfHeaders(),
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    );
  return {
    cookies,
    get csrfHeaders() {
      return csrfHeaders();
    },
    get: (url: string) => send("GET", url),
    post: (url: string, payload?: unknown) => send("POST", url, payload),
    patch: (url: string, payload?: unknown) => send("PATCH", url, payload),
    delete: (url: string) => send("DELETE", url),
    async login(email: string, password = DEMO_STAFF_PASSWORD) {
      return send("POST", "/api/gestion/login", { email, password, recaptcha_token: await solveCaptcha(t.app) });
    },
  };
}

export type StaffBrowser = Awaited<ReturnType<typeof staffBrowser>>;

/** The TOTP secrets the tests enrolled, by e-mail: what the authenticator app of each person holds. */
const enrolled = new WeakMap<TestApp, Map<string, string>>();

/**
 * Signs a staff member in through the two real steps, enrolling on the first sign-in. The
 * account's last accepted time step is forgotten first, so that signing in twice within 30
 * seconds (which replay protection refuses) works in tests.
 */
export async function signInStaff(t: TestApp, email: string, password = DEMO_STAFF_PASSWORD) {
  const secrets = enrolled.get(t) ?? new Map<string, string>();
  enrolled.set(t, secrets);
  await queryRows(t, sql`update staff_users set totp_last_step = null where email = ${email}`);
  const browser = await staffBrowser(t);
  const first = await browser.login(email, password);
  if (first.statusCode !== 200) throw new Error(`staff login failed: ${first.statusCode} ${first.body}`);
  const step = first.json();
  if (step.step === "enrol") secrets.set(email, step.secret);
  const secret = secrets.get(email);
  if (!secret) throw new Error(`no known TOTP secret for ${email}`);
  const second = await browser.post("/api/gestion/login/totp", { code: await totpCode(secret) });
  if (second.statusCode !== 200) throw new Error(`staff TOTP failed: ${second.statusCode} ${second.body}`);
  return {
    browser,
    secret,
    user: second.json().user,
    recoveryCodes: second.json().recovery_codes as string[] | undefined,
  };
}

/**
 * A staff account of its own for one test (a fresh address, `FACTORY_PASSWORD`), signed in:
 * for a test that changes an account, or reads what an account did, without touching the
 * demo seed's or another test's.
 */
export async function signInNewStaff(
  t: TestApp,
  role: StaffRole,
  options: {
    centreIds?: number[];
    /** Centres by name (the demo seed's academy: "Ain Sebaa", "Zenith"), added to `centreIds`. */
    centres?: string[];
    name?: string;
  } = {},
) {
  const email = uniqueEmail(role);
  const named = options.centres?.length
    ? await t.database.db.select({ id: centres.id }).from(centres).where(inArray(centres.nom, options.centres))
    : [];
  if (named.length !== (options.centres?.length ?? 0)) throw new Error(`centre inconnu parmi ${options.centres}`);
  const id = await createStaffMember(t.database.db, {
    name: options.name ?? `Personnel ${role}`,
    email,
    role,
    centreIds: [...(options.centreIds ?? []), ...named.map((centre) => centre.id)],
    password: FACTORY_PASSWORD,
  });
  return { id, email, ...(await signInStaff(t, email, FACTORY_PASSWORD)) };
}
