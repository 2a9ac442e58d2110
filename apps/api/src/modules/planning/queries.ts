import { and, asc, desc, eq, isNull, or } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { centres, etudiants, options, planifications, storedFiles } from "../../db/schema/index.ts";

/**
 * The plannings a user may see, in one query: joined to the user's own student row, so a user
 * without one sees nothing; their centre (every centre when they have none); no option or
 * their option; active only.
 */
const visibleTo = (userId: number) =>
  and(
    eq(etudiants.userId, userId),
    eq(planifications.actif, true),
    or(isNull(etudiants.centreId), eq(planifications.centreId, etudiants.centreId)),
    or(isNull(planifications.optionId), eq(planifications.optionId, etudiants.optionId)),
  );

export function visiblePlannings(db: Database, userId: number) {
  return db
    .select({
      id: planifications.id,
      titre: planifications.titre,
      description: planifications.description,
      semaineDebut: planifications.semaineDebut,
      semaineFin: planifications.semaineFin,
      actif: planifications.actif,
      typeFichier: planifications.typeFichier,
      fileName: planifications.fileName,
      sizeBytes: storedFiles.sizeBytes,
      centreId: centres.id,
      centreNom: centres.nom,
      centreAdresse: centres.adresse,
      optionId: options.id,
      optionNom: options.nom,
    })
    .from(planifications)
    .innerJoin(etudiants, visibleTo(userId))
    .innerJoin(centres, eq(centres.id, planifications.centreId))
    .innerJoin(storedFiles, eq(storedFiles.key, planifications.fileKey))
    .leftJoin(options, eq(options.id, planifications.optionId))
    .orderBy(asc(centres.nom), desc(planifications.semaineDebut), asc(planifications.id));
}

export type PlanningRow = Awaited<ReturnType<typeof visiblePlannings>>[number];

/** The file of a planning the user may see, by its public file name; undefined otherwise. */
export async function visiblePlanningFile(db: Database, userId: number, fileName: string) {
  const [row] = await db
    .select({ key: planifications.fileKey, fileName: planifications.fileName })
    .from(planifications)
    .innerJoin(etudiants, visibleTo(userId))
    .where(eq(planifications.fileName, fileName));
  return row;
}
