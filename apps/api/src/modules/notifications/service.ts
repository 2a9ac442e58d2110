import type { Notification } from "@puerta/contract";
import type { CoreContext } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import { StoredFileMissingError } from "../../lib/storage/index.ts";
import * as q from "./queries.ts";

const NOT_FOUND = "Notification non trouvée";

/** Wire form of an audience list (spec section 3): a JSON-encoded list, or null when empty. */
const encodeIds = (ids: number[]) => (ids.length > 0 ? JSON.stringify(ids) : null);

function toNotification({ notification: row, etudiantId, viewed }: q.NotificationRow): Notification {
  return {
    id: row.id,
    titre: row.titre,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    type_destinataire: row.typeDestinataire,
    etudiant_ids: encodeIds(row.etudiantIds),
    option_ids: encodeIds(row.optionIds),
    centre_ids: encodeIds(row.centreIds),
    filiere_ids: encodeIds(row.filiereIds),
    // Only the caller's own read is disclosed: who else read it is none of their business.
    viewed_by: viewed ? [etudiantId] : [],
    statut: row.statut,
    sender: row.sender,
    priority: row.priority,
    photo: row.photoKey ? `/api/notifications/${row.id}/photo` : null,
    link: row.link,
  };
}

/** A path id that is not a plain positive integer names no notification. */
function parseId(raw: string): number {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id <= 0) throw notFound(NOT_FOUND);
  return id;
}

export function createNotificationService({ db, storage }: Pick<CoreContext, "db" | "storage">) {
  async function find(userId: number, rawId: string) {
    const row = await q.findForUser(db, userId, parseId(rawId));
    // Not addressed to the caller reads exactly like missing (ARCHITECTURE section 4).
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  return {
    async list(userId: number): Promise<Notification[]> {
      return (await q.listForUser(db, userId)).map(toNotification);
    },

    async get(userId: number, rawId: string): Promise<Notification> {
      return toNotification(await find(userId, rawId));
    },

    /** Records the caller as reader, whatever student id the request body names. */
    async markViewed(userId: number, rawId: string) {
      const row = await find(userId, rawId);
      await q.recordRead(db, row.notification.id, row.etudiantId);
    },

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
