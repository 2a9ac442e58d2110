import type { CoreContext } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import { StoredFileMissingError } from "../../lib/storage/index.ts";
import * as q from "./queries.ts";

const NOT_FOUND = "Notification non trouvée";

/** A path id that is not a plain positive integer names no notification. */
function parseId(raw: string): number {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id <= 0) throw notFound(NOT_FOUND);
  return id;
}

export function createNotificationService({ db, storage }: Pick<CoreContext, "db" | "storage">) {
  const json = q.notificationJson(db);
  async function find(userId: number, rawId: string) {
    const row = await q.findForUser(db, userId, parseId(rawId));
    // Not addressed to the caller reads exactly like missing (docs/ARCHITECTURE.md section 4).
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  return {
    /** The caller's notifications as wire JSON, newest first. */
    listJson: (userId: number): Promise<string> => json.list(userId),

    /** The caller's `limit` newest notifications as wire JSON, with the counts of the whole list. */
    screenJson: (userId: number, limit: number) => json.screen(userId, limit),

    /** One notification as wire JSON; not addressed to the caller reads exactly like missing. */
    async detailJson(userId: number, rawId: string): Promise<string> {
      const detail = await json.detail(userId, parseId(rawId));
      if (detail === undefined) throw notFound(NOT_FOUND);
      return detail;
    },

    /** Records the caller as reader, whatever student id the request body names. */
    async markViewed(userId: number, rawId: string) {
      const row = await find(userId, rawId);
      await q.recordRead(db, row.notification.id, row.etudiantId);
    },

    /** "Tout marquer comme lu": every notification the caller's list shows, read; how many were not. */
    markAllViewed: (userId: number): Promise<number> => q.recordAllRead(db, userId),

    /** A notification's photo, for a caller it is addressed to. */
    async photo(userId: number, rawId: string) {
      const { notification } = await find(userId, rawId);
      if (!notification.photoKey || !notification.photoContentType) throw notFound(NOT_FOUND);
      try {
        return { contentType: notification.photoContentType, bytes: await storage.read(notification.photoKey) };
      } catch (error) {
        if (error instanceof StoredFileMissingError) throw notFound(NOT_FOUND);
        throw error;
      }
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
