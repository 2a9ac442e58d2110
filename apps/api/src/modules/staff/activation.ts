import {
  type ActivationInfo,
  type ActivationRequest,
  type ActivationResponse,
  PASSWORD_MESSAGES,
  STAFF_MESSAGES,
} from "@puerta/contract";
import type { Database } from "../../db/client.ts";
import { notFound, validationFailed } from "../../lib/errors.ts";
import { auditActor } from "../../lib/staff-session.ts";
import { reserveAttempt } from "../../lib/throttle.ts";
import { sha256Hex } from "../../lib/tokens.ts";
import { audit } from "../audit/service.ts";
import { hashPassword } from "../auth/service.ts";
import { newPasswordProblem } from "../passwords/policy.ts";
import { perQuarterHour, tooMany } from "../passwords/reset-flow.ts";
import type { StudentActivated, StudentActivation } from "../students/activation.ts";
import * as q from "./staff-queries.ts";

const invalidLink = () => notFound(STAFF_MESSAGES.activationInvalid);

/** Invalid invitation links tried per IP (the reset links' rule): beyond, 429 until the quarter hour ends. */
const ACTIVATION_FAILURES_PER_IP = perQuarterHour(20, "failures");

/**
 * `/api/activation`: the invitation link leads here to choose a password (the students' reset
 * rules); the second factor is enrolled at the first sign-in. The link is looked up before
 * anything else, so a bogus token costs no argon2, and bogus tokens are limited per IP.
 */
export function createActivation(db: Database, students: StudentActivation) {
  async function reserve(ip: string) {
    const attempt = await reserveAttempt(db, [{ key: `activation:ip:${ip}`, rule: ACTIVATION_FAILURES_PER_IP }]);
    if (!attempt.allowed) throw tooMany(PASSWORD_MESSAGES.tooManyAttempts, attempt.retryAfter);
    return attempt;
  }

  /** Whose link it is, staff or student, or undefined when it is not a live one. */
  async function holder(tokenHash: string): Promise<ActivationInfo | undefined> {
    const invitation = await q.findInvitation(db, tokenHash);
    if (invitation) return { kind: "staff", name: invitation.name, email: invitation.email };
    return students.check(tokenHash);
  }

  return {
    async check(token: string, ip: string): Promise<ActivationInfo> {
      const attempt = await reserve(ip);
      const info = await holder(sha256Hex(token));
      if (!info) {
        await attempt.failed();
        throw invalidLink();
      }
      await attempt.succeeded();
      return info;
    },

    /** Checks the link, then the password (a refused password does not spend the link), then hashes. */
    async activate(
      body: ActivationRequest,
      ip: string,
    ): Promise<Extract<ActivationResponse, { kind: "staff" }> | StudentActivated> {
      const attempt = await reserve(ip);
      const tokenHash = sha256Hex(body.token);
      const info = await holder(tokenHash);
      if (!info) {
        await attempt.failed();
        throw invalidLink();
      }
      const problem = await newPasswordProblem(db, body.password, { email: info.email, names: [info.name] });
      if (problem) {
        await attempt.cancelled();
        throw validationFailed({ password: [problem] });
      }
      const passwordHash = await hashPassword(body.password);
      const activated = await db.transaction(async (tx) => {
        const staffId = await q.spendInvitation(tx, tokenHash);
        if (staffId === undefined) return false;
        await setOwnPassword(tx, staffId, passwordHash, ip, {
          action: "activation",
          summary: (name) => `${name} a activé son compte.`,
        });
        return true;
      });
      if (activated) {
        await attempt.succeeded();
        return { kind: "staff" as const, next: "/gestion/connexion" };
      }
      const student = await students.activate(tokenHash, passwordHash, ip);
      if (student) {
        await attempt.succeeded();
        return student;
      }
      // Spent in between by another request.
      await attempt.failed();
      throw invalidLink();
    },
  };
}

/**
 * A staff member's own new password (activation, reset link): stored, every session of theirs
 * closed, and the journal's entry in their name.
 */
export async function setOwnPassword(
  tx: q.Executor,
  staffId: number,
  passwordHash: string,
  ip: string,
  entry: { action: string; summary: (name: string) => string },
) {
  await q.updatePasswordHash(tx, staffId, passwordHash);
  await q.revokeAllSessions(tx, staffId);
  const staff = await q.findStaffUser(tx, staffId);
  if (staff) {
    await audit(tx, {
      actor: auditActor(staff),
      ip,
      action: entry.action,
      entity: "comptes",
      entityId: staffId,
      summary: entry.summary(staff.name),
    });
  }
}
