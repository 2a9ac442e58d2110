import {
  can,
  type Page,
  roleHasCentres,
  STAFF_ACCOUNT_STATUS_LABELS,
  STAFF_LIMITS,
  STAFF_MESSAGES,
  STAFF_ROLE_LABELS,
  type StaffAccount,
  type StaffAccountCreateRequest,
  type StaffAccountStatus,
  type StaffAccountsQuery,
  type StaffAccountUpdateRequest,
  type StaffRole,
} from "@puerta/contract";
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { centres, staffUserCentres, staffUsers } from "../../db/schema/index.ts";
import { forbidden, notFound, validationFailed } from "../../lib/errors.ts";
import { countAll, isoTimestamp, isoTimestampOrNull, listPage, searchIn, sortNamed } from "../../lib/list-sql.ts";
import type { Mailer } from "../../lib/mailer/index.ts";
import { type ExportColumn, exportDateTime, exportFileName, toCsv } from "../../lib/spreadsheet-export.ts";
import { auditActor, type LiveSession } from "../../lib/staff-session.ts";
import { randomToken, sha256Hex } from "../../lib/tokens.ts";
import { type AuditChanges, audit, changedFields } from "../audit/service.ts";
import { secondFactorResetMail, staffInvitationMail } from "./mail.ts";
import * as q from "./staff-queries.ts";

const m = STAFF_MESSAGES;
const INVITATION_TOKEN_LENGTH = 64;

const statut = sql<StaffAccountStatus>`case
  when ${staffUsers.deactivatedAt} is not null then 'desactive'
  when ${staffUsers.passwordHash} is null then 'invitation_envoyee'
  else 'actif' end`;

const accountColumns = {
  ...q.staffUserColumns,
  statut,
  totp_enrolled: staffUsers.totpEnrolled,
  last_login_at: isoTimestampOrNull(staffUsers.lastLoginAt),
  created_at: isoTimestamp(staffUsers.createdAt),
};

const SORTS: Record<string, SQL> = {
  name: asc(staffUsers.name),
  "-name": desc(staffUsers.name),
  email: asc(staffUsers.email),
  "-email": desc(staffUsers.email),
  role: asc(staffUsers.role),
  "-role": desc(staffUsers.role),
  created_at: asc(staffUsers.createdAt),
  "-created_at": desc(staffUsers.createdAt),
  last_login_at: sql`${staffUsers.lastLoginAt} asc nulls first`,
  "-last_login_at": sql`${staffUsers.lastLoginAt} desc nulls last`,
};

/** The columns of `/api/gestion/comptes/export.csv`, centre names already joined. */
const EXPORT_COLUMNS: ExportColumn<StaffAccount & { centres: string }>[] = [
  { header: "Nom", value: (a) => a.name },
  { header: "E-mail", value: (a) => a.email },
  { header: "Rôle", value: (a) => STAFF_ROLE_LABELS[a.role] },
  { header: "Centres", value: (a) => a.centres },
  { header: "Statut", value: (a) => STAFF_ACCOUNT_STATUS_LABELS[a.statut] },
  { header: "Double authentification", value: (a) => (a.totp_enrolled ? "Activée" : "À activer") },
  { header: "Dernière connexion", value: (a) => exportDateTime(a.last_login_at) },
  { header: "Créé le", value: (a) => exportDateTime(a.created_at) },
];

function sortOf(query: StaffAccountsQuery): SQL {
  return sortNamed(SORTS, query.sort ?? "name");
}

function whereOf(query: StaffAccountsQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.role) conditions.push(eq(staffUsers.role, query.role));
  if (query.statut) conditions.push(sql`${statut} = ${query.statut}`);
  if (query.q) {
    conditions.push(searchIn(query.q, [staffUsers.name, staffUsers.email]));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Only a role limited to centres keeps them (the contract's `roleHasCentres`); the others cover every centre. */
const centresFor = (role: StaffRole, centreIds: readonly number[]) =>
  roleHasCentres(role) ? [...new Set(centreIds)].sort((a, b) => a - b) : [];

/** Creates an invitation link (replacing earlier unused ones) inside the caller's transaction. */
export async function issueInvitation(executor: q.Executor, config: Config, staffId: number): Promise<string> {
  const token = randomToken(INVITATION_TOKEN_LENGTH);
  await q.replaceInvitation(executor, staffId, sha256Hex(token), STAFF_LIMITS.invitationDays);
  return `${config.publicUrl}/gestion/activer?token=${encodeURIComponent(token)}`;
}

/** Creates a staff account (no password yet) with its centres; returns its id. */
export async function insertStaffAccount(
  executor: q.Executor,
  account: { name: string; email: string; role: StaffRole; centreIds: readonly number[] },
): Promise<number> {
  const [row] = await executor
    .insert(staffUsers)
    .values({ name: account.name, email: account.email.trim().toLowerCase(), role: account.role })
    .returning({ id: staffUsers.id });
  if (!row) throw new Error("staff insert returned nothing");
  const centreIds = centresFor(account.role, account.centreIds);
  if (centreIds.length > 0) {
    await executor.insert(staffUserCentres).values(centreIds.map((centreId) => ({ staffId: row.id, centreId })));
  }
  return row.id;
}

/** The direction's management of staff accounts (`/api/gestion/comptes`). */
export function createStaffAccounts({ db, config, mail }: { db: Database; config: Config; mail: Mailer }) {
  async function find(executor: q.Executor, id: number): Promise<StaffAccount> {
    const [row] = await executor.select(accountColumns).from(staffUsers).where(eq(staffUsers.id, id));
    if (!row) throw notFound();
    return row;
  }

  async function assertCentresExist(centreIds: readonly number[]) {
    if (centreIds.length === 0) return;
    const found = await db
      .select({ id: centres.id })
      .from(centres)
      .where(inArray(centres.id, [...centreIds]));
    if (found.length !== new Set(centreIds).size) throw validationFailed({ centre_ids: [m.centreUnknown] });
  }

  async function assertEmailFree(email: string) {
    const [taken] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email));
    if (taken) throw validationFailed({ email: [m.emailTaken] });
  }

  async function sendInvitation(tx: q.Executor, account: StaffAccount) {
    const link = await issueInvitation(tx, config, account.id);
    // The invitation says which centres the account covers, as the list of accounts does.
    const centreNames =
      account.centre_ids.length === 0
        ? []
        : (
            await tx
              .select({ nom: centres.nom })
              .from(centres)
              .where(inArray(centres.id, account.centre_ids))
              .orderBy(centres.nom)
          ).map((c) => c.nom);
    await mail.queue(staffInvitationMail(account.email, account.name, account.role, link, centreNames), tx);
  }

  /** The journal's entries about account `id`, by `staff` from `ip`. */
  const journalFor =
    (tx: q.Executor, staff: LiveSession, ip: string, id: number) =>
    (action: string, summary: string, changes?: AuditChanges) =>
      audit(tx, { actor: auditActor(staff), ip, action, entity: "comptes", entityId: id, summary, changes });

  /** Runs a change of one account and its journal entry in one transaction; answers the account after it. */
  async function change(
    staff: LiveSession,
    id: number,
    ip: string,
    work: (
      tx: q.Executor,
      before: StaffAccount,
      journal: (action: string, summary: string, changes?: AuditChanges) => Promise<void>,
    ) => Promise<void>,
  ): Promise<StaffAccount> {
    return db.transaction(async (tx) => {
      const before = await find(tx, id);
      await work(tx, before, journalFor(tx, staff, ip, id));
      return find(tx, id);
    });
  }

  return {
    async list(query: StaffAccountsQuery): Promise<Page<StaffAccount>> {
      const sort = sortOf(query);
      const where = whereOf(query);
      return listPage(query, db.select({ n: countAll() }).from(staffUsers).where(where), (limit, offset) =>
        db
          .select(accountColumns)
          .from(staffUsers)
          .where(where)
          .orderBy(sort, asc(staffUsers.id))
          .limit(limit)
          .offset(offset),
      );
    },

    /** Every account the list's filters keep, as CSV (docs/spec/back-office.md section 8), journaled as an export. */
    async exportCsv(staff: LiveSession, query: StaffAccountsQuery, ip: string) {
      const rows = await db
        .select(accountColumns)
        .from(staffUsers)
        .where(whereOf(query))
        .orderBy(sortOf(query), asc(staffUsers.id));
      const names = new Map(
        (await db.select({ id: centres.id, nom: centres.nom }).from(centres)).map((c) => [c.id, c.nom]),
      );
      const withCentres = rows.map((account) => ({
        ...account,
        centres:
          account.centre_ids.length === 0
            ? "Tous les centres"
            : account.centre_ids.map((id) => names.get(id) ?? String(id)).join(", "),
      }));
      await audit(db, {
        actor: auditActor(staff),
        ip,
        action: "export",
        entity: "comptes",
        summary: `Export des comptes du personnel (${rows.length} compte${rows.length > 1 ? "s" : ""}).`,
      });
      return { fileName: exportFileName("comptes-personnel", "csv"), csv: toCsv(EXPORT_COLUMNS, withCentres) };
    },

    get: (id: number) => find(db, id),

    async create(staff: LiveSession, body: StaffAccountCreateRequest & { centre_ids: number[] }, ip: string) {
      const email = body.email.trim().toLowerCase();
      const centreIds = centresFor(body.role, body.centre_ids);
      await assertCentresExist(centreIds);
      await assertEmailFree(email);
      const account = await db.transaction(async (tx) => {
        const id = await insertStaffAccount(tx, { name: body.name, email, role: body.role, centreIds });
        const created = await find(tx, id);
        await sendInvitation(tx, created);
        await journalFor(
          tx,
          staff,
          ip,
          id,
        )(
          "creation",
          `Compte ${STAFF_ROLE_LABELS[body.role]} créé pour ${body.name} (${email}) ; invitation envoyée.`,
          {
            name: { before: null, after: body.name },
            email: { before: null, after: email },
            role: { before: null, after: body.role },
            centre_ids: { before: null, after: centreIds },
          },
        );
        return created;
      });
      void mail.flush();
      return account;
    },

    /** A role or centres change ends the account's sessions: its rights are read again at sign-in. */
    async update(staff: LiveSession, id: number, body: StaffAccountUpdateRequest, ip: string) {
      // Whoever manages the accounts cannot take that right away from themselves.
      if (id === staff.id && body.role !== undefined && !can({ role: body.role, centre_ids: [] }, "update:comptes")) {
        throw forbidden(m.cannotDropOwnDirection);
      }
      const before = await find(db, id);
      const role = body.role ?? before.role;
      const centreIds = centresFor(role, body.centre_ids ?? before.centre_ids);
      if (roleHasCentres(role) && centreIds.length === 0) throw validationFailed({ centre_ids: [m.centresRequired] });
      await assertCentresExist(centreIds);
      return change(staff, id, ip, async (tx, current, journal) => {
        const after = { name: body.name ?? current.name, role, centre_ids: centreIds };
        const changes = changedFields(current, after, ["name", "role", "centre_ids"]);
        if (Object.keys(changes).length === 0) return;
        await tx
          .update(staffUsers)
          .set({ name: after.name, role: after.role, updatedAt: sql`now()` })
          .where(eq(staffUsers.id, id));
        if (changes.centre_ids || changes.role) {
          await tx.delete(staffUserCentres).where(eq(staffUserCentres.staffId, id));
          if (centreIds.length > 0) {
            await tx.insert(staffUserCentres).values(centreIds.map((centreId) => ({ staffId: id, centreId })));
          }
          await q.revokeAllSessions(tx, id);
        }
        await journal("modification", `Compte de ${after.name} modifié.`, changes);
      });
    },

    async deactivate(staff: LiveSession, id: number, ip: string) {
      if (id === staff.id) throw forbidden(m.cannotDeactivateSelf);
      return change(staff, id, ip, async (tx, before, journal) => {
        if (before.statut === "desactive") return;
        await tx
          .update(staffUsers)
          .set({ deactivatedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(staffUsers.id, id));
        await q.revokeAllSessions(tx, id);
        await journal("desactivation", `Compte de ${before.name} désactivé.`, {
          statut: { before: before.statut, after: "desactive" },
        });
      });
    },

    async reactivate(staff: LiveSession, id: number, ip: string) {
      return change(staff, id, ip, async (tx, before, journal) => {
        if (before.statut !== "desactive") return;
        await tx.update(staffUsers).set({ deactivatedAt: null, updatedAt: sql`now()` }).where(eq(staffUsers.id, id));
        const after = await find(tx, id);
        await journal("reactivation", `Compte de ${before.name} réactivé.`, {
          statut: { before: before.statut, after: after.statut },
        });
      });
    },

    /** The next sign-in enrols a new second factor; the account's sessions end now. */
    async resetSecondFactor(staff: LiveSession, id: number, ip: string) {
      const account = await change(staff, id, ip, async (tx, before, journal) => {
        await q.resetSecondFactor(tx, id);
        await q.revokeAllSessions(tx, id);
        await journal("reinitialisation_2fa", `Double authentification de ${before.name} réinitialisée.`, {
          totp_enrolled: { before: before.totp_enrolled, after: false },
        });
        await mail.queue(secondFactorResetMail(before.email, before.name, `${config.publicUrl}/gestion/connexion`), tx);
      });
      void mail.flush();
      return account;
    },

    async resendInvitation(staff: LiveSession, id: number, ip: string) {
      const account = await change(staff, id, ip, async (tx, before, journal) => {
        if (before.statut !== "invitation_envoyee")
          throw validationFailed({ statut: [m.alreadyActive] }, m.alreadyActive);
        await sendInvitation(tx, before);
        await journal("invitation", `Invitation renvoyée à ${before.name} (${before.email}).`);
      });
      void mail.flush();
      return account;
    },
  };
}

export type StaffAccounts = ReturnType<typeof createStaffAccounts>;
