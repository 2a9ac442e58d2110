import { and, desc, eq, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { etudiants, notificationReads, notifications } from "../../db/schema/index.ts";

const n = notifications;

/**
 * Spec section 5 in SQL, against the caller's `etudiants` row joined into the same query:
 * `tous` and any unknown type are shown; the others need the student's id, option, centre
 * or filière in the matching list (a null attribute never matches).
 */
const addressedToStudent = or(
  notInArray(n.typeDestinataire, ["etudiant_specifique", "option", "centre", "filiere"]),
  and(eq(n.typeDestinataire, "etudiant_specifique"), sql`${etudiants.id} = any(${n.etudiantIds})`),
  and(eq(n.typeDestinataire, "option"), sql`${etudiants.optionId} = any(${n.optionIds})`),
  and(eq(n.typeDestinataire, "centre"), sql`${etudiants.centreId} = any(${n.centreIds})`),
  and(eq(n.typeDestinataire, "filiere"), sql`${etudiants.filiereId} = any(${n.filiereIds})`),
);

/**
 * The notifications addressed to a user's student record, with that student's read state.
 * The student's read ids are gathered once (an InitPlan on the primary-key prefix); a join or
 * EXISTS lets the planner hash every read of every student on each request instead.
 */
function addressedTo(db: Database, userId: number) {
  const readIds = sql`(select array_agg(${notificationReads.notificationId}) from ${notificationReads}
    where ${notificationReads.etudiantId} = (select ${etudiants.id} from ${etudiants} where ${etudiants.userId} = ${userId}))`;
  return db
    .select({
      notification: n,
      etudiantId: etudiants.id,
      viewed: sql<boolean>`${n.id} = any(coalesce(${readIds}, '{}'::integer[]))`,
    })
    .from(n)
    .innerJoin(etudiants, eq(etudiants.userId, userId))
    .$dynamic();
}

export type NotificationRow = Awaited<ReturnType<typeof listForUser>>[number];

/** Newest first, in one query. */
export function listForUser(db: Database, userId: number) {
  return addressedTo(db, userId).where(addressedToStudent).orderBy(desc(n.createdAt), desc(n.id));
}

export async function findForUser(db: Database, userId: number, id: number) {
  const [row] = await addressedTo(db, userId).where(and(eq(n.id, id), addressedToStudent));
  return row;
}

export async function recordRead(db: Database, notificationId: number, etudiantId: number) {
  await db.insert(notificationReads).values({ notificationId, etudiantId }).onConflictDoNothing();
}
