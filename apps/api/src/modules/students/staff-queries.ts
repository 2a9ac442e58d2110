import {
  type LeavingReason,
  type SchoolStatus,
  type SchoolYearStatus,
  type StaffStudent,
  type StudentName,
  type StudentStatus,
  type StudentsQuery,
  schoolYearLabel,
} from "@puerta/contract";
import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  accessTokens,
  centres,
  etudiants,
  filieres,
  options,
  passwordResets,
  policies,
  policyAcceptances,
  schoolYears,
  studentInvitations,
  users,
} from "../../db/schema/index.ts";
import { enrolledNow } from "../../db/school-year.ts";
import { containsPattern, isoTimestamp, isoTimestampOrNull } from "../../lib/list-sql.ts";

/** The database itself or a transaction opened on it. */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

export const statut = sql<StudentStatus>`case
  when ${users.deactivatedAt} is not null then 'desactive'
  when ${users.passwordHash} is null then 'invitation_envoyee'
  else 'actif' end`;

/** The policy in force: the highest version (modules/policy/queries.ts currentPolicy). */
const currentPolicyId = sql`(select ${policies.id} from ${policies} order by ${policies.version} desc limit 1)`;

const acceptedCurrent = sql<boolean>`(not exists (select 1 from ${policies}) or exists (
  select 1 from ${policyAcceptances}
  where ${policyAcceptances.userId} = ${users.id} and ${policyAcceptances.policyId} = ${currentPolicyId}))`;

const ref = (table: typeof centres | typeof options | typeof filieres) =>
  sql<{ id: number; nom: string } | null>`case when ${table.id} is null then null
    else json_build_object('id', ${table.id}, 'nom', ${table.nom}) end`;

export const studentColumns = {
  id: etudiants.id,
  user_id: etudiants.userId,
  nom: etudiants.nom,
  prenom: etudiants.prenom,
  email: users.email,
  telephone: etudiants.telephone,
  cin: etudiants.cin,
  numero_etudiant: etudiants.studentId,
  centre: ref(centres),
  option: ref(options),
  filiere: ref(filieres),
  statut,
  // The contract's schoolYearLabel, written by the database so that every row comes out whole.
  promotion: sql<string>`${schoolYears.debutAnnee}::text || '-' || (${schoolYears.debutAnnee} + 1)::text`,
  statut_scolaire: sql<SchoolStatus>`${etudiants.statutScolaire}`,
  sorti_le: etudiants.sortiLe,
  motif_sortie: sql<LeavingReason | null>`${etudiants.motifSortie}`,
  politique_version: sql<number | null>`(select max(${policies.version})::int from ${policyAcceptances}
    join ${policies} on ${policies.id} = ${policyAcceptances.policyId} where ${policyAcceptances.userId} = ${users.id})`,
  politique_acceptee: acceptedCurrent,
  last_login_at: isoTimestampOrNull(users.lastLoginAt),
  created_at: isoTimestamp(users.createdAt),
};

/** The pedagogie's columns: a different select, so nothing else ever leaves the database. */
export const nameColumns = { id: etudiants.id, nom: etudiants.nom, prenom: etudiants.prenom, centre: ref(centres) };

const SORTS: Record<string, SQL[]> = {
  nom: [asc(etudiants.nom), asc(etudiants.prenom)],
  "-nom": [desc(etudiants.nom), desc(etudiants.prenom)],
  prenom: [asc(etudiants.prenom), asc(etudiants.nom)],
  "-prenom": [desc(etudiants.prenom), desc(etudiants.nom)],
  email: [asc(users.email)],
  "-email": [desc(users.email)],
  numero_etudiant: [asc(etudiants.studentId)],
  "-numero_etudiant": [desc(etudiants.studentId)],
  centre: [asc(centres.nom), asc(etudiants.nom)],
  "-centre": [desc(centres.nom), asc(etudiants.nom)],
  statut: [asc(statut), asc(etudiants.nom)],
  "-statut": [desc(statut), asc(etudiants.nom)],
  promotion: [asc(schoolYears.debutAnnee), asc(etudiants.nom)],
  "-promotion": [desc(schoolYears.debutAnnee), asc(etudiants.nom)],
  last_login_at: [sql`${users.lastLoginAt} asc nulls first`],
  "-last_login_at": [sql`${users.lastLoginAt} desc nulls last`],
  created_at: [asc(users.createdAt)],
  "-created_at": [desc(users.createdAt)],
};
/** The sorts on what the pedagogie sees (names and centres): no ordering by a hidden column. */
const NAME_SORTS: ReadonlySet<string> = new Set(["nom", "-nom", "prenom", "-prenom", "centre", "-centre"]);
export const isSort = (sort: string, restricted = false) => sort in SORTS && (!restricted || NAME_SORTS.has(sort));

/**
 * The list's conditions. `scope` is the caller's centres (lib/centre-scope.ts; undefined = every centre);
 * `restricted` (pedagogie) searches names only, filters by place only, and sees the current year's
 * enrolled students only. For the others, a cohort (`promotion`), a school status or rows picked by
 * id replace that default (docs/spec/school-year-and-data.md section 1).
 */
export function listConditions(
  query: Pick<
    StudentsQuery,
    "q" | "centre_id" | "option_id" | "filiere_id" | "statut" | "politique" | "ids" | "promotion" | "statut_scolaire"
  >,
  scope: SQL | undefined,
  restricted: boolean,
) {
  const conditions: (SQL | undefined)[] = [];
  conditions.push(scope);
  const cohortChosen = query.promotion !== undefined || query.statut_scolaire !== undefined || query.ids !== undefined;
  if (restricted || !cohortChosen) conditions.push(enrolledNow);
  else {
    if (query.promotion !== undefined) {
      conditions.push(
        sql`${etudiants.promotionId} in (select ${schoolYears.id} from ${schoolYears} where ${schoolYears.debutAnnee} = ${query.promotion})`,
      );
    }
    if (query.statut_scolaire) conditions.push(eq(etudiants.statutScolaire, query.statut_scolaire));
  }
  if (query.centre_id) conditions.push(eq(etudiants.centreId, query.centre_id));
  if (query.option_id) conditions.push(eq(etudiants.optionId, query.option_id));
  if (query.filiere_id) conditions.push(eq(etudiants.filiereId, query.filiere_id));
  if (query.ids) conditions.push(inArray(etudiants.id, query.ids));
  if (query.q) {
    const pattern = containsPattern(query.q);
    const names = [
      ilike(etudiants.nom, pattern),
      ilike(etudiants.prenom, pattern),
      ilike(sql`${etudiants.prenom} || ' ' || ${etudiants.nom}`, pattern),
      ilike(sql`${etudiants.nom} || ' ' || ${etudiants.prenom}`, pattern),
    ];
    conditions.push(
      restricted
        ? or(...names)
        : or(...names, ilike(users.email, pattern), ilike(etudiants.studentId, pattern), ilike(etudiants.cin, pattern)),
    );
  }
  if (!restricted) {
    if (query.statut) conditions.push(sql`${statut} = ${query.statut}`);
    if (query.politique === "acceptee") conditions.push(acceptedCurrent);
    if (query.politique === "non_acceptee") conditions.push(sql`not ${acceptedCurrent}`);
  }
  const defined = conditions.filter((c): c is SQL => c !== undefined);
  return defined.length > 0 ? and(...defined) : undefined;
}

/** Students with their account and reference data: what every list and page reads from. */
const withRefs = <T extends ReturnType<Executor["select"]>>(select: T) =>
  select
    .from(etudiants)
    .innerJoin(users, eq(users.id, etudiants.userId))
    .leftJoin(centres, eq(centres.id, etudiants.centreId))
    .leftJoin(options, eq(options.id, etudiants.optionId))
    .leftJoin(filieres, eq(filieres.id, etudiants.filiereId))
    .innerJoin(schoolYears, eq(schoolYears.id, etudiants.promotionId))
    .$dynamic();

const studentsSelect = (db: Executor) => withRefs(db.select(studentColumns));
const namesSelect = (db: Executor) => withRefs(db.select(nameColumns));

export async function countStudents(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(etudiants)
    .innerJoin(users, eq(users.id, etudiants.userId))
    .where(where);
  return row?.n ?? 0;
}

export async function pageOfStudents(
  db: Executor,
  where: SQL | undefined,
  sort: string,
  limit: number,
  offset: number,
): Promise<StaffStudent[]> {
  const order = SORTS[sort] ?? SORTS.nom ?? [];
  return (await studentsSelect(db)
    .where(where)
    .orderBy(...order, asc(etudiants.id))
    .limit(limit)
    .offset(offset)) as unknown as StaffStudent[];
}

export async function pageOfNames(
  db: Executor,
  where: SQL | undefined,
  sort: string,
  limit: number,
  offset: number,
): Promise<StudentName[]> {
  const order = SORTS[sort] ?? SORTS.nom ?? [];
  return (await namesSelect(db)
    .where(where)
    .orderBy(...order, asc(etudiants.id))
    .limit(limit)
    .offset(offset)) as unknown as StudentName[];
}

/** Every student the filters keep (exports), in the list's order. */
export async function allStudents(db: Executor, where: SQL | undefined, sort: string): Promise<StaffStudent[]> {
  const order = SORTS[sort] ?? SORTS.nom ?? [];
  return (await studentsSelect(db)
    .where(where)
    .orderBy(...order, asc(etudiants.id))) as unknown as StaffStudent[];
}

export async function findStudent(db: Executor, id: number): Promise<StaffStudent | undefined> {
  const [row] = (await studentsSelect(db).where(eq(etudiants.id, id))) as unknown as StaffStudent[];
  return row;
}

export async function findStudentName(db: Executor, id: number): Promise<StudentName | undefined> {
  const [row] = (await namesSelect(db).where(eq(etudiants.id, id))) as unknown as StudentName[];
  return row;
}

/** Every school year, newest first: the cohorts the list's filter offers. */
export async function promotions(db: Executor) {
  const rows = await db
    .select({ id: schoolYears.id, debut: schoolYears.debutAnnee, statut: schoolYears.statut })
    .from(schoolYears)
    .orderBy(desc(schoolYears.debutAnnee));
  return rows.map((row) => ({ id: row.id, label: schoolYearLabel(row.debut), statut: row.statut as SchoolYearStatus }));
}

/** The year en cours (created on a database that has none, as any new student's row would). */
export async function currentYear(db: Executor): Promise<{ id: number; debut: number }> {
  const [row] = await db
    .select({ id: schoolYears.id, debut: schoolYears.debutAnnee })
    .from(schoolYears)
    .where(sql`${schoolYears.id} = current_school_year_id()`);
  if (!row) throw new Error("no current school year");
  return row;
}

/**
 * What a bulk action needs of each student the filters keep, locked until its transaction ends
 * (two actions on the same students run one after the other; locked in id order, so two never
 * wait for each other).
 */
export async function bulkTargets(db: Executor, where: SQL | undefined) {
  return db
    .select({
      id: etudiants.id,
      userId: etudiants.userId,
      email: users.email,
      prenom: etudiants.prenom,
      centreId: etudiants.centreId,
      statut,
      statutScolaire: sql<SchoolStatus>`${etudiants.statutScolaire}`,
      promotionStart: schoolYears.debutAnnee,
      promotionCurrent: sql<boolean>`${schoolYears.statut} = 'en_cours'`,
    })
    .from(etudiants)
    .innerJoin(users, eq(users.id, etudiants.userId))
    .innerJoin(schoolYears, eq(schoolYears.id, etudiants.promotionId))
    .where(where)
    .orderBy(asc(etudiants.id))
    .for("update", { of: etudiants });
}
export type BulkTarget = Awaited<ReturnType<typeof bulkTargets>>[number];

/** The accounts among `userIds` turned off (or on again); answers those that changed. */
export async function setDeactivated(db: Executor, userIds: readonly number[], deactivated: boolean) {
  if (userIds.length === 0) return [];
  const rows = await db
    .update(users)
    .set({ deactivatedAt: deactivated ? sql`now()` : null, updatedAt: sql`now()` })
    .where(
      and(
        inArray(users.id, [...userIds]),
        deactivated ? isNull(users.deactivatedAt) : sql`${users.deactivatedAt} is not null`,
      ),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

/** Enrolled students among `ids` become former students; answers those that changed. */
export async function markFormer(db: Executor, ids: readonly number[], motif: LeavingReason, day: string) {
  if (ids.length === 0) return [];
  const rows = await db
    .update(etudiants)
    .set({ statutScolaire: "ancien_eleve", sortiLe: day, motifSortie: motif })
    .where(and(inArray(etudiants.id, [...ids]), eq(etudiants.statutScolaire, "inscrit")))
    .returning({ id: etudiants.id });
  return rows.map((row) => row.id);
}

/** `ids` enrolled in year `yearId` (their row of `inscriptions` follows, by the trigger of migration 0014). */
export async function enrol(db: Executor, ids: readonly number[], yearId: number) {
  if (ids.length === 0) return [];
  const rows = await db
    .update(etudiants)
    .set({ statutScolaire: "inscrit", sortiLe: null, motifSortie: null, promotionId: yearId })
    .where(inArray(etudiants.id, [...ids]))
    .returning({ id: etudiants.id });
  return rows.map((row) => row.id);
}

/** The centre of a student, read before deciding whether the caller may see it at all. */
export async function studentCentre(db: Executor, id: number) {
  const [row] = await db
    .select({ centreId: etudiants.centreId, userId: etudiants.userId })
    .from(etudiants)
    .where(eq(etudiants.id, id));
  return row;
}

export async function emailOwner(db: Executor, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
}

export async function studentNumberOwner(db: Executor, studentNumber: string) {
  const [row] = await db.select({ id: etudiants.id }).from(etudiants).where(eq(etudiants.studentId, studentNumber));
  return row?.id;
}

/** Which of these student numbers are already given. */
export async function takenStudentNumbers(db: Executor, numbers: readonly string[]): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await db
    .select({ number: etudiants.studentId })
    .from(etudiants)
    .where(inArray(etudiants.studentId, [...numbers]));
  return new Set(rows.map((row) => row.number));
}

// ---------------------------------------------------------------- tokens

const interval = (seconds: number) => sql.raw(`interval '${Math.trunc(seconds)} seconds'`);

/** A new invitation replaces the student's unused ones: only the latest e-mail works. */
export async function replaceInvitation(db: Executor, userId: number, tokenHash: string, days: number) {
  await db
    .delete(studentInvitations)
    .where(and(eq(studentInvitations.userId, userId), isNull(studentInvitations.usedAt)));
  await db.insert(studentInvitations).values({ userId, tokenHash, expiresAt: sql`now() + ${interval(days * 86_400)}` });
}

const liveInvitation = (tokenHash: string) =>
  and(
    eq(studentInvitations.tokenHash, tokenHash),
    isNull(studentInvitations.usedAt),
    sql`${studentInvitations.expiresAt} > now()`,
    sql`exists (select 1 from ${users} where ${users.id} = ${studentInvitations.userId} and ${users.deactivatedAt} is null)`,
  );

export async function findInvitation(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ userId: users.id, email: users.email, nom: etudiants.nom, prenom: etudiants.prenom })
    .from(studentInvitations)
    .innerJoin(users, eq(users.id, studentInvitations.userId))
    .leftJoin(etudiants, eq(etudiants.userId, users.id))
    .where(liveInvitation(tokenHash));
  return row;
}

/** Marks the invitation used, atomically: of two activations with one link, one gets the account. */
export async function spendInvitation(db: Executor, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .update(studentInvitations)
    .set({ usedAt: sql`now()` })
    .where(liveInvitation(tokenHash))
    .returning({ userId: studentInvitations.userId });
  return row?.userId;
}

/** "Désactiver": every way in ends — sessions, reset links and invitations. */
export async function revokeEverything(db: Executor, userIds: readonly number[]) {
  if (userIds.length === 0) return;
  const ids = [...userIds];
  await db.delete(accessTokens).where(inArray(accessTokens.userId, ids));
  await db.delete(passwordResets).where(inArray(passwordResets.userId, ids));
  await db.delete(studentInvitations).where(inArray(studentInvitations.userId, ids));
}

/** The policy versions the student accepted, newest first. */
export async function acceptances(db: Executor, userId: number) {
  return (
    db
      // Only a published version can be accepted, and a published version has its number.
      .select({ version: sql<number>`${policies.version}`, accepted_at: isoTimestamp(policyAcceptances.acceptedAt) })
      .from(policyAcceptances)
      .innerJoin(policies, eq(policies.id, policyAcceptances.policyId))
      .where(eq(policyAcceptances.userId, userId))
      .orderBy(desc(policies.version))
  );
}
