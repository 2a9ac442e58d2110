import { randomUUID } from "node:crypto";
import { PROFILE_PHOTO, PROFILE_TEXT } from "@puerta/contract";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import type { CoreContext } from "../../context.ts";
import { forbidden, notFound, validationFailed } from "../../lib/errors.ts";
import * as q from "./queries.ts";

/** Where the web finds the caller's photo; the version changes with each upload so caches refresh. */
export const PHOTO_ROUTE = "/api/profile/photo";

/** Refuses decompression bombs: a 2 MB file may not unpack into more pixels than this. */
const MAX_INPUT_PIXELS = 40_000_000;

const refuse = (message: string) => validationFailed({ photo: [message] });

/**
 * Checks that the bytes are a JPEG, PNG or WebP image (by content, never by name or declared
 * type) and re-encodes them: the stored file is a fresh WebP without metadata, whatever came in.
 */
export async function reencodePhoto(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0) throw refuse(PROFILE_TEXT.photoMissing);
  if (bytes.length > PROFILE_PHOTO.maxBytes) throw refuse(PROFILE_TEXT.photoTooLarge);
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !(PROFILE_PHOTO.mimeTypes as readonly string[]).includes(detected.mime)) {
    throw refuse(PROFILE_TEXT.photoInvalid);
  }
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize(PROFILE_PHOTO.maxSidePx, PROFILE_PHOTO.maxSidePx, { fit: "cover", withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    // Truncated or corrupt data behind a valid signature.
    throw refuse(PROFILE_TEXT.photoInvalid);
  }
}

export function createProfileService({ db, storage }: Pick<CoreContext, "db" | "storage">) {
  return {
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
