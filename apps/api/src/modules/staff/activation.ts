import {
  type ActivationInfo,
  type ActivationRequest,
  type ActivationResponse,
  PASSWORD_MESSAGES,
  STAFF_MESSAGES,
} from "@puerta/contract";
import type { Database } from "../../db/client.ts";
import { notFound, validationFailed } from "../../lib/errors.ts";
import { sha256Hex } from "../../lib/tokens.ts";
import { audit } from "../audit/audit.ts";
import { hashPassword } from "../auth/service.ts";
import { isCommonPassword } from "../passwords/common-passwords.ts";
import type { StudentActivation } from "../students/activation.ts";
import * as q from "./queries.ts";
import { auditActor } from "./scope.ts";

const invalidLink = () => notFound(STAFF_MESSAGES.activationInvalid);

/**
 * `/api/activation`: the invitation link leads here to choose a password (the students' reset
 * rules); the second factor is enrolled at the first sign-in.
 */
export function createActivation(db: Database, students: StudentActivation) {
  return {
    async check(token: string): Promise<ActivationInfo> {
      const invitation = await q.findInvitation(db, sha256Hex(token));
      if (!invitation) {
        const student = await students.check(sha256Hex(token));
        if (student) return student;
        throw invalidLink();
      }
      return { kind: "staff", name: invitation.name, email: invitation.email };
    },

    /** Checks the password first, so that a refused password does not spend the link. */
    async activate(body: ActivationRequest, ip: string): Promise<ActivationResponse> {
      if (isCommonPassword(body.password)) throw validationFailed({ password: [PASSWORD_MESSAGES.tooCommon] });
      const passwordHash = await hashPassword(body.password);
      const activated = await db.transaction(async (tx) => {
        const staffId = await q.spendInvitation(tx, sha256Hex(body.token));
        if (staffId === undefined) return false;
        await setOwnPassword(tx, staffId, passwordHash, ip, {
          action: "activation",
          summary: (name) => `${name} a activé son compte.`,
        });
        return true;
      });
      if (!activated) {
        const student = await students.activate(sha256Hex(body.token), passwordHash, ip);
        if (student) return student;
        throw invalidLink();
      }
      return { kind: "staff" as const, next: "/gestion/connexion" };
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
