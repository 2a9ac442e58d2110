import { MESSAGES, type Policy } from "@puerta/contract";
import type { CoreContext } from "../../context.ts";
import { forbidden, HttpError } from "../../lib/errors.ts";
import * as q from "./queries.ts";

export function createPolicyService({ db }: CoreContext) {
  async function hasAcceptedCurrent(userId: number): Promise<boolean> {
    const policy = await q.currentPolicy(db);
    // With no policy published there is nothing to accept.
    if (!policy) return true;
    return q.hasAccepted(db, userId, policy.id);
  }

  return {
    hasAcceptedCurrent,

    /** The status of /api/policy/status: accepted, and since when (none published: accepted, no date). */
    async status(userId: number): Promise<{ accepted: boolean; acceptedAt: Date | null }> {
      const policy = await q.currentPolicy(db);
      if (!policy) return { accepted: true, acceptedAt: null };
      const acceptedAt = await q.acceptedAt(db, userId, policy.id);
      return { accepted: acceptedAt !== null, acceptedAt };
    },

    /** For services whose action the policy gates (403 until accepted). */
    async assertAccepted(userId: number) {
      if (!(await hasAcceptedCurrent(userId))) throw forbidden(MESSAGES.policy.mustAccept);
    },

    async content(): Promise<Policy> {
      const policy = await q.currentPolicy(db);
      if (!policy) throw new HttpError(404, { success: false, message: MESSAGES.policy.none });
      return {
        version: policy.version ?? 0,
        title: policy.title,
        content: policy.content,
        effective_date: policy.effectiveDate,
        last_updated: policy.lastUpdated.toISOString(),
      };
    },

    async accept(userId: number, ip: string, userAgent: string) {
      const policy = await q.currentPolicy(db);
      if (!policy) throw new HttpError(404, { success: false, message: MESSAGES.policy.none });
      await q.recordAcceptance(db, { userId, policyId: policy.id, ip, userAgent });
    },
  };
}

export type PolicyService = ReturnType<typeof createPolicyService>;
