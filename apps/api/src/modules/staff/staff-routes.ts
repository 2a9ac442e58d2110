import {
  activationInfo,
  activationQuery,
  activationRequest,
  activationResponse,
  idParam,
  staffAccount,
  staffAccountCreateRequest,
  staffAccountsPage,
  staffAccountsQuery,
  staffAccountUpdateRequest,
  staffLoginRequest,
  staffLoginResponse,
  staffMeResponse,
  staffPasswordChangeRequest,
  staffTotpRequest,
  staffTotpResponse,
} from "@puerta/contract";
import type { FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import { clientIp } from "../../lib/client-ip.ts";
import { issueCsrfCookie, requireCsrf } from "../../lib/csrf.ts";
import { sendCsv } from "../../lib/spreadsheet-export.ts";
import { staffCaller } from "../../lib/staff-session.ts";
import type { RouteScopes } from "../../route-scopes.ts";
import { setStudentSession, studentSessionCookie } from "../auth/cookies.ts";
import { createStudentActivation } from "../students/activation.ts";
import { createStaffAccounts } from "./accounts.ts";
import { createActivation } from "./activation.ts";
import { staffCookies } from "./cookies.ts";
import { createStaffLockout } from "./lockout.ts";
import { staffPasswordResetRoutes } from "./password-reset.ts";
import { createStaffSecrets } from "./secrets.ts";
import { createStaffSessions } from "./sessions.ts";
import { createStaffSignIn, SecondFactorUnreadableError } from "./sign-in.ts";

/**
 * The staff's own accounts (docs/spec/back-office.md sections 2 and 8): the sign-in, the activation
 * link and the password reset outside the staff scope; the session, "me" and the accounts inside
 * it (lib/staff-guard.ts). The rest of the back-office is each module's staff side (src/staff-app.ts).
 */
export async function staffAccountRoutes(scopes: RouteScopes, context: AppContext) {
  const app = scopes.public;
  const { db, config, captcha, mail } = context;
  const cookies = staffCookies(config);
  const sessions = createStaffSessions(db);
  const signIn = createStaffSignIn({
    db,
    captcha,
    secrets: createStaffSecrets(config.appSecret),
    sessions,
    lockout: createStaffLockout(db, config),
    mail,
    publicUrl: config.publicUrl,
  });
  const accounts = createStaffAccounts({ db, config, mail });
  const activation = createActivation(db, createStudentActivation(context));
  const studentCookie = studentSessionCookie(config);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const noContent = (reply: FastifyReply) => reply.status(204).send();

  r.post(
    "/api/gestion/login",
    { onRequest: requireCsrf, schema: { body: staffLoginRequest, response: { 200: staffLoginResponse } } },
    async (request, reply) => {
      const { answer, pendingToken } = await signIn.login(request.body, clientIp(request));
      reply.setCookie(cookies.pending.name, pendingToken, cookies.pending.options);
      return answer;
    },
  );

  r.post(
    "/api/gestion/login/totp",
    { onRequest: requireCsrf, schema: { body: staffTotpRequest, response: { 200: staffTotpResponse } } },
    async (request, reply) => {
      const { answer, sessionToken } = await signIn
        .confirm(request.body.code, request.cookies[cookies.pending.name], clientIp(request))
        .catch((error: unknown) => {
          if (error instanceof SecondFactorUnreadableError) {
            request.log.error(
              { staffId: error.staffId },
              "secret de double authentification indéchiffrable : APP_SECRET n'est pas celui qui l'a chiffré " +
                "(base restaurée sous un autre secret ?). Rétablir l'APP_SECRET d'origine, ou réinitialiser : " +
                "npm run staff:reset-2fa -- --email <adresse>",
            );
          }
          throw error;
        });
      reply.clearCookie(cookies.pending.name, cookies.pending.options);
      reply.setCookie(cookies.session.name, sessionToken, cookies.session.options);
      issueCsrfCookie(reply, sessionToken); // the CSRF token now carries this session's MAC
      return answer;
    },
  );

  r.get(
    "/api/activation",
    { schema: { querystring: activationQuery, response: { 200: activationInfo } } },
    async (request) => activation.check(request.query.token, clientIp(request)),
  );

  r.post(
    "/api/activation",
    { onRequest: requireCsrf, schema: { body: activationRequest, response: { 200: activationResponse } } },
    async (request, reply) => {
      const activated = await activation.activate(request.body, clientIp(request));
      if (activated.kind === "staff") return activated;
      const { token, ...answer } = activated;
      setStudentSession(studentCookie, request, reply, token);
      return answer;
    },
  );

  await staffPasswordResetRoutes(app, context);

  {
    const scope = scopes.staff;
    const s = scope.withTypeProvider<ZodTypeProvider>();
    const anyStaff = { staff: {} };
    const byId = z.object({ id: idParam });

    s.post("/api/gestion/logout", { config: anyStaff }, async (request, reply) => {
      await signIn.logout(staffCaller(request), clientIp(request));
      reply.clearCookie(cookies.session.name, cookies.session.options);
      issueCsrfCookie(reply, null);
      return noContent(reply);
    });

    s.get("/api/gestion/me", { config: anyStaff, schema: { response: { 200: staffMeResponse } } }, async (request) => {
      const { id, name, email, role, centre_ids } = staffCaller(request);
      return { user: { id, name, email, role, centre_ids } };
    });

    s.post(
      "/api/gestion/mot-de-passe",
      { config: anyStaff, schema: { body: staffPasswordChangeRequest } },
      async (request, reply) => {
        await signIn.changePassword(staffCaller(request), request.body, clientIp(request));
        return noContent(reply);
      },
    );

    s.get(
      "/api/gestion/comptes",
      {
        config: { staff: { permission: "read:comptes" } },
        schema: { querystring: staffAccountsQuery, response: { 200: staffAccountsPage } },
      },
      async (request) => accounts.list(request.query),
    );

    s.get(
      "/api/gestion/comptes/export.csv",
      { config: { staff: { permission: "export:comptes" } }, schema: { querystring: staffAccountsQuery } },
      async (request, reply) => {
        const { fileName, csv } = await accounts.exportCsv(staffCaller(request), request.query, clientIp(request));
        return sendCsv(reply, fileName, csv);
      },
    );

    s.get(
      "/api/gestion/comptes/:id",
      { config: { staff: { permission: "read:comptes" } }, schema: { params: byId, response: { 200: staffAccount } } },
      async (request) => accounts.get(request.params.id),
    );

    s.post(
      "/api/gestion/comptes",
      {
        config: { staff: { permission: "create:comptes" } },
        schema: { body: staffAccountCreateRequest, response: { 201: staffAccount } },
      },
      async (request, reply) => {
        const created = await accounts.create(staffCaller(request), request.body, clientIp(request));
        return reply.status(201).send(created);
      },
    );

    s.patch(
      "/api/gestion/comptes/:id",
      {
        config: { staff: { permission: "update:comptes" } },
        schema: { params: byId, body: staffAccountUpdateRequest, response: { 200: staffAccount } },
      },
      async (request) => accounts.update(staffCaller(request), request.params.id, request.body, clientIp(request)),
    );

    const accountActions = {
      desactiver: accounts.deactivate,
      reactiver: accounts.reactivate,
      "reinitialiser-2fa": accounts.resetSecondFactor,
      invitation: accounts.resendInvitation,
    } as const;
    for (const [path, action] of Object.entries(accountActions)) {
      s.post(
        `/api/gestion/comptes/:id/${path}`,
        {
          config: { staff: { permission: "update:comptes" } },
          schema: { params: byId, response: { 200: staffAccount } },
        },
        async (request) => action(staffCaller(request), request.params.id, clientIp(request)),
      );
    }
  }
}
