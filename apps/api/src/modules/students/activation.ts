import type { ActivationInfo, ActivationResponse } from "@puerta/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../app-context.ts";
import { etudiants, passwordResets, users } from "../../db/schema/index.ts";
import { audit } from "../audit/service.ts";
import * as q from "./staff-queries.ts";

/**
 * A student's invitation link (`/activer-compte?token=…`), served by `/api/activation` beside the
 * staff's (modules/staff/activation.ts): the password is set and the student is signed in as
 * `/api/login` signs them in (a token and the user).
 */
export function createStudentActivation({ db, auth }: Pick<AppContext, "db" | "auth">) {
  return {
    async check(tokenHash: string): Promise<ActivationInfo | undefined> {
      const invitation = await q.findInvitation(db, tokenHash);
      if (!invitation) return undefined;
      const name = invitation.prenom ? `${invitation.prenom} ${invitation.nom ?? ""}`.trim() : invitation.email;
      return { kind: "student", name, email: invitation.email };
    },

    /** Spends the link and sets the password in one transaction; undefined when the link is not a live student one. */
    async activate(tokenHash: string, passwordHash: string, ip: string): Promise<StudentActivated | undefined> {
      const userId = await db.transaction(async (tx) => {
        const spentBy = await q.spendInvitation(tx, tokenHash);
        if (spentBy === undefined) return undefined;
        await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, spentBy));
        // A reset link sent before the activation must not set another password later.
        await tx.delete(passwordResets).where(and(eq(passwordResets.userId, spentBy), isNull(passwordResets.usedAt)));
        const [student] = await tx
          .select({ id: etudiants.id, nom: etudiants.nom, prenom: etudiants.prenom })
          .from(etudiants)
          .where(eq(etudiants.userId, spentBy));
        await audit(tx, {
          actor: null,
          ip,
          action: "activation",
          entity: "etudiants",
          entityId: student?.id ?? null,
          summary: `${student ? `${student.prenom} ${student.nom}` : "Un étudiant"} a activé son compte.`,
        });
        return spentBy;
      });
      if (userId === undefined) return undefined;
      await auth.recordLogin(userId);
      const { token } = await auth.issueToken(userId);
      return { kind: "student", next: "/planning", token, user: await auth.getUser(userId) };
    },
  };
}

export type StudentActivation = ReturnType<typeof createStudentActivation>;

/** The student's answer, and the token of the session it opens (for the cookie, not the body). */
export type StudentActivated = Extract<ActivationResponse, { kind: "student" }> & { token: string };
