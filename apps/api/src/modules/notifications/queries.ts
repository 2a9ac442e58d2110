import { and, eq, isNull, lte, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import { etudiants, notificationReads, notifications, users } from "../../db/schema/index.ts";
import { jsonArray } from "../../lib/json-text.ts";
import { currentYearId, inCurrentYear } from "../publishing/school-year.ts";

const n = notifications;

/**
 * docs/spec/student-portal.md section 5 in SQL, against the caller's `etudiants` row joined into the same query:
 * `tous` and any unknown type are shown; the others need the student's id, option, centre
 * or filière in the matching list (a null attribute never matches).
 */
/** An option or filière audience narrowed to some centres (issue 28); none listed: every centre. */
const inNarrowedCentres = sql`(cardinality(${n.centreIds}) = 0 or ${etudiants.centreId} = any(${n.centreIds}))`;

export const addressedToStudent = or(
  notInArray(n.typeDestinataire, ["etudiant_specifique", "option", "centre", "filiere"]),
  and(eq(n.typeDestinataire, "etudiant_specifique"), sql`${etudiants.id} = any(${n.etudiantIds})`),
  and(eq(n.typeDestinataire, "option"), sql`${etudiants.optionId} = any(${n.optionIds})`, inNarrowedCentres),
  and(eq(n.typeDestinataire, "centre"), sql`${etudiants.centreId} = any(${n.centreIds})`),
  and(eq(n.typeDestinataire, "filiere"), sql`${etudiants.filiereId} = any(${n.filiereIds})`, inNarrowedCentres),
);

/**
 * Published and not withdrawn (docs/spec/back-office.md section 5): a scheduled notification appears by
 * itself once `published_at` has passed, with nothing to run at that time; a draft (null) never.
 */
export const visibleToStudents = and(isNull(n.withdrawnAt), lte(n.publishedAt, sql`now()`));

/**
 * The notification belongs to the student's year: enrolled (not a former student) in the
 * cohort of the year it is published for (docs/spec/school-year-and-data.md sections 1-2), so
 * last year's cohort is neither counted nor e-mailed, and a former student receives nothing.
 */
export const enrolledInItsYear = sql`${etudiants.statutScolaire} = 'inscrit' and ${etudiants.promotionId} = ${n.anneeId}`;

/**
 * The students the back-office counts and e-mails: those the rule above addresses in the
 * notification's year, less the deactivated accounts (docs/spec/back-office.md section 4),
 * who can no longer read it.
 */
export const reachesStudent = sql`${addressedToStudent} and ${enrolledInItsYear} and not exists (select 1 from ${users} u
  where u.id = ${etudiants.userId} and u.deactivated_at is not null)`;

/** An audience as the back-office composes it, in the stored notification fields. */
export type AudienceFields = {
  typeDestinataire: string;
  etudiantIds: number[];
  optionIds: number[];
  centreIds: number[];
  filiereIds: number[];
};

const intArray = (ids: readonly number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(",")}}`}::integer[]`;

/**
 * An audience not yet stored, as a one-row `notifications` relation: the same
 * `addressedToStudent` then judges it, so the back-office's count is what students will get; it
 * is composed for the current year.
 */
export const audienceRelation = (audience: AudienceFields): SQL => sql`(select
  ${audience.typeDestinataire}::text as type_destinataire, ${intArray(audience.etudiantIds)} as etudiant_ids,
  ${intArray(audience.optionIds)} as option_ids, ${intArray(audience.centreIds)} as centre_ids,
  ${intArray(audience.filiereIds)} as filiere_ids, ${currentYearId} as annee_id) as ${n}`;

/** How many students an audience reaches (the live count of the compose screen). */
export async function countAudience(db: Pick<Database, "execute">, audience: AudienceFields): Promise<number> {
  return (await countAudienceParts(db, audience)).reached;
}

/** The students it reaches, and those it addresses but who are deactivated (to say why nobody would). */
export async function countAudienceParts(db: Pick<Database, "execute">, audience: AudienceFields) {
  const result = (await db.execute(
    sql`select count(*) filter (where ${reachesStudent})::int as reached, count(*)::int as addressed
      from ${audienceRelation(audience)} join ${etudiants} on ${enrolledInItsYear} where ${addressedToStudent}`,
  )) as unknown as { rows: { reached: number; addressed: number }[] };
  const row = result.rows[0];
  return { reached: row?.reached ?? 0, deactivated: (row?.addressed ?? 0) - (row?.reached ?? 0) };
}

/** The students a stored notification is addressed to, as a join condition for staff queries. */
export const recipientsOf = (notificationId: number | SQL) =>
  sql`${n} join ${etudiants} on ${n.id} = ${notificationId} and ${reachesStudent}`;

const userId = sql.placeholder("userId");

/**
 * The ids of the notifications the user's student has read, gathered once per query (an
 * InitPlan on the primary-key prefix); a join or EXISTS lets the planner hash every read of
 * every student on each request instead.
 */
const readIds = sql`coalesce((select array_agg(${notificationReads.notificationId}) from ${notificationReads}
  where ${notificationReads.etudiantId} = (select ${etudiants.id} from ${etudiants} where ${etudiants.userId} = ${userId})), '{}'::integer[])`;

/** Whether the user's student has read the notification: what `viewed_by` and the unread count say. */
const readByUser = sql`${n.id} = any(${readIds})`;

/**
 * The stored head with `etudiant_ids` cut down to what the reader may know: whether the
 * notification names them. A notification for named students shows the reader only their own
 * id (it reaches them only when it names them), any other type shows none: the other students'
 * ids are none of their business. A JSON string value cannot hold an unescaped `"`, so the
 * pattern only meets the field itself.
 */
const ownAudienceOnly = sql`case when cardinality(${n.etudiantIds}) = 0 then ${n.wireHead}
  else regexp_replace(${n.wireHead}, '"etudiant_ids":"\[[0-9,]*\]"',
    '"etudiant_ids":' || case when ${n.typeDestinataire} = 'etudiant_specifique'
      then '"[' || ${etudiants.id} || ']"' else 'null' end) end`;

/**
 * The notification of docs/spec/student-portal.md section 3: the row's stored wire JSON (migration 0006) around the one
 * field that depends on the reader. Only the caller's own read is disclosed in `viewed_by`:
 * who else read it is none of their business.
 */
const notificationJsonText = sql`${ownAudienceOnly}
  || case when ${readByUser} then '[' || ${etudiants.id} || ']' else '[]' end
  || ${n.wireTail}`;

/**
 * What a student reads: addressed to them, visible, and of the current school year, which is
 * their cohort's (docs/spec/school-year-and-data.md section 2: a closed year's notifications
 * leave every student's list; `annee_id = (select …)` keeps to notifications_annee_idx).
 */
const forStudentNow = and(addressedToStudent, visibleToStudents, inCurrentYear(n.anneeId), enrolledInItsYear);

/** The notifications addressed to the user's student record: a user without one has none. */
const addressed = sql`from ${n} join ${etudiants} on ${etudiants.userId} = ${userId} where ${forStudentNow}`;

/** The wire JSON of the notification list and details, as statements prepared once. */
export function notificationJson(db: Database) {
  const order = sql`${n.createdAt} desc, ${n.id} desc`;
  const list = prepared<{ json: string }>(
    db,
    "notifications_list",
    sql`select ${jsonArray(notificationJsonText, order)} as json ${addressed}`,
  );
  const detail = prepared<{ json: string }>(
    db,
    "notification_detail",
    sql`select ${notificationJsonText} as json ${addressed} and ${n.id} = ${sql.placeholder("id")}`,
  );
  // The newest `limit` (their JSON), and how many in all and unread, in one pass over the list:
  // the notifications addressed to the user, ranked, then named as the table again, so that the
  // JSON is written by the same expression, and only for the rows of the screen (the FILTER).
  const screen = prepared<{ json: string; total: number; unread: number }>(
    db,
    "notifications_screen",
    sql`select coalesce('[' || string_agg(${notificationJsonText}, ',' order by ${order})
          filter (where ${n}.rank <= ${sql.placeholder("limit")}) || ']', '[]') as json,
        count(*)::int as total, (count(*) filter (where not ${readByUser}))::int as unread
      from (select ${n.id}, ${n.createdAt}, ${n.typeDestinataire}, ${n.etudiantIds}, ${n.wireHead}, ${n.wireTail},
          row_number() over (order by ${order}) as rank ${addressed}) as ${n}
        join ${etudiants} on ${etudiants.userId} = ${userId}`,
  );
  return {
    /** The user's notifications, newest first. */
    list: async (userId: number) => (await list({ userId }))[0]?.json ?? "[]",
    /** The user's `limit` newest notifications, and the counts of the whole list. */
    screen: async (userId: number, limit: number) =>
      (await screen({ userId, limit }))[0] ?? { json: "[]", total: 0, unread: 0 },
    /** One notification addressed to the user; undefined otherwise. */
    detail: async (userId: number, id: number) => (await detail({ userId, id }))[0]?.json,
  };
}

/** A notification addressed to the user, with their student id: for marking and photos. */
export async function findForUser(db: Database, userId: number, id: number) {
  const [row] = await db
    .select({ notification: n, etudiantId: etudiants.id })
    .from(n)
    .innerJoin(etudiants, eq(etudiants.userId, userId))
    .where(and(eq(n.id, id), forStudentNow));
  return row;
}

export async function recordRead(db: Database, notificationId: number, etudiantId: number) {
  await db.insert(notificationReads).values({ notificationId, etudiantId }).onConflictDoNothing();
}

/**
 * Records the user's student as reader of every notification addressed to them and visible
 * (the list's own predicate, so exactly what the list shows), in one statement; a notification
 * already read keeps its first read time. Returns how many were unread.
 */
export async function recordAllRead(db: Pick<Database, "execute">, userId: number): Promise<number> {
  const result = (await db.execute(sql`insert into ${notificationReads} (notification_id, etudiant_id)
    select ${n.id}, ${etudiants.id} from ${n} join ${etudiants} on ${etudiants.userId} = ${userId}
    where ${forStudentNow}
    on conflict do nothing returning 1`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}
