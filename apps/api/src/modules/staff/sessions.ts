import { STAFF_LIMITS } from "@puerta/contract";
import type { Database } from "../../db/client.ts";
import type { LiveSession } from "../../lib/staff-session.ts";
import { randomToken, sha256Hex } from "../../lib/tokens.ts";
import * as q from "./staff-queries.ts";

/**
 * Staff sessions: an opaque random id in the cookie, its SHA-256 in the database. Idle 30
 * minutes, 12 hours at most, judged by the database clock (tests move the rows' times).
 */
export function createStaffSessions(db: Database) {
  return {
    /** Opens a session; returns the cookie's value. */
    async open(executor: q.Executor, staffId: number): Promise<string> {
      const token = randomToken(48);
      await q.insertSession(executor, staffId, sha256Hex(token));
      return token;
    },

    /** The staff member behind a cookie value, or null when it is unknown, revoked or expired. */
    async authenticate(token: string | undefined): Promise<LiveSession | null> {
      if (!token || !/^[A-Za-z0-9]{48}$/.test(token)) return null;
      const session = await q.findLiveSession(
        db,
        sha256Hex(token),
        STAFF_LIMITS.sessionIdleSeconds,
        STAFF_LIMITS.sessionAbsoluteSeconds,
      );
      if (!session) return null;
      if (session.stale) await q.touchSession(db, session.sessionId);
      return session;
    },

    revoke: (sessionId: number) => q.revokeSession(db, sessionId),
  };
}

export type StaffSessions = ReturnType<typeof createStaffSessions>;
