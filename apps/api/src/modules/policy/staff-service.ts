import {
  INBOX_POLICY_MESSAGES,
  type Page,
  type PolicyAcceptanceRow,
  type PolicyAcceptancesQuery,
  type PolicyAcceptancesReport,
  type PolicyVersion,
  type PolicyVersionCreateRequest,
  type PolicyVersionsQuery,
  type PolicyVersionUpdateRequest,
} from "@puerta/contract";
import { type AnyColumn, and, asc, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { centres, etudiants, policies, policyAcceptances, users } from "../../db/schema/index.ts";
import { enrolledNow, inCurrentYear } from "../../db/school-year.ts";
import { HttpError, notFound } from "../../lib/errors.ts";
import {
  containsPattern,
  countAll,
  isoTimestamp,
  isoTimestampOrNull,
  listPage,
  searchIn,
  sortNamed,
} from "../../lib/list-sql.ts";
import { type ExportColumn, exportDateTime, exportFileName, toCsv } from "../../lib/spreadsheet-export.ts";
import type { LiveSession } from "../../lib/staff-session.ts";
import { auditActor } from "../../lib/staff-session.ts";
import { type AuditChanges, audit } from "../audit/service.ts";
import { currentPolicy } from "./queries.ts";

const m = INBOX_POLICY_MESSAGES;

// Drizzle leaves a single table's columns unqualified, so subqueries name `policies.id` themselves.
/** The version in force: the highest published one (modules/policy/queries.ts says the same to students). */
const inForceId = sql`(select p.id from ${policies} p where p.status = 'publiee' order by p.version desc limit 1)`;

/**
 * The students the report and the dashboard count as "actifs": an activated account, not
 * deactivated (docs/spec/back-office.md section 4), of a student enrolled in the current year
 * (`enrolledNow`: former students are not asked to accept the policy again, decision 111). An invited student who never signed in could
 * not have accepted anything yet: the report counts them apart (`etudiants_invites`, issue 28).
 */
const activeStudent = (userId: SQL | AnyColumn) =>
  sql`exists (select 1 from ${users} u where u.id = ${userId} and u.deactivated_at is null and u.password_hash is not null)`;

const invitedStudent = (userId: SQL | AnyColumn) =>
  sql`exists (select 1 from ${users} u where u.id = ${userId} and u.deactivated_at is null and u.password_hash is null)`;

const versionColumns = {
  id: policies.id,
  version: policies.version,
  titre: policies.title,
  contenu: policies.content,
  date_effet: policies.effectiveDate,
  statut: sql<"brouillon" | "publiee">`${policies.status}`,
  en_vigueur: sql<boolean>`coalesce(policies.id = ${inForceId}, false)`,
  published_at: isoTimestampOrNull(sql`${policies.publishedAt}`),
  updated_at: isoTimestamp(policies.lastUpdated),
  acceptations: sql<number>`(select count(*)::int from ${policyAcceptances} a join ${etudiants} e on e.user_id = a.user_id
    where a.policy_id = policies.id and ${activeStudent(sql`e.user_id`)} and e.statut_scolaire = 'inscrit' and ${inCurrentYear(sql`e.promotion_id`)})`,
};

/** Drafts first (they are what is being worked on), then the versions, newest first. */
const SORTS: Record<string, SQL[]> = {
  version: [sql`${policies.version} asc nulls last`],
  "-version": [sql`${policies.version} desc nulls first`],
  date_effet: [asc(policies.effectiveDate)],
  "-date_effet": [desc(policies.effectiveDate)],
  updated_at: [asc(policies.lastUpdated)],
  "-updated_at": [desc(policies.lastUpdated)],
};

const ACCEPTANCE_SORTS: Record<string, SQL[]> = {
  nom: [asc(etudiants.nom), asc(etudiants.prenom)],
  "-nom": [desc(etudiants.nom), desc(etudiants.prenom)],
  centre: [sql`${centres.nom} asc nulls last`],
  "-centre": [sql`${centres.nom} desc nulls last`],
  accepted_at: [sql`${policyAcceptances.acceptedAt} asc nulls first`],
  "-accepted_at": [sql`${policyAcceptances.acceptedAt} desc nulls last`],
};

const alreadyPublished = () => new HttpError(409, { message: m.alreadyPublished });

const ACCEPTANCE_EXPORT: ExportColumn<PolicyAcceptanceRow>[] = [
  { header: "Matricule", value: (row) => row.student_id },
  { header: "Nom", value: (row) => row.nom },
  { header: "Prénom", value: (row) => row.prenom },
  { header: "E-mail", value: (row) => row.email },
  { header: "Centre", value: (row) => row.centre },
  { header: "Acceptée", value: (row) => (row.accepted_at ? "Oui" : "Non") },
  { header: "Acceptée le", value: (row) => exportDateTime(row.accepted_at) },
];

/** The content's change, as the journal shows it: its length, not the text (it can be long). */
const contentNote = (text: string) => `${text.length} caractères`;

/** Active students who have not accepted the version in force (0 when none is published). */
export async function countNotAcceptedCurrent(db: Pick<Database, "select">): Promise<number> {
  const current = await currentPolicy(db);
  if (!current) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(etudiants)
    .where(
      and(
        activeStudent(etudiants.userId),
        enrolledNow,
        sql`not exists (select 1 from ${policyAcceptances} a where a.user_id = ${etudiants.userId} and a.policy_id = ${current.id})`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * `/api/gestion/politique` (docs/spec/back-office.md section 6, direction): versions of the
 * non-refund policy. A draft is edited freely; publishing numbers it and puts it in force, and
 * since acceptances are kept per version, every student meets the existing gate again.
 */
export function createPolicyVersions({ db }: { db: Database }) {
  async function find(executor: Pick<Database, "select">, id: number): Promise<PolicyVersion> {
    const [row] = await executor.select(versionColumns).from(policies).where(eq(policies.id, id));
    if (!row) throw notFound();
    return row;
  }

  async function resolve(id: number | "en-vigueur"): Promise<PolicyVersion> {
    if (id !== "en-vigueur") return find(db, id);
    const current = await currentPolicy(db);
    if (!current) throw notFound("Aucune version de la politique n'est en vigueur.");
    return find(db, current.id);
  }

  function acceptanceQuery(version: PolicyVersion, query: PolicyAcceptancesQuery) {
    const conditions: SQL[] = [activeStudent(etudiants.userId), enrolledNow];
    if (query.acceptation === "acceptee") conditions.push(isNotNull(policyAcceptances.id));
    if (query.acceptation === "non_acceptee") conditions.push(isNull(policyAcceptances.id));
    if (query.q) {
      const pattern = containsPattern(query.q);
      const search = or(
        ilike(etudiants.nom, pattern),
        ilike(etudiants.prenom, pattern),
        ilike(etudiants.email, pattern),
        ilike(etudiants.studentId, pattern),
        sql`(${etudiants.prenom} || ' ' || ${etudiants.nom}) ilike ${pattern}`,
      );
      if (search) conditions.push(search);
    }
    const where = and(...conditions);
    const acceptedJoin = and(
      eq(policyAcceptances.userId, etudiants.userId),
      eq(policyAcceptances.policyId, version.id),
    );
    const count = () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(etudiants)
        .innerJoin(users, eq(users.id, etudiants.userId))
        .leftJoin(centres, eq(centres.id, etudiants.centreId))
        .leftJoin(policyAcceptances, acceptedJoin)
        .where(where);
    const rows = () =>
      db
        .select(rowColumns)
        .from(etudiants)
        .innerJoin(users, eq(users.id, etudiants.userId))
        .leftJoin(centres, eq(centres.id, etudiants.centreId))
        .leftJoin(policyAcceptances, acceptedJoin)
        .where(where);
    const rowColumns = {
      etudiant_id: etudiants.id,
      student_id: etudiants.studentId,
      nom: etudiants.nom,
      prenom: etudiants.prenom,
      email: etudiants.email,
      centre: centres.nom,
      accepted_at: isoTimestampOrNull(sql`${policyAcceptances.acceptedAt}`),
    };
    const sort = sortNamed(ACCEPTANCE_SORTS, query.sort ?? "nom");
    return { count, rows, sort };
  }

  async function totals(version: PolicyVersion) {
    const [row] = await db
      .select({
        actifs: sql<number>`count(*)::int`,
        acceptees: sql<number>`count(${policyAcceptances.id})::int`,
      })
      .from(etudiants)
      .leftJoin(
        policyAcceptances,
        and(eq(policyAcceptances.userId, etudiants.userId), eq(policyAcceptances.policyId, version.id)),
      )
      .where(and(activeStudent(etudiants.userId), enrolledNow));
    const [invited] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(etudiants)
      .where(and(invitedStudent(etudiants.userId), enrolledNow));
    return { etudiants_actifs: row?.actifs ?? 0, acceptees: row?.acceptees ?? 0, etudiants_invites: invited?.n ?? 0 };
  }

  return {
    async list(query: PolicyVersionsQuery): Promise<Page<PolicyVersion>> {
      const sort = sortNamed(SORTS, query.sort ?? "-version");
      const conditions: SQL[] = [];
      if (query.statut) conditions.push(eq(policies.status, query.statut));
      if (query.q) {
        conditions.push(searchIn(query.q, [policies.title, policies.content]));
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      return listPage(query, db.select({ n: countAll() }).from(policies).where(where), (limit, offset) =>
        db
          .select(versionColumns)
          .from(policies)
          .where(where)
          .orderBy(...sort, desc(policies.id))
          .limit(limit)
          .offset(offset),
      );
    },

    get: (id: number) => find(db, id),

    async create(staff: LiveSession, body: PolicyVersionCreateRequest, ip: string) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(policies)
          .values({ title: body.titre, content: body.contenu, effectiveDate: body.date_effet, status: "brouillon" })
          .returning({ id: policies.id });
        if (!row) throw new Error("policy insert returned nothing");
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "creation",
          entity: "politique",
          entityId: row.id,
          summary: `Brouillon de la politique « ${body.titre} » créé.`,
          changes: {
            titre: { before: null, after: body.titre },
            date_effet: { before: null, after: body.date_effet },
            contenu: { before: null, after: contentNote(body.contenu) },
          },
        });
        return find(tx, row.id);
      });
    },

    async update(staff: LiveSession, id: number, body: PolicyVersionUpdateRequest, ip: string) {
      return db.transaction(async (tx) => {
        const before = await find(tx, id);
        if (before.statut !== "brouillon") throw alreadyPublished();
        const after = {
          titre: body.titre ?? before.titre,
          contenu: body.contenu ?? before.contenu,
          date_effet: body.date_effet ?? before.date_effet,
        };
        const changes: AuditChanges = {};
        if (after.titre !== before.titre) changes.titre = { before: before.titre, after: after.titre };
        if (after.date_effet !== before.date_effet)
          changes.date_effet = { before: before.date_effet, after: after.date_effet };
        if (after.contenu !== before.contenu)
          changes.contenu = { before: contentNote(before.contenu), after: contentNote(after.contenu) };
        if (Object.keys(changes).length === 0) return before;
        await tx
          .update(policies)
          .set({ title: after.titre, content: after.contenu, effectiveDate: after.date_effet, lastUpdated: sql`now()` })
          .where(and(eq(policies.id, id), eq(policies.status, "brouillon")));
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "modification",
          entity: "politique",
          entityId: id,
          summary: `Brouillon de la politique « ${after.titre} » modifié.`,
          changes,
        });
        return find(tx, id);
      });
    },

    /** Numbers the draft after the highest version and puts it in force, in one transaction. */
    async publish(staff: LiveSession, id: number, ip: string) {
      return db.transaction(async (tx) => {
        // Two publications at once must not take the same number.
        await tx.execute(sql`lock table ${policies} in share row exclusive mode`);
        const before = await find(tx, id);
        if (before.statut !== "brouillon") throw alreadyPublished();
        const previous = await currentPolicy(tx);
        const [next] = await tx
          .select({ n: sql<number>`coalesce(max(${policies.version}), 0)::int + 1` })
          .from(policies);
        const version = next?.n ?? 1;
        await tx
          .update(policies)
          .set({
            status: "publiee",
            version,
            publishedAt: sql`now()`,
            publishedBy: staff.id,
            lastUpdated: sql`now()`,
          })
          .where(eq(policies.id, id));
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "publication",
          entity: "politique",
          entityId: id,
          summary: `Version ${version} de la politique « ${before.titre} » publiée : chaque étudiant devra l'accepter.`,
          changes: {
            statut: { before: "brouillon", after: "publiee" },
            version: { before: null, after: version },
            version_en_vigueur: { before: previous?.version ?? null, after: version },
          },
        });
        return find(tx, id);
      });
    },

    async acceptances(id: number | "en-vigueur", query: PolicyAcceptancesQuery): Promise<PolicyAcceptancesReport> {
      const version = await resolve(id);
      const { count, rows, sort } = acceptanceQuery(version, query);
      const [counted] = await count();
      const data = await rows()
        .orderBy(...sort, asc(etudiants.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page);
      return {
        version,
        ...(await totals(version)),
        data,
        page: query.page,
        per_page: query.per_page,
        total: counted?.n ?? 0,
      };
    },

    async exportAcceptances(staff: LiveSession, id: number | "en-vigueur", query: PolicyAcceptancesQuery, ip: string) {
      const version = await resolve(id);
      const { rows: select, sort } = acceptanceQuery(version, query);
      const rows = await select().orderBy(...sort, asc(etudiants.id));
      await audit(db, {
        actor: auditActor(staff),
        ip,
        action: "export",
        entity: "politique",
        entityId: version.id,
        summary: `Export des acceptations de la politique${version.version ? ` (version ${version.version})` : ""} : ${rows.length} étudiant${rows.length > 1 ? "s" : ""}.`,
      });
      const base = `acceptations-politique-${version.version ? `v${version.version}` : `brouillon-${version.id}`}`;
      return { fileName: exportFileName(base, "csv"), csv: toCsv(ACCEPTANCE_EXPORT, rows) };
    },
  };
}
