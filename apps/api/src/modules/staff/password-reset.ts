import {
  MESSAGES,
  messageResponse,
  resetPasswordRequest,
  staffForgotPasswordRequest,
  verifyResetTokenRequest,
  verifyResetTokenResponse,
} from "@puerta/contract";
import { and, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.ts";
import { staffPasswordResets, staffUsers } from "../../db/schema/index.ts";
import { clientIp } from "../../lib/client-ip.ts";
import { requireCsrf } from "../../lib/csrf.ts";
import { validationFailed } from "../../lib/errors.ts";
import { resetPasswordMail } from "../passwords/mail.ts";
import { createResetFlow, type Transaction } from "../passwords/reset-flow.ts";
import { setOwnPassword } from "./activation.ts";

type StaffAccount = { id: number; email: string; name: string };

const liveFor = (email: string, tokenHash: string) =>
  and(
    eq(staffPasswordResets.tokenHash, tokenHash),
    isNull(staffPasswordResets.usedAt),
    gt(staffPasswordResets.expiresAt, sql`now()`),
    eq(
      staffPasswordResets.staffId,
      sql`(select ${staffUsers.id} from ${staffUsers} where ${staffUsers.email} = ${email.trim().toLowerCase()})`,
    ),
  );

/**
 * "Mot de passe oublié" for staff (docs/spec/back-office.md section 2: "works as for students"): the
 * students' flow (modules/passwords/reset-flow.ts) over `staff_password_resets`. Only an active
 * account that has chosen a password gets a link (an invitation is its own link). A reset keeps
 * the second factor, ends the account's sessions and is journaled in its transaction.
 */
export function createStaffPasswordReset({ db, config, mail }: Pick<AppContext, "db" | "config" | "mail">) {
  return createResetFlow<StaffAccount>(
    { db, mail },
    {
      keyPrefix: "staff:",
      async findAccount(email) {
        const [row] = await db
          .select({ id: staffUsers.id, email: staffUsers.email, name: staffUsers.name })
          .from(staffUsers)
          .where(
            and(eq(staffUsers.email, email), isNull(staffUsers.deactivatedAt), isNotNull(staffUsers.passwordHash)),
          );
        return row;
      },
      async replaceToken(tx: Transaction, staffId, tokenHash, minutes) {
        await tx.delete(staffPasswordResets).where(eq(staffPasswordResets.staffId, staffId));
        await tx.insert(staffPasswordResets).values({
          staffId,
          tokenHash,
          expiresAt: sql`now() + ${sql.raw(`interval '${Math.trunc(minutes)} minutes'`)}`,
        });
      },
      async isTokenLive(email, tokenHash) {
        const [row] = await db
          .select({ id: staffPasswordResets.id })
          .from(staffPasswordResets)
          .where(liveFor(email, tokenHash));
        return row !== undefined;
      },
      async spendToken(tx, email, tokenHash) {
        const [row] = await tx
          .update(staffPasswordResets)
          .set({ usedAt: sql`now()` })
          .where(liveFor(email, tokenHash))
          .returning({ staffId: staffPasswordResets.staffId });
        return row?.staffId;
      },
      async applyReset(tx, staffId, passwordHash, ip) {
        // The TOTP secret and recovery codes stay: the link proves the mailbox, not the second factor.
        await tx
          .delete(staffPasswordResets)
          .where(and(eq(staffPasswordResets.staffId, staffId), isNull(staffPasswordResets.usedAt)));
        await setOwnPassword(tx, staffId, passwordHash, ip, {
          action: "reinitialisation_mot_de_passe",
          summary: (name) =>
            `${name} a réinitialisé son mot de passe (lien « mot de passe oublié ») ; ses sessions sont fermées.`,
        });
      },
      resetLink: (token, account) =>
        `${config.publicUrl}/gestion/reinitialiser-mot-de-passe?token=${encodeURIComponent(token)}&email=${encodeURIComponent(account.email)}`,
      resetMail: (account, link) =>
        resetPasswordMail(account.email, account.name, link, "votre espace de gestion Puerta"),
    },
  );
}

/** The three public routes of the staff's reset, beside the staff sign-in (same CSRF rule). */
export async function staffPasswordResetRoutes(app: FastifyInstance, context: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reset = createStaffPasswordReset(context);

  // The sign-in's ALTCHA captcha first (issue 28): no robot spends the per-IP and per-address quotas.
  r.post(
    "/api/gestion/mot-de-passe-oublie",
    { onRequest: requireCsrf, schema: { body: staffForgotPasswordRequest, response: { 200: messageResponse } } },
    async (request) => {
      if (!(await context.captcha.verify(request.body.recaptcha_token))) {
        throw validationFailed({ recaptcha_token: [MESSAGES.login.captchaFailed] });
      }
      return reset.forgot(request.body.email, clientIp(request));
    },
  );

  r.post(
    "/api/gestion/mot-de-passe-oublie/verifier",
    {
      onRequest: requireCsrf,
      schema: { body: verifyResetTokenRequest, response: { 200: verifyResetTokenResponse } },
    },
    async (request) => reset.verify(request.body.email, request.body.token, clientIp(request)),
  );

  r.post(
    "/api/gestion/mot-de-passe-oublie/reinitialiser",
    { onRequest: requireCsrf, schema: { body: resetPasswordRequest, response: { 200: messageResponse } } },
    async (request) => reset.reset(request.body, clientIp(request)),
  );
}
