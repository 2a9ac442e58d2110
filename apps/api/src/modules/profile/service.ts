import { randomUUID } from "node:crypto";
import { PROFILE_PHOTO, PROFILE_TEXT } from "@puerta/contract";
import type { CoreContext } from "../../context.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import { checkImage } from "../../lib/uploads/index.ts";
import * as q from "./queries.ts";

/** Where the web finds the caller's photo; the version changes with each upload so caches refresh. */
export const PHOTO_ROUTE = "/api/profile/photo";

/**
 * Checks that the bytes are a JPEG, PNG or WebP image (by content, never by name or declared
 * type; lib/uploads/image.ts) and re-encodes them: the stored file is a fresh WebP without
 * metadata, whatever came in.
 */
export async function reencodePhoto(bytes: Buffer): Promise<Buffer> {
  const checked = await checkImage(bytes, {
    field: "photo",
    maxBytes: PROFILE_PHOTO.maxBytes,
    resize: { width: PROFILE_PHOTO.maxSidePx, height: PROFILE_PHOTO.maxSidePx, fit: "cover", withoutEnlargement: true },
    messages: {
      missing: PROFILE_TEXT.photoMissing,
      invalid: PROFILE_TEXT.photoInvalid,
      tooLarge: PROFILE_TEXT.photoTooLarge,
      tooManyPixels: PROFILE_TEXT.photoInvalid,
    },
  });
  return checked.bytes;
}

export function createProfileService({ db, storage }: Pick<CoreContext, "db" | "storage">) {
  const notAStudent = () => forbidden("Seuls les étudiants inscrits reçoivent les notifications par e-mail.");
  return {
    async emailCopies(userId: number): Promise<boolean> {
      const on = await q.findEmailCopies(db, userId);
      if (on === undefined) throw notAStudent();
      return on;
    },

    async setEmailCopies(userId: number, on: boolean): Promise<boolean> {
      if (!(await q.updateEmailCopies(db, { userId }, on))) throw notAStudent();
      return on;
    },

    /** The one-click link of a copy (RFC 8058): the signed token names the student. */
    async unsubscribe(etudiantId: number): Promise<boolean> {
      return q.updateEmailCopies(db, { etudiantId }, false);
    },

    /** Stores the re-encoded photo under a generated key and returns the URL `profile_image` now holds. */
    async replacePhoto(userId: number, bytes: Buffer): Promise<string> {
      const etudiantId = await q.findStudentId(db, userId);
      if (!etudiantId) throw forbidden("Seuls les étudiants inscrits ont une photo de profil.");
      const photo = await reencodePhoto(bytes);
      const version = randomUUID();
      const storageKey = `profile-photos/${version}.webp`;
      await storage.put(storageKey, photo, "image/webp");
      const url = `${PHOTO_ROUTE}?v=${version}`;
      let previous: string | undefined;
      try {
        previous = await q.replacePhoto(db, etudiantId, { storageKey, contentType: "image/webp", url });
      } catch (error) {
        await storage.remove(storageKey).catch(() => {});
        throw error;
      }
      // The replaced file is no longer reachable; a failed clean-up only leaves an orphan.
      if (previous) await storage.remove(previous).catch(() => {});
      return url;
    },

    async photo(userId: number) {
      const row = await q.findPhoto(db, userId);
      if (!row) throw notFound("Aucune photo de profil.");
      return { contentType: row.contentType, bytes: await storage.read(row.storageKey) };
    },
  };
}
