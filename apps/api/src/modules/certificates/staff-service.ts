import {
  ACADEMY_TIME_ZONE,
  CERTIFICATE_STATUS,
  CERTIFICATE_TEXT,
  type CertificateHistoryEntry,
  type CertificateRevocation,
  type CertificateSignatory,
  type CertificateStaffDetail,
  type CertificateStaffItem,
  type CertificateStaffQuery,
  type CertificateStatusChange,
  certificateNumber,
  certificateTitle,
  LANGUAGE_LEVELS,
  type Page,
  type StaffActor,
  schoolYearLabel,
  schoolYearOf,
  schoolYearStarting,
  CERTIFICATE_STAFF_TEXT as T,
} from "@puerta/contract";
import { brand } from "@puerta/contract/brand";
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { CoreContext } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import {
  centres,
  certificateDocuments,
  certificateNumberCounters,
  certificateRequestEvents,
  certificateRequests,
  certificateSettings,
  etudiants,
  notifications,
  options,
  schoolYears,
} from "../../db/schema/index.ts";
import { withinAcademyDays } from "../../lib/academy-time.ts";
import { inCentreScope, requestCentre } from "../../lib/centre-scope.ts";
import { HttpError, notFound } from "../../lib/errors.ts";
import type { DownloadTarget } from "../../lib/file-download.ts";
import { countAll, isoTimestamp, isoTimestampOrNull, listPage, searchIn, sortNamed } from "../../lib/list-sql.ts";
import type { Mailer } from "../../lib/mailer/index.ts";
import type { LiveSession } from "../../lib/staff-session.ts";
import { assertVisible, auditActor } from "../../lib/staff-session.ts";
import { verificationCode } from "../../lib/tokens.ts";
import { audit } from "../audit/service.ts";
import type { AttestationContent } from "./attestation-pdf.ts";
import { certificateChangeMail } from "./mail.ts";

type Executor = Pick<Database, "select" | "insert" | "update" | "execute">;

const c = certificateRequests;
const d = certificateDocuments;

const _isoOrNull = (column: unknown) => isoTimestampOrNull(column);

/** The student's current centre decides whose secretariat handles the request (docs/spec/back-office.md section 1). */
const centreOf = requestCentre;

const itemColumns = {
  id: c.id,
  etudiant_id: c.etudiantId,
  student_id: c.studentId,
  nom: c.nom,
  prenom: c.prenom,
  cin: c.cin,
  email: etudiants.email,
  option: c.option,
  centre_id: centreOf,
  centre: centres.nom,
  type: c.type,
  niveau: c.niveau,
  langues: c.langues,
  status: c.status,
  motif: c.motif,
  created_at: isoTimestamp(c.createdAt),
  updated_at: isoTimestampOrNull(c.updatedAt),
  doc_numero: d.numero,
  doc_code: d.code,
  doc_issued_at: isoTimestampOrNull(d.issuedAt),
  doc_revoked_at: isoTimestampOrNull(d.revokedAt),
  doc_revoked_reason: d.revokedReason,
  annee_debut: schoolYears.debutAnnee,
  record_nom: etudiants.nom,
  record_prenom: etudiants.prenom,
  record_cin: etudiants.cin,
  reemise_de: c.reemiseDe,
  // The request that issued this one again (at most one: reissue() refuses a second).
  reemise: sql<number | null>`(select r.id from ${c} r where r.reemise_de = ${c.id} order by r.id limit 1)`,
};

type ItemRow = {
  [K in keyof typeof itemColumns]: unknown;
} & Omit<CertificateStaffItem, "document" | "annee" | "dossier"> & {
    annee_debut: number | null;
    record_nom: string;
    record_prenom: string;
    record_cin: string | null;
    doc_numero: string | null;
    doc_code: string | null;
    doc_issued_at: string | null;
    doc_revoked_at: string | null;
    doc_revoked_reason: string | null;
  };

/** Pending first, the oldest of them at the top (docs/spec/back-office.md section 6); then the sort asked for. */
const PENDING_FIRST = sql`(${c.status} = ${CERTIFICATE_STATUS.pending}) desc`;
const SORTS: Record<string, SQL[]> = {
  default: [PENDING_FIRST, asc(c.createdAt)],
  created_at: [asc(c.createdAt)],
  "-created_at": [desc(c.createdAt)],
  nom: [asc(c.nom), asc(c.prenom)],
  "-nom": [desc(c.nom), desc(c.prenom)],
  status: [asc(c.status), asc(c.createdAt)],
  "-status": [desc(c.status), asc(c.createdAt)],
};

const DEFAULT_SIGNATORY: CertificateSignatory = { name: "La Direction", title: "Direction de l'établissement" };

const dayFormat = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: ACADEMY_TIME_ZONE });
const isoDay = new Intl.DateTimeFormat("en-CA", { timeZone: ACADEMY_TIME_ZONE });

export type CertificateOffice = ReturnType<typeof createCertificateOffice>;

/**
 * The office's side of certificate requests (docs/spec/back-office.md section 6): the inbox, the status
 * machine (`En Cours` → `Disponible` | `Refuser`), the attestation and its public verification.
 */
export function createCertificateOffice({
  db,
  config,
  storage,
  mail,
}: Pick<CoreContext, "db" | "config" | "storage"> & { mail: Mailer }) {
  const verificationUrl = (code: string) => `${config.publicUrl}/verifier/${code}`;

  const toItem = (row: ItemRow): CertificateStaffItem => {
    const {
      doc_numero,
      doc_code,
      doc_issued_at,
      doc_revoked_at,
      doc_revoked_reason,
      annee_debut,
      record_nom,
      record_prenom,
      record_cin,
      ...rest
    } = row;
    const sameName = record_nom === row.nom && record_prenom === row.prenom;
    const sameCin = (record_cin ?? "") === (row.cin ?? "");
    return {
      ...(rest as Omit<CertificateStaffItem, "document" | "annee" | "dossier">),
      annee: annee_debut ? schoolYearLabel(annee_debut) : null,
      dossier:
        sameName && sameCin
          ? null
          : {
              nom: sameName ? null : `${record_prenom} ${record_nom}`.trim(),
              cin: sameCin ? null : (record_cin ?? ""),
            },
      document:
        doc_numero && doc_code && doc_issued_at
          ? {
              numero: doc_numero,
              verification_url: verificationUrl(doc_code),
              issued_at: doc_issued_at,
              revoked_at: doc_revoked_at,
              revoked_reason: doc_revoked_reason,
            }
          : null,
    };
  };

  const baseQuery = (executor: Executor) =>
    executor
      .select(itemColumns)
      .from(c)
      .innerJoin(etudiants, eq(etudiants.id, c.etudiantId))
      .leftJoin(centres, eq(centres.id, centreOf))
      .leftJoin(d, eq(d.requestId, c.id))
      .leftJoin(schoolYears, eq(schoolYears.id, c.anneeId));

  function conditions(staff: LiveSession, query: Partial<CertificateStaffQuery>): SQL | undefined {
    const where: SQL[] = [];
    const scope = inCentreScope(staff, "read:demandes");
    if (scope) where.push(scope);
    if (query.status) where.push(eq(c.status, query.status));
    if (query.type) where.push(eq(c.type, query.type));
    if (query.niveau) where.push(eq(c.niveau, query.niveau));
    if (query.centre_id) where.push(sql`${centreOf} = ${query.centre_id}`);
    where.push(...withinAcademyDays(c.createdAt, query.du, query.au));
    if (query.q) {
      where.push(searchIn(query.q, [c.nom, c.prenom, c.studentId, c.cin, d.numero]));
    }
    return where.length > 0 ? and(...where) : undefined;
  }

  /** One request as this staff member may see it: 404 outside a secretary's centres. */
  async function findItem(executor: Executor, staff: LiveSession, id: number): Promise<CertificateStaffItem> {
    const [row] = await baseQuery(executor).where(eq(c.id, id));
    if (!row) throw notFound();
    const item = toItem(row as ItemRow);
    assertVisible(staff, "read:demandes", { centre_ids: [item.centre_id] });
    return item;
  }

  async function history(executor: Executor, id: number): Promise<CertificateHistoryEntry[]> {
    const e = certificateRequestEvents;
    return executor
      .select({
        from_status: e.fromStatus,
        to_status: e.toStatus,
        motif: e.motif,
        staff_name: e.staffName,
        created_at: isoTimestamp(e.createdAt),
      })
      .from(e)
      .where(eq(e.requestId, id))
      .orderBy(asc(e.createdAt), asc(e.id));
  }

  async function detail(executor: Executor, staff: LiveSession, id: number): Promise<CertificateStaffDetail> {
    const item = await findItem(executor, staff, id);
    return { ...item, history: await history(executor, id) };
  }

  async function signatory(executor: Executor = db): Promise<CertificateSignatory> {
    const [row] = await executor
      .select({ name: certificateSettings.signatoryName, title: certificateSettings.signatoryTitle })
      .from(certificateSettings)
      .where(eq(certificateSettings.id, 1));
    return row ?? DEFAULT_SIGNATORY;
  }

  /** Writes the change, its history line, the student's notification and e-mail (in `tx`). */
  async function recordChange(
    tx: Executor,
    staff: LiveSession | null,
    item: CertificateStaffItem,
    to: string,
    motif: string | null,
    /** A revocation (status back to 'Refuser'): the student is told "révoquée", with its reason. */
    revocation?: { numero: string; reason: string },
  ) {
    await tx.update(c).set({ status: to, motif, updatedAt: new Date() }).where(eq(c.id, item.id));
    await tx.insert(certificateRequestEvents).values({
      requestId: item.id,
      fromStatus: item.status,
      toStatus: to,
      motif,
      staffId: staff?.id ?? null,
      staffName: staff?.name ?? null,
    });
    await tellStudent(tx, item, to, motif, revocation);
  }

  /** The student's notification and e-mail about a change of their request (in `tx`). */
  async function tellStudent(
    tx: Executor,
    item: CertificateStaffItem,
    to: string,
    motif: string | null,
    revocation?: { numero: string; reason: string },
  ) {
    const title = certificateTitle(item.type, item.niveau);
    const message = revocation
      ? `Votre attestation « ${title} » (n° ${revocation.numero}) a été révoquée par la direction. Motif : ${revocation.reason}`
      : to === CERTIFICATE_STATUS.ready
        ? `Votre demande « ${title} » est disponible. Téléchargez l'attestation depuis « Docs Administratifs ».`
        : `Votre demande « ${title} » a été refusée. Motif : ${motif ?? ""}`;
    // Addressed to this student alone: the audience rule of notifications shows it to nobody else.
    await tx.insert(notifications).values({
      titre: revocation
        ? "Attestation révoquée"
        : to === CERTIFICATE_STATUS.ready
          ? "Votre attestation est disponible"
          : "Demande d'attestation refusée",
      message,
      typeDestinataire: "etudiant_specifique",
      etudiantIds: [item.etudiant_id],
      sender: "Secrétariat",
      priority: to === CERTIFICATE_STATUS.ready ? "medium" : "high",
      link: `${config.publicUrl}/demande-attestation`,
    });
    if (item.email) {
      await mail.queue(
        certificateChangeMail({
          to: item.email,
          firstName: item.prenom,
          title,
          status: to,
          motif,
          revocation,
          link: `${config.publicUrl}/demande-attestation`,
        }),
        tx,
      );
    }
  }

  /** The number of the year: the counter row is locked until the transaction ends, so no two requests share one. */
  async function nextNumber(tx: Executor, year: number): Promise<string> {
    const [row] = await tx
      .insert(certificateNumberCounters)
      .values({ year, last: 1 })
      .onConflictDoUpdate({
        target: certificateNumberCounters.year,
        set: { last: sql`${certificateNumberCounters.last} + 1` },
      })
      .returning({ last: certificateNumberCounters.last });
    if (!row) throw new Error("certificate number counter returned nothing");
    return certificateNumber(year, row.last);
  }

  async function contentOf(requestId: number): Promise<{ content: AttestationContent; numero: string } | null> {
    const [row] = await db
      .select({
        numero: d.numero,
        code: d.code,
        holder: d.holderName,
        title: d.title,
        signatoryName: d.signatoryName,
        signatoryTitle: d.signatoryTitle,
        issuedAt: d.issuedAt,
        type: c.type,
        niveau: c.niveau,
        langues: c.langues,
        cin: c.cin,
        option: c.option,
        centre: centres.nom,
        anneeDebut: schoolYears.debutAnnee,
        sortiLe: etudiants.sortiLe,
      })
      .from(d)
      .innerJoin(c, eq(c.id, d.requestId))
      .innerJoin(etudiants, eq(etudiants.id, c.etudiantId))
      .leftJoin(centres, eq(centres.id, centreOf))
      .leftJoin(schoolYears, eq(schoolYears.id, c.anneeId))
      .where(eq(d.requestId, requestId));
    if (!row) return null;
    const b = brand;
    const issuedDay = isoDay.format(row.issuedAt);
    const year = row.anneeDebut ? schoolYearStarting(row.anneeDebut) : schoolYearOf(issuedDay);
    // In the past tense once the year was over when it was issued, or the student had left by then
    // (docs/spec/school-year-and-data.md section 3): facts of the issue that a later render keeps.
    const past = issuedDay > year.last || (row.sortiLe !== null && row.sortiLe <= issuedDay);
    const level =
      row.type === "langue" && row.niveau && (LANGUAGE_LEVELS as readonly string[]).includes(row.niveau)
        ? { code: row.niveau, label: CERTIFICATE_TEXT.levelSubtitle[row.niveau as "B1" | "B2"] }
        : null;
    return {
      numero: row.numero,
      content: {
        letterhead: {
          name: b.academyName,
          tagline: b.tagline,
          address: `${b.address.street}, ${b.address.postalCode} ${b.address.city}, ${b.address.country}`,
          contact: `${b.contactEmail} · ${b.chatNumber}`,
          color: b.color,
        },
        title: row.title,
        numero: row.numero,
        holderName: row.holder,
        cin: row.cin,
        centre: row.centre,
        option: row.option,
        schoolYear: year.label,
        past,
        languages: row.type === "scolaire" ? row.langues : null,
        level,
        place: b.address.city,
        issuedOn: dayFormat.format(row.issuedAt),
        signatory: { name: row.signatoryName, title: row.signatoryTitle },
        verificationUrl: verificationUrl(row.code),
      },
    };
  }

  /**
   * The PDF of a request's attestation, written once under a key made from its number. It is
   * rendered from the document row alone, so if writing it failed after the change committed,
   * the first download writes it.
   */
  async function ensureFile(requestId: number): Promise<DownloadTarget | null> {
    const [row] = await db.select({ numero: d.numero, fileKey: d.fileKey }).from(d).where(eq(d.requestId, requestId));
    if (!row) return null;
    const downloadName = `attestation-${row.numero}.pdf`;
    if (row.fileKey && (await storage.stat(row.fileKey))) return { key: row.fileKey, downloadName };
    const found = await contentOf(requestId);
    if (!found) return null;
    const key = `attestations/${found.numero.toLowerCase()}.pdf`;
    // pdf-lib, fontkit and the QR code encoder are loaded by the first attestation (decision 080).
    const { renderAttestationPdf } = await import("./attestation-pdf.ts");
    await storage.put(key, await renderAttestationPdf(found.content), "application/pdf", {
      originalName: downloadName,
    });
    await db.update(d).set({ fileKey: key }).where(eq(d.requestId, requestId));
    return { key, downloadName };
  }

  return {
    ensureFile,
    verificationUrl,

    async list(staff: LiveSession, query: CertificateStaffQuery): Promise<Page<CertificateStaffItem>> {
      const order = sortNamed(SORTS, query.sort ?? "default");
      const where = conditions(staff, query);
      return listPage(
        query,
        db
          .select({ n: countAll() })
          .from(c)
          .innerJoin(etudiants, eq(etudiants.id, c.etudiantId))
          .leftJoin(d, eq(d.requestId, c.id))
          .where(where),
        async (limit, offset) => {
          const rows = await baseQuery(db)
            .where(where)
            .orderBy(...order, asc(c.id))
            .limit(limit)
            .offset(offset);
          return rows.map((r) => toItem(r as ItemRow));
        },
      );
    },

    /** Every request the filters select, for the export (same scope and order as the list). */
    async exportRows(staff: LiveSession, query: CertificateStaffQuery): Promise<CertificateStaffItem[]> {
      const order = SORTS[query.sort ?? "default"] ?? SORTS.default ?? [];
      const rows = await baseQuery(db)
        .where(conditions(staff, query))
        .orderBy(...order, asc(c.id));
      return rows.map((r) => toItem(r as ItemRow));
    },

    get: (staff: LiveSession, id: number) => detail(db, staff, id),

    /**
     * `En Cours` → `Disponible` (the attestation gets its number) or → `Refuser` (with its reason).
     * The row is locked first: of concurrent calls, one changes it and the others find it no
     * longer pending (409), so a request never gets two numbers.
     */
    async changeStatus(
      staff: LiveSession,
      id: number,
      body: CertificateStatusChange,
      ip: string,
      log?: Pick<FastifyBaseLogger, "error">,
    ) {
      const issued = await db.transaction(async (tx) => {
        await tx.select({ id: c.id }).from(c).where(eq(c.id, id)).for("update");
        const item = await findItem(tx, staff, id);
        assertVisible(staff, "update:demandes", { centre_ids: [item.centre_id] });
        if (item.status !== CERTIFICATE_STATUS.pending) throw new HttpError(409, { message: T.notPending });
        const motif = body.status === CERTIFICATE_STATUS.refused ? (body.motif ?? null) : null;
        await recordChange(tx, staff, item, body.status, motif);
        let numero: string | null = null;
        if (body.status === CERTIFICATE_STATUS.ready) {
          const now = new Date();
          numero = await nextNumber(tx, Number(isoDay.format(now).slice(0, 4)));
          const sign = await signatory(tx);
          await tx.insert(d).values({
            requestId: id,
            numero,
            code: verificationCode(),
            holderName: `${item.prenom} ${item.nom}`.trim(),
            title: certificateTitle(item.type, item.niveau),
            signatoryName: sign.name,
            signatoryTitle: sign.title,
            issuedAt: now,
          });
        }
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: body.status === CERTIFICATE_STATUS.ready ? "mise_a_disposition" : "refus",
          entity: "demandes",
          entityId: id,
          summary:
            body.status === CERTIFICATE_STATUS.ready
              ? `Attestation ${numero} mise à disposition de ${item.prenom} ${item.nom}`
              : `Demande d'attestation de ${item.prenom} ${item.nom} refusée`,
          changes: {
            status: { before: item.status, after: body.status },
            ...(motif ? { motif: { before: null, after: motif } } : {}),
            ...(numero ? { numero: { before: null, after: numero } } : {}),
          },
        });
        return numero !== null;
      });
      void mail.flush();
      if (issued) {
        // The change is committed: a storage failure here only delays the file to its first download.
        await ensureFile(id).catch((error: unknown) =>
          log?.error({ err: error, requestId: id }, "attestation PDF not written"),
        );
      }
      return detail(db, staff, id);
    },

    /**
     * The direction withdraws an attestation (docs/spec/back-office.md section 6): the verification then answers
     * "révoquée", the student can no longer download it, and the request shows the reason.
     */
    async revoke(staff: LiveSession, id: number, body: CertificateRevocation, ip: string) {
      await db.transaction(async (tx) => {
        await tx.select({ id: c.id }).from(c).where(eq(c.id, id)).for("update");
        const item = await findItem(tx, staff, id);
        if (!item.document || item.document.revoked_at || item.status !== CERTIFICATE_STATUS.ready) {
          throw new HttpError(409, { message: T.notAvailable });
        }
        const reason = `Attestation ${item.document.numero} révoquée : ${body.motif}`;
        await tx
          .update(d)
          .set({ revokedAt: new Date(), revokedReason: body.motif, revokedBy: staff.id })
          .where(eq(d.requestId, id));
        await recordChange(tx, staff, item, CERTIFICATE_STATUS.refused, reason, {
          numero: item.document.numero,
          reason: body.motif,
        });
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "revocation",
          entity: "demandes",
          entityId: id,
          summary: `Attestation ${item.document.numero} de ${item.prenom} ${item.nom} révoquée`,
          changes: {
            status: { before: item.status, after: CERTIFICATE_STATUS.refused },
            revoked_reason: { before: null, after: body.motif },
          },
        });
      });
      void mail.flush();
      return detail(db, staff, id);
    },

    /**
     * "Réémettre avec les données du dossier" (docs/spec/school-year-and-data.md section 4): after a
     * revocation, the direction issues a new request and attestation, with a new number, from the
     * student's record (name, CIN, option, matricule) for the same year; the old number stays revoked.
     */
    async reissue(staff: LiveSession, id: number, ip: string, log?: Pick<FastifyBaseLogger, "error">) {
      const created = await db.transaction(async (tx) => {
        await tx.select({ id: c.id }).from(c).where(eq(c.id, id)).for("update");
        const item = await findItem(tx, staff, id);
        if (!item.document?.revoked_at) throw new HttpError(409, { message: T.reissueNotRevoked });
        if (item.reemise !== null) throw new HttpError(409, { message: T.reissueAlready(item.reemise) });
        const [record] = await tx
          .select({
            studentId: etudiants.studentId,
            nom: etudiants.nom,
            prenom: etudiants.prenom,
            cin: etudiants.cin,
            centreId: etudiants.centreId,
            option: options.nom,
            anneeId: c.anneeId,
          })
          .from(c)
          .innerJoin(etudiants, eq(etudiants.id, c.etudiantId))
          .leftJoin(options, eq(options.id, etudiants.optionId))
          .where(eq(c.id, id));
        if (!record) throw notFound();
        const motif = T.reissuedFrom(id);
        const [row] = await tx
          .insert(c)
          .values({
            etudiantId: item.etudiant_id,
            studentId: record.studentId,
            nom: record.nom,
            prenom: record.prenom,
            cin: record.cin,
            option: record.option,
            centreId: record.centreId,
            type: item.type,
            niveau: item.niveau,
            langues: item.langues,
            status: CERTIFICATE_STATUS.ready,
            anneeId: record.anneeId,
            reemiseDe: id,
            updatedAt: new Date(),
          })
          .returning({ id: c.id });
        if (!row) throw new Error("certificate request insert returned nothing");
        await tx.insert(certificateRequestEvents).values({
          requestId: row.id,
          fromStatus: null,
          toStatus: CERTIFICATE_STATUS.ready,
          motif,
          staffId: staff.id,
          staffName: staff.name,
        });
        const now = new Date();
        const numero = await nextNumber(tx, Number(isoDay.format(now).slice(0, 4)));
        const sign = await signatory(tx);
        await tx.insert(d).values({
          requestId: row.id,
          numero,
          code: verificationCode(),
          holderName: `${record.prenom} ${record.nom}`.trim(),
          title: certificateTitle(item.type, item.niveau),
          signatoryName: sign.name,
          signatoryTitle: sign.title,
          issuedAt: now,
        });
        const fresh = await findItem(tx, staff, row.id);
        await tellStudent(tx, fresh, CERTIFICATE_STATUS.ready, null);
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "reemission",
          entity: "demandes",
          entityId: row.id,
          summary: `Attestation ${numero} réémise avec les données du dossier de ${record.prenom} ${record.nom} (remplace ${item.document.numero}, révoquée)`,
          changes: {
            numero: { before: item.document.numero, after: numero },
            ...(item.nom !== record.nom || item.prenom !== record.prenom
              ? { nom: { before: `${item.prenom} ${item.nom}`, after: `${record.prenom} ${record.nom}` } }
              : {}),
            ...((item.cin ?? "") !== (record.cin ?? "") ? { cin: { before: item.cin, after: record.cin } } : {}),
          },
        });
        return row.id;
      });
      void mail.flush();
      await ensureFile(created).catch((error: unknown) =>
        log?.error({ err: error, requestId: created }, "attestation PDF not written"),
      );
      return detail(db, staff, created);
    },

    /** The PDF for staff: any request they may see that has a document. */
    async staffDocument(staff: LiveSession, id: number): Promise<DownloadTarget> {
      const item = await findItem(db, staff, id);
      if (!item.document) throw notFound(T.noDocument);
      const target = await ensureFile(id);
      if (!target) throw notFound(T.noDocument);
      return target;
    },

    getSignatory: () => signatory(db),

    async setSignatory(staff: LiveSession, body: CertificateSignatory, ip: string) {
      return db.transaction(async (tx) => {
        const before = await signatory(tx);
        await tx
          .insert(certificateSettings)
          .values({ id: 1, signatoryName: body.name, signatoryTitle: body.title, updatedBy: staff.id })
          .onConflictDoUpdate({
            target: certificateSettings.id,
            set: { signatoryName: body.name, signatoryTitle: body.title, updatedBy: staff.id, updatedAt: new Date() },
          });
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "modification",
          entity: "demandes",
          entityId: "signataire",
          summary: `Signataire des attestations : ${body.name} (${body.title})`,
          changes: {
            name: { before: before.name, after: body.name },
            title: { before: before.title, after: body.title },
          },
        });
        return { name: body.name, title: body.title };
      });
    },
  };
}

/** "Demandes en attente" on the dashboard (docs/spec/back-office.md section 3), in the staff member's scope. */
/** Typed where it is listed (modules/dashboard/staff-service.ts), which imports it. */
export const pendingRequestsCounter = {
  key: "demandes",
  label: "Demandes en attente",
  href: `/gestion/demandes?status=${encodeURIComponent(CERTIFICATE_STATUS.pending).replace("%20", "+")}`,
  permission: "read:demandes" as const,
  async count(db: Database, actor: StaffActor): Promise<number> {
    const pending = eq(certificateRequests.status, CERTIFICATE_STATUS.pending);
    const scope = inCentreScope(actor, "read:demandes");
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(certificateRequests)
      .innerJoin(etudiants, eq(etudiants.id, certificateRequests.etudiantId))
      .where(scope ? and(pending, scope) : pending);
    return row?.n ?? 0;
  },
};
