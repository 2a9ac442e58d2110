import {
  can,
  formatFrenchDate,
  type Notification,
  type Page,
  STUDENT_BULK_MESSAGES,
  STUDENT_STAFF_FIELDS,
  STUDENT_STAFF_LIMITS,
  STUDENT_STAFF_MESSAGES,
  type StaffStudent,
  type StudentBulk,
  type StudentBulkResponse,
  type StudentCreate,
  type StudentDetail,
  type StudentLeaving,
  type StudentName,
  type StudentPreview,
  type StudentReferenceData,
  type StudentSelectionAction,
  type StudentsQuery,
  type StudentUpdate,
  schoolYearLabel,
  schoolYearStarting,
} from "@puerta/contract";
import { asc, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../app-context.ts";
import { centres, etudiants, filieres, options, users } from "../../db/schema/index.ts";
import { inCentreScope } from "../../lib/centre-scope.ts";
import { notFound, validationFailed } from "../../lib/errors.ts";
import type { LiveSession } from "../../lib/staff-session.ts";
import { assertVisible, assertWritable, auditActor } from "../../lib/staff-session.ts";
import { randomToken, sha256Hex } from "../../lib/tokens.ts";
import { type AuditChanges, audit, changedFields } from "../audit/service.ts";
import { createCertificateService } from "../certificates/service.ts";
import { createCertificateOffice } from "../certificates/staff-service.ts";
import { createDocumentsService } from "../documents/service.ts";
import { createNotificationService } from "../notifications/service.ts";
import { createPasswordService } from "../passwords/service.ts";
import { createPlanningService } from "../planning/service.ts";
import { studentInvitationMail } from "./mail.ts";
import * as q from "./staff-queries.ts";

const m = STUDENT_STAFF_MESSAGES;
const INVITATION_TOKEN_LENGTH = 64;

/**
 * Who may read students but not act on their accounts reads names and centres only, with no
 * contact data (the pedagogie, docs/spec/back-office.md section 1).
 */
export const isRestricted = (staff: LiveSession) => !can(staff, "update:etudiants");

const fullName = (s: { prenom: string; nom: string }) => `${s.prenom} ${s.nom}`;

/** Creates an invitation link (replacing earlier unused ones) and queues its e-mail in the caller's transaction. */
export async function queueInvitation(
  tx: q.Executor,
  mail: AppContext["mail"],
  publicUrl: string,
  student: { userId: number; email: string; prenom: string },
) {
  const token = randomToken(INVITATION_TOKEN_LENGTH);
  await q.replaceInvitation(tx, student.userId, sha256Hex(token), STUDENT_STAFF_LIMITS.invitationDays);
  const link = `${publicUrl}/activer-compte?token=${encodeURIComponent(token)}`;
  await mail.queue(studentInvitationMail(student.email, student.prenom, link), tx);
}

/** Generated student numbers, `PU-<year>-<id>` like the seed's, made unique where a file already used one. */
export async function generateStudentNumbers(executor: q.Executor, etudiantIds: readonly number[]): Promise<string[]> {
  const year = new Date().getUTCFullYear();
  const bases = etudiantIds.map((id) => `PU-${year}-${String(id).padStart(4, "0")}`);
  const taken = await q.takenStudentNumbers(executor, bases);
  return bases.map((base) => (taken.has(base) ? `${base}-${randomToken(6).toUpperCase()}` : base));
}

export async function generateStudentNumber(executor: q.Executor, etudiantId: number): Promise<string> {
  const [number] = await generateStudentNumbers(executor, [etudiantId]);
  if (!number) throw new Error("no student number");
  return number;
}

/** The ids of a sequence for rows about to be inserted, so the generated number can use them. */
export async function nextEtudiantIds(executor: q.Executor, count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = await executor.execute(
    sql`select nextval(pg_get_serial_sequence('etudiants', 'id'))::int as id from generate_series(1, ${count})`,
  );
  return (result as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
}

export function createStudentsService(context: AppContext) {
  const { db, config, mail } = context;
  const passwords = createPasswordService(context);
  const planning = createPlanningService(context);
  const documents = createDocumentsService(context);
  const notifications = createNotificationService(context);
  const certificates = createCertificateService({ ...context, office: createCertificateOffice(context) });

  /** A student the caller may see, or 404 (a secretary asking for another centre's student). */
  async function visible(staff: LiveSession, id: number, executor: q.Executor = db) {
    const found = await q.studentCentre(executor, id);
    if (!found) throw notFoundStudent();
    assertVisible(staff, "read:etudiants", { centre_ids: [found.centreId] });
    return found;
  }

  async function full(executor: q.Executor, id: number): Promise<StaffStudent> {
    const student = await q.findStudent(executor, id);
    if (!student) throw notFoundStudent();
    return student;
  }

  /** Checks the reference data a write names; derives the filière of an option given alone. */
  async function resolveRefs(body: { centre_id?: number; option_id?: number | null; filiere_id?: number | null }) {
    const errors: Record<string, string[]> = {};
    if (body.centre_id !== undefined) {
      const [c] = await db.select({ id: centres.id }).from(centres).where(eq(centres.id, body.centre_id));
      if (!c) errors.centre_id = [m.centreUnknown];
    }
    let filiereId = body.filiere_id;
    if (body.option_id) {
      const [o] = await db
        .select({ id: options.id, filiereId: options.filiereId })
        .from(options)
        .where(eq(options.id, body.option_id));
      if (!o) errors.option_id = [m.optionUnknown];
      else if (filiereId === undefined || filiereId === null) filiereId = o.filiereId;
      else if (o.filiereId !== null && o.filiereId !== filiereId) errors.option_id = [m.optionNotInFiliere];
    }
    if (body.filiere_id) {
      const [f] = await db.select({ id: filieres.id }).from(filieres).where(eq(filieres.id, body.filiere_id));
      if (!f) errors.filiere_id = [m.filiereUnknown];
    }
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    return filiereId;
  }

  async function assertUnique(email: string | undefined, studentNumber: string | null | undefined, self?: number) {
    const errors: Record<string, string[]> = {};
    if (email !== undefined) {
      const owner = await q.emailOwner(db, email);
      if (owner !== undefined && owner !== self) errors.email = [m.emailTaken];
    }
    if (studentNumber) {
      const owner = await q.studentNumberOwner(db, studentNumber);
      if (owner !== undefined) {
        const [mine] =
          self === undefined
            ? []
            : await db.select({ id: etudiants.id }).from(etudiants).where(eq(etudiants.userId, self));
        if (owner !== mine?.id) errors.numero_etudiant = [m.studentNumberTaken];
      }
    }
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
  }

  /** One change of one student and its journal entry, in one transaction; answers the student after it. */
  async function change(
    staff: LiveSession,
    id: number,
    work: (tx: q.Executor, before: StaffStudent) => Promise<void>,
  ): Promise<StaffStudent> {
    await visible(staff, id);
    return db.transaction(async (tx) => {
      const before = await full(tx, id);
      await work(tx, before);
      return full(tx, id);
    });
  }

  /** One bulk action on the rows it found: what it changed, what it says, what the journal adds. */
  async function applyBulk(tx: q.Executor, request: BulkRequest, rows: q.BulkTarget[]): Promise<BulkOutcome> {
    const idsOf = (targets: q.BulkTarget[]) => targets.map((row) => row.id);
    const skipped = (changed: readonly unknown[]) => rows.length - changed.length;
    switch (request.action) {
      case "invitation": {
        const targets = rows.filter((row) => row.statut === "invitation_envoyee");
        for (const student of targets) {
          await queueInvitation(tx, mail, config.publicUrl, {
            userId: student.userId,
            email: student.email,
            prenom: student.prenom,
          });
        }
        const changed = idsOf(targets);
        const message = STUDENT_BULK_MESSAGES.invitation(changed.length, skipped(changed));
        return { changed, message, journal: { action: "invitation" } };
      }
      case "desactiver":
      case "reactiver": {
        const deactivating = request.action === "desactiver";
        const targets = rows.filter((row) => (row.statut === "desactive") !== deactivating);
        const users = await q.setDeactivated(
          tx,
          targets.map((row) => row.userId),
          deactivating,
        );
        if (deactivating) await q.revokeEverything(tx, users);
        const changedUsers = new Set(users);
        const changed = idsOf(targets.filter((row) => changedUsers.has(row.userId)));
        const message = STUDENT_BULK_MESSAGES[request.action](changed.length, skipped(changed));
        return { changed, message, journal: { action: deactivating ? "desactivation" : "reactivation" } };
      }
      case "ancien_eleve": {
        const { motif, sorti_le } = request.body;
        const targets = rows.filter((row) => row.statutScolaire === "inscrit");
        // The day falls within each one's cohort year: before it they were not enrolled, after it they no longer were.
        for (const start of new Set(targets.map((row) => row.promotionStart))) {
          const year = schoolYearStarting(start);
          if (sorti_le < year.first || sorti_le > year.last) {
            const error = m.leavingDateOutsideYear(
              year.label,
              formatFrenchDate(year.first),
              formatFrenchDate(year.last),
            );
            throw validationFailed({ sorti_le: [error] }, error);
          }
        }
        const changed = await q.markFormer(tx, idsOf(targets), motif, sorti_le);
        const message = STUDENT_BULK_MESSAGES.ancien_eleve(changed.length, skipped(changed));
        return {
          changed,
          message,
          journal: {
            action: "sortie",
            changes: {
              statut_scolaire: { before: "inscrit", after: "ancien_eleve" },
              motif_sortie: { before: null, after: motif },
              sorti_le: { before: null, after: sorti_le },
            },
          },
        };
      }
      case "reinscrire": {
        const year = await q.currentYear(tx);
        const label = schoolYearLabel(year.debut);
        const targets = rows.filter((row) => !(row.statutScolaire === "inscrit" && row.promotionCurrent));
        const changed = await q.enrol(tx, idsOf(targets), year.id);
        const message = STUDENT_BULK_MESSAGES.reinscrire(changed.length, skipped(changed), label);
        return {
          changed,
          message,
          journal: {
            action: "reinscription",
            changes: { statut_scolaire: { before: null, after: "inscrit" }, promotion: { before: null, after: label } },
          },
        };
      }
    }
  }

  return {
    async list(staff: LiveSession, query: StudentsQuery): Promise<Page<StaffStudent> | Page<StudentName>> {
      const sort = query.sort ?? "nom";
      const restricted = isRestricted(staff);
      if (!q.isSort(sort, restricted)) throw validationFailed({ sort: ["Ce tri n'est pas valide."] });
      const where = q.listConditions(query, inCentreScope(staff, "read:etudiants"), restricted);
      const offset = (query.page - 1) * query.per_page;
      const [total, data] = await Promise.all([
        q.countStudents(db, where),
        restricted
          ? q.pageOfNames(db, where, sort, query.per_page, offset)
          : q.pageOfStudents(db, where, sort, query.per_page, offset),
      ]);
      return { data, page: query.page, per_page: query.per_page, total } as Page<StaffStudent> | Page<StudentName>;
    },

    /** The filtered list without pages, for the exports. */
    async exportRows(staff: LiveSession, query: StudentsQuery, ip: string, format: "csv" | "xlsx") {
      const sort = query.sort ?? "nom";
      if (!q.isSort(sort)) throw validationFailed({ sort: ["Ce tri n'est pas valide."] });
      const rows = await q.allStudents(
        db,
        q.listConditions(query, inCentreScope(staff, "export:etudiants"), false),
        sort,
      );
      await audit(db, {
        actor: auditActor(staff),
        ip,
        action: "export",
        entity: "etudiants",
        summary: `Export ${format.toUpperCase()} de ${rows.length} étudiant${rows.length > 1 ? "s" : ""}.`,
      });
      return rows;
    },

    async get(staff: LiveSession, id: number): Promise<StaffStudent | StudentName> {
      await visible(staff, id);
      if (isRestricted(staff)) {
        const name = await q.findStudentName(db, id);
        if (!name) throw notFoundStudent();
        return name;
      }
      return full(db, id);
    },

    async referenceData(): Promise<StudentReferenceData> {
      const [c, o, f] = await Promise.all([
        db.select({ id: centres.id, nom: centres.nom }).from(centres).orderBy(asc(centres.nom)),
        db
          .select({ id: options.id, nom: options.nom, filiere_id: options.filiereId })
          .from(options)
          .orderBy(asc(options.nom)),
        db.select({ id: filieres.id, nom: filieres.nom }).from(filieres).orderBy(asc(filieres.nom)),
      ]);
      return { centres: c, options: o, filieres: f };
    },

    async create(staff: LiveSession, body: StudentCreate, ip: string): Promise<StaffStudent> {
      assertWritable(staff, "create:etudiants", { centre_ids: [body.centre_id] });
      const filiereId = await resolveRefs(body);
      await assertUnique(body.email, body.numero_etudiant);
      const created = await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({ name: fullName(body), email: body.email, passwordHash: null })
          .returning({ id: users.id });
        if (!user) throw new Error("user insert returned nothing");
        const [id] = await nextEtudiantIds(tx, 1);
        if (id === undefined) throw new Error("no etudiant id");
        const studentNumber = body.numero_etudiant || (await generateStudentNumber(tx, id));
        await tx.insert(etudiants).values({
          id,
          userId: user.id,
          studentId: studentNumber,
          nom: body.nom,
          prenom: body.prenom,
          email: body.email,
          telephone: body.telephone ?? null,
          cin: body.cin ?? null,
          centreId: body.centre_id,
          optionId: body.option_id ?? null,
          filiereId: filiereId ?? null,
        });
        await queueInvitation(tx, mail, config.publicUrl, { userId: user.id, email: body.email, prenom: body.prenom });
        const student = await full(tx, id);
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "creation",
          entity: "etudiants",
          entityId: id,
          summary: `Étudiant ${fullName(body)} (${body.email}) créé ; invitation envoyée.`,
          changes: changedFields({} as Record<string, unknown>, snapshot(student), STUDENT_STAFF_FIELDS),
        });
        return student;
      });
      void mail.flush();
      return created;
    },

    async update(staff: LiveSession, id: number, body: StudentUpdate, ip: string): Promise<StaffStudent> {
      const { centreId, userId } = await visible(staff, id);
      const targetCentre = body.centre_id ?? centreId;
      assertWritable(staff, "update:etudiants", { centre_ids: [targetCentre] });
      const before = await full(db, id);
      const filiereId = await resolveRefs({
        centre_id: body.centre_id,
        option_id: body.option_id,
        filiere_id: body.filiere_id === undefined && body.option_id !== undefined ? null : body.filiere_id,
      });
      await assertUnique(body.email, body.numero_etudiant, userId);
      return change(staff, id, async (tx, current) => {
        const values = {
          nom: body.nom ?? current.nom,
          prenom: body.prenom ?? current.prenom,
          email: body.email ?? current.email,
          telephone: body.telephone === undefined ? current.telephone : body.telephone,
          cin: body.cin === undefined ? current.cin : body.cin,
          studentId:
            body.numero_etudiant === undefined
              ? current.numero_etudiant
              : body.numero_etudiant || (await generateStudentNumber(tx, id)),
          centreId: targetCentre,
          optionId: body.option_id === undefined ? (current.option?.id ?? null) : body.option_id,
          filiereId:
            body.filiere_id === undefined && body.option_id === undefined
              ? (current.filiere?.id ?? null)
              : (filiereId ?? null),
        };
        const unchanged =
          values.nom === current.nom &&
          values.prenom === current.prenom &&
          values.email === current.email &&
          values.telephone === current.telephone &&
          values.cin === current.cin &&
          values.studentId === current.numero_etudiant &&
          values.centreId === (current.centre?.id ?? null) &&
          values.optionId === (current.option?.id ?? null) &&
          values.filiereId === (current.filiere?.id ?? null);
        // Nothing to change: nothing written, nothing in the journal.
        if (unchanged) return;
        await tx.update(etudiants).set(values).where(eq(etudiants.id, id));
        await tx
          .update(users)
          .set({ email: values.email, name: fullName(values), updatedAt: sql`now()` })
          .where(eq(users.id, userId));
        const after = await full(tx, id);
        const changes = changedFields(snapshot(before), snapshot(after), STUDENT_STAFF_FIELDS);
        if (Object.keys(changes).length === 0) return;
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "modification",
          entity: "etudiants",
          entityId: id,
          summary: `Fiche de ${fullName(after)} modifiée.`,
          changes,
        });
      });
    },

    async invite(staff: LiveSession, id: number, ip: string) {
      assertWritable(staff, "update:etudiants", { centre_ids: [(await visible(staff, id)).centreId] });
      const student = await change(staff, id, async (tx, before) => {
        if (before.statut === "desactive")
          throw validationFailed({ statut: [m.deactivatedNoInvitation] }, m.deactivatedNoInvitation);
        if (before.statut !== "invitation_envoyee")
          throw validationFailed({ statut: [m.alreadyActive] }, m.alreadyActive);
        await queueInvitation(tx, mail, config.publicUrl, {
          userId: before.user_id,
          email: before.email,
          prenom: before.prenom,
        });
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "invitation",
          entity: "etudiants",
          entityId: id,
          summary: `Invitation renvoyée à ${fullName(before)} (${before.email}).`,
        });
      });
      void mail.flush();
      return { student, message: m.invitationSent };
    },

    /** "Envoyer un lien de réinitialisation": the students' own reset flow (modules/passwords). */
    async sendReset(staff: LiveSession, id: number, ip: string) {
      assertWritable(staff, "update:etudiants", { centre_ids: [(await visible(staff, id)).centreId] });
      const student = await change(staff, id, async (tx, before) => {
        if (before.statut === "desactive")
          throw validationFailed({ statut: [m.deactivatedNoInvitation] }, m.deactivatedNoInvitation);
        await passwords.queueResetLink(tx, {
          id: before.user_id,
          email: before.email,
          name: `${before.prenom} ${before.nom}`,
          prenom: before.prenom,
        });
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "reinitialisation",
          entity: "etudiants",
          entityId: id,
          summary: `Lien de réinitialisation envoyé à ${fullName(before)} (${before.email}).`,
        });
      });
      void mail.flush();
      return { student, message: m.resetSent };
    },

    async deactivate(staff: LiveSession, id: number, ip: string) {
      assertWritable(staff, "update:etudiants", { centre_ids: [(await visible(staff, id)).centreId] });
      const student = await change(staff, id, async (tx, before) => {
        if (before.statut === "desactive") return;
        await tx
          .update(users)
          .set({ deactivatedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(users.id, before.user_id));
        await q.revokeEverything(tx, [before.user_id]);
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "desactivation",
          entity: "etudiants",
          entityId: id,
          summary: `Compte de ${fullName(before)} désactivé.`,
          changes: { statut: { before: before.statut, after: "desactive" } },
        });
      });
      return { student, message: m.deactivatedDone };
    },

    async reactivate(staff: LiveSession, id: number, ip: string) {
      assertWritable(staff, "update:etudiants", { centre_ids: [(await visible(staff, id)).centreId] });
      const student = await change(staff, id, async (tx, before) => {
        if (before.statut !== "desactive") return;
        await tx.update(users).set({ deactivatedAt: null, updatedAt: sql`now()` }).where(eq(users.id, before.user_id));
        const after = await full(tx, id);
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "reactivation",
          entity: "etudiants",
          entityId: id,
          summary: `Compte de ${fullName(before)} réactivé.`,
          changes: { statut: { before: before.statut, after: after.statut } },
        });
      });
      return { student, message: m.reactivatedDone };
    },

    /** The cohorts the list's *Promotion* filter offers, newest first. */
    promotions: async () => ({ data: await q.promotions(db) }),

    /**
     * A bulk action of the list: the students picked (or every one the filters keep), always within
     * the caller's centres, exactly as the single actions would see them; one transaction and one
     * journal entry naming the students by id, with their count (docs/spec/school-year-and-data.md
     * section 4: never by e-mail address). `skipped` counts those already as the action would leave them.
     */
    async bulk(staff: LiveSession, request: BulkRequest, ip: string): Promise<StudentBulkResponse> {
      const { all: _all, ...filters } = request.body;
      const where = q.listConditions(filters, inCentreScope(staff, "update:etudiants"), false);
      const total = await q.countStudents(db, where);
      if (total > STUDENT_STAFF_LIMITS.bulkMaxStudents) {
        throw validationFailed({ ids: [m.bulkTooLarge(STUDENT_STAFF_LIMITS.bulkMaxStudents)] });
      }
      const result = await db.transaction(async (tx) => {
        const rows = await q.bulkTargets(tx, where);
        for (const row of rows) assertWritable(staff, "update:etudiants", { centre_ids: [row.centreId ?? 0] });
        const { changed, message, journal } = await applyBulk(tx, request, rows);
        if (changed.length > 0) {
          await audit(tx, {
            actor: auditActor(staff),
            ip,
            action: journal.action,
            entity: "etudiants",
            summary: `Action groupée : ${message}`,
            changes: { etudiants: { before: null, after: [...changed].sort((a, b) => a - b) }, ...journal.changes },
          });
        }
        return { done: changed.length, skipped: rows.length - changed.length, message };
      });
      if (request.action === "invitation" && result.done > 0) void mail.flush();
      return result;
    },

    /** The student's page: their data, requests, notifications (read or not) and policy acceptances. */
    async detail(staff: LiveSession, id: number): Promise<StudentDetail> {
      await visible(staff, id);
      const student = await full(db, id);
      const [demandes, listed, acceptations] = await Promise.all([
        certificates.list(student.user_id),
        notifications.listJson(student.user_id),
        q.acceptances(db, student.user_id),
      ]);
      const notificationRows = (JSON.parse(listed) as Notification[]).map((n) => ({
        id: n.id,
        titre: n.titre,
        created_at: n.created_at,
        lue: n.viewed_by.length > 0,
      }));
      return { student, demandes, notifications: notificationRows, acceptations };
    },

    /**
     * "Voir comme l'étudiant": the planning, documents and notifications lists as the student API
     * answers them, through the same services (never a copy of their rules), recorded in the journal.
     */
    async preview(staff: LiveSession, id: number, ip: string): Promise<StudentPreview> {
      await visible(staff, id);
      const student = await full(db, id);
      const [planningJson, documentsAnswer, notificationsJson] = await Promise.all([
        planning.listJson(student.user_id),
        documents.all(),
        notifications.listJson(student.user_id),
      ]);
      await audit(db, {
        actor: auditActor(staff),
        ip,
        action: "apercu",
        entity: "etudiants",
        entityId: id,
        summary: `Espace de ${fullName(student)} consulté (voir comme l'étudiant).`,
      });
      return {
        planning: JSON.parse(planningJson),
        documents: { success: true, data: JSON.parse(documentsAnswer.json), message: documentsAnswer.message },
        notifications: JSON.parse(notificationsJson),
      };
    },
  };
}

/** A bulk action and its body: `ancien_eleve` names why and when the students left. */
export type BulkRequest =
  | { action: StudentSelectionAction; body: StudentBulk }
  | { action: "ancien_eleve"; body: StudentLeaving };

type BulkOutcome = {
  /** The students the action changed, by id. */
  changed: number[];
  message: string;
  journal: { action: string; changes?: AuditChanges };
};

/** What the journal shows of a student: reference data by name. */
function snapshot(s: StaffStudent): Record<(typeof STUDENT_STAFF_FIELDS)[number], string | null> {
  return {
    nom: s.nom,
    prenom: s.prenom,
    email: s.email,
    telephone: s.telephone,
    cin: s.cin,
    numero_etudiant: s.numero_etudiant,
    centre: s.centre?.nom ?? null,
    option: s.option?.nom ?? null,
    filiere: s.filiere?.nom ?? null,
  };
}

const notFoundStudent = () => notFound("Étudiant introuvable.");

export type StudentsService = ReturnType<typeof createStudentsService>;
