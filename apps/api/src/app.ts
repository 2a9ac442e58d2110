import { randomUUID } from "node:crypto";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import { LIMITS } from "@puerta/contract";
import Fastify, { type FastifyServerOptions } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { AppContext } from "./app-context.ts";
import type { Config } from "./config.ts";
import type { CoreContext } from "./context.ts";
import type { Database } from "./db/client.ts";
import { createCaptcha } from "./lib/captcha.ts";
import { trustedProxies } from "./lib/client-ip.ts";
import { registerCsrf } from "./lib/csrf.ts";
import { registerDraining } from "./lib/draining.ts";
import { frameworkErrors, registerErrorHandler } from "./lib/errors.ts";
import { registerIdempotency } from "./lib/idempotency.ts";
import { registerJsonParser } from "./lib/json-body.ts";
import { jsonTextSerializer } from "./lib/json-text.ts";
import { loggerOptions } from "./lib/logging.ts";
import { createMailer } from "./lib/mailer/index.ts";
import { recordRouteTable } from "./lib/route-table.ts";
import { cspDirectives, PERMISSIONS_POLICY } from "./lib/security-headers.ts";
import { createStorageFromConfig } from "./lib/storage/index.ts";
import { studentSessionCookie } from "./modules/auth/cookies.ts";
import { authRoutes } from "./modules/auth/routes.ts";
import { createAuthService } from "./modules/auth/service.ts";
import { calendarRoutes } from "./modules/calendars/routes.ts";
import { certificateRoutes } from "./modules/certificates/routes.ts";
import { contactRoutes } from "./modules/contact/routes.ts";
import { documentsRoutes } from "./modules/documents/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { createReadiness } from "./modules/health/service.ts";
import { notificationRoutes } from "./modules/notifications/routes.ts";
import { orientationRoutes } from "./modules/orientation/routes.ts";
import { passwordRoutes } from "./modules/passwords/routes.ts";
import { planningRoutes } from "./modules/planning/routes.ts";
import { policyRoutes } from "./modules/policy/routes.ts";
import { createPolicyService } from "./modules/policy/service.ts";
import { profileRoutes } from "./modules/profile/routes.ts";
import { staffCookies } from "./modules/staff/cookies.ts";
import { NULL_BODY_STATUSES } from "./modules/web/page-messages.ts";
import { webRoutes } from "./modules/web/routes.ts";
import type { PageThreadOptions } from "./modules/web/server-pages.ts";
import { type RouteModule, registerRouteScopes } from "./route-scopes.ts";
import { createScheduledJobs } from "./scheduled-jobs.ts";
import { STAFF_ROUTE_MODULES } from "./staff-app.ts";

/**
 * Every module's routes, each declared in its scopes (route-scopes.ts): the public and student
 * side here, the back-office's staff side listed in staff-app.ts.
 */
const ROUTE_MODULES: readonly RouteModule[] = [
  authRoutes,
  policyRoutes,
  calendarRoutes,
  notificationRoutes,
  certificateRoutes,
  profileRoutes,
  passwordRoutes,
  contactRoutes,
  planningRoutes,
  documentsRoutes,
  orientationRoutes,
  healthRoutes,
  ...STAFF_ROUTE_MODULES,
];

export type BuildOptions = {
  config: Config;
  db: Database;
  logger?: FastifyServerOptions["logger"];
  /** More route modules, declared in the same scopes (the security suite adds a probe route). */
  extraRoutes?: readonly RouteModule[];
  /** The page thread's deadline, limits or build (tests: a render that hangs, decision 107). */
  pageThread?: PageThreadOptions;
};

export async function buildApp({ config, db, logger, extraRoutes = [], pageThread }: BuildOptions) {
  const app = Fastify({
    logger: loggerOptions(config, logger),
    bodyLimit: LIMITS.jsonBodyBytes,
    trustProxy: trustedProxies(config.trustProxy),
    // Always ours: a client's X-Request-Id is only logged beside it (lib/logging.ts).
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors,
    // Requests that arrive while the server stops get lib/draining.ts's French 503 instead.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Outside production, answers PostgreSQL wrote are also held to the contract (decision 050).
  app.setSerializerCompiler(jsonTextSerializer(config.env !== "production"));
  // A fault a request meets drops readiness's cached answer (decision 107); `context` is made below.
  registerErrorHandler(app, () => context.readiness.faultSeen());
  registerDraining(app);
  recordRouteTable(app);

  registerJsonParser(app);
  const studentCookieName = studentSessionCookie(config).name;

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    hsts: config.env === "production" ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
  // Set with helmet's headers, before the answer is made, so that the static files' own
  // header rules (modules/web/routes.ts) can leave it off the hashed assets.
  app.addHook("onRequest", async (_request, reply) => {
    reply.raw.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
  });
  app.addHook("onSend", async (request, reply) => {
    reply.header("X-Request-Id", request.id);
    if (!request.url.startsWith("/api/")) return;
    // A signed-in answer (private images included) is never kept by any cache.
    const cacheControl = String(reply.getHeader("Cache-Control") ?? "");
    // No cookies were parsed when an earlier onRequest hook refused the request (a draining 503).
    const signedIn = request.headers.authorization || request.cookies?.[studentCookieName];
    if (!cacheControl || (signedIn && !cacheControl.includes("no-store"))) {
      reply.header("Cache-Control", "no-store");
    }
  });
  // No answer with a null body status carries a body (Fetch's null body statuses: 101, 103, 204, 205,
  // 304), whoever made it: Node drops it only for 1xx, 204 and 304 (decision 107).
  app.addHook("onSend", async (_request, reply, payload) => {
    if (!NULL_BODY_STATUSES.has(reply.statusCode)) return payload;
    for (const name of ["content-type", "content-length", "content-encoding"]) reply.removeHeader(name);
    return null;
  });
  app.decorateRequest("auth", null);

  const core: CoreContext = {
    config,
    db,
    captcha: createCaptcha(db, config),
    storage: createStorageFromConfig(db, config.dataDir, config.storage),
  };
  const auth = createAuthService(core);
  const mail = createMailer({ db, config, log: app.log });
  const context: AppContext = {
    ...core,
    auth,
    policy: createPolicyService(core),
    mail,
    jobs: createScheduledJobs({ ...core, mail, log: app.log }),
    readiness: createReadiness({ db, storage: core.storage, log: app.log }),
  };
  // The outbox worker runs while the server does; closing waits for the message in flight.
  app.addHook("onReady", async () => context.mail.start());
  app.addHook("onClose", async () => context.mail.stop());
  app.addHook("onReady", async () => context.jobs.start());
  app.addHook("onClose", async () => context.jobs.stop());

  // The CSRF token is bound to the staff session, else to the student's web session.
  registerCsrf(app, config, [staffCookies(config).session.name, studentSessionCookie(config).name]);
  registerIdempotency(app, db); // `config.idempotent` routes: Idempotency-Key (decision 087)
  await registerRouteScopes(app, context, [...ROUTE_MODULES, ...extraRoutes]);
  await webRoutes(app, context, pageThread);
  return app;
}
