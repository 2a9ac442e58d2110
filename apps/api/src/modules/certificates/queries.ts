import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  certificateDocuments,
  certificateRequests,
  etudiants,
  schoolYears,
  studentEnrolments,
} from "../../db/schema/index.ts";

const c = certificateRequests;
const columns = {
  id: c.id,
  type: c.type,
  niveau: c.niveau,
  langues: c.langues,
  status: c.status,
  motif: c.motif,
  createdAt: c.createdAt,
  anneeId: c.anneeId,
};

const d = certificateDocuments;

/** The requests of a user's student record, newest first. */
export function listForUser(db: Database, userId: number) {
  return db
    .select({
      ...columns,
      // A revoked attestation is no longer the student's to show or download: only when and why.
      numero: sql<string | null>`case when ${d.revokedAt} is null then ${d.numero} end`,
      code: sql<string | null>`case when ${d.revokedAt} is null then ${d.code} end`,
      revokedAt: d.revokedAt,
      revokedReason: d.revokedReason,
      anneeDebut: schoolYears.debutAnnee,
    })
    .from(c)
    .innerJoin(etudiants, eq(etudiants.id, c.etudiantId))
    .leftJoin(d, eq(d.requestId, c.id))
    .leftJoin(schoolYears, eq(schoolYears.id, c.anneeId))
    .where(eq(etudiants.userId, userId))
    .orderBy(desc(c.createdAt), desc(c.id));
}

/**
 * Inserts a request unless an identical one is still 'En Cours' (the partial unique index
 * decides, atomically): undefined means refused as a duplicate.
 */
export async function insertUnlessPending(db: Pick<Database, "insert">, values: typeof c.$inferInsert) {
  const [row] = await db.insert(c).values(values).onConflictDoNothing().returning(columns);
  return row;
}

/** The live attestation of one of the user's own requests (none for another student's). */
export async function ownDocument(db: Database, userId: number, requestId: number) {
  const [row] = await db
    .select({ requestId: c.id })
    .from(c)
    .innerJoin(etudiants, eq(etudiants.id, c.etudiantId))
    .innerJoin(d, and(eq(d.requestId, c.id), isNull(d.revokedAt)))
    .where(and(eq(c.id, requestId), eq(etudiants.userId, userId), eq(c.status, "Disponible")));
  return row ?? null;
}

/** The years a student attended (their enrolments), newest first: the years an attestation may be about. */
export function attendedYears(db: Pick<Database, "select">, etudiantId: number) {
  return db
    .select({ id: schoolYears.id, debut: schoolYears.debutAnnee, statut: schoolYears.statut })
    .from(studentEnrolments)
    .innerJoin(schoolYears, eq(schoolYears.id, studentEnrolments.anneeId))
    .where(eq(studentEnrolments.etudiantId, etudiantId))
    .orderBy(desc(schoolYears.debutAnnee));
}

/** What the public verification may say about a code, and nothing more. */
export async function documentByCode(db: Database, code: string) {
  const [row] = await db
    .select({
      type: c.type,
      title: d.title,
      holder: d.holderName,
      issuedAt: d.issuedAt,
      numero: d.numero,
      revokedAt: d.revokedAt,
      anneeDebut: schoolYears.debutAnnee,
    })
    .from(d)
    .innerJoin(c, eq(c.id, d.requestId))
    .leftJoin(schoolYears, eq(schoolYears.id, c.anneeId))
    .where(eq(d.code, code));
  return row ?? null;
}
