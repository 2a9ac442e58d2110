import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { etudiants, profilePhotos } from "../../db/schema/index.ts";

export async function findStudentId(db: Database, userId: number) {
  const [row] = await db.select({ id: etudiants.id }).from(etudiants).where(eq(etudiants.userId, userId));
  return row?.id;
}

export async function findPhoto(db: Database, userId: number) {
  const [row] = await db
    .select({ storageKey: profilePhotos.storageKey, contentType: profilePhotos.contentType })
    .from(profilePhotos)
    .innerJoin(etudiants, eq(etudiants.id, profilePhotos.etudiantId))
    .where(eq(etudiants.userId, userId));
  return row;
}

/**
 * Points the student at a new photo and gives back the key of the one it replaces, in one
 * transaction, so `profile_image` and the stored key never disagree.
 */
export async function replacePhoto(
  db: Database,
  etudiantId: number,
  photo: { storageKey: string; contentType: string; url: string },
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ storageKey: profilePhotos.storageKey })
      .from(profilePhotos)
      .where(eq(profilePhotos.etudiantId, etudiantId))
      .for("update");
    await tx
      .insert(profilePhotos)
      .values({ etudiantId, storageKey: photo.storageKey, contentType: photo.contentType })
      .onConflictDoUpdate({
        target: profilePhotos.etudiantId,
        set: { storageKey: photo.storageKey, contentType: photo.contentType, updatedAt: new Date() },
      });
    await tx.update(etudiants).set({ profileImage: photo.url }).where(eq(etudiants.id, etudiantId));
    return previous?.storageKey;
  });
}

/** The student's "copie des notifications par e-mail" setting; undefined for a user without a student record. */
export async function findEmailCopies(db: Database, userId: number) {
  const [row] = await db.select({ on: etudiants.emailCopies }).from(etudiants).where(eq(etudiants.userId, userId));
  return row?.on;
}

export async function updateEmailCopies(db: Database, where: { userId: number } | { etudiantId: number }, on: boolean) {
  const rows = await db
    .update(etudiants)
    .set({ emailCopies: on })
    .where("userId" in where ? eq(etudiants.userId, where.userId) : eq(etudiants.id, where.etudiantId))
    .returning({ id: etudiants.id });
  return rows.length > 0;
}
