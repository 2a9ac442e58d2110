import {
  CERTIFICATE_DOCUMENT_TEXT,
  CERTIFICATE_STAFF_TEXT,
  CERTIFICATE_STATUS,
  CERTIFICATE_TEXT,
  type CertificateRequest,
  type CertificateRequestBody,
  type CertificateVerification,
  type CertificateYearsResponse,
  schoolYearLabel,
  schoolYearOf,
  VERIFICATION_CODE_PATTERN,
} from "@puerta/contract";
import type { AppContext } from "../../app-context.ts";
import { forbidden, HttpError, notFound, validationFailed } from "../../lib/errors.ts";
import type { DownloadTarget } from "../../lib/file-download.ts";
import { reserveAttempt, type ThrottleRule } from "../../lib/throttle.ts";
import * as q from "./queries.ts";
import type { CertificateOffice } from "./staff-service.ts";

/** Sixty checks a minute from one address: a person scanning documents, not a script walking codes. */
const VERIFICATION_RULE: ThrottleRule = {
  max: 60,
  windowSeconds: 60,
  lock: { untilWindowEnds: true },
  counts: "successes",
};

type Row = NonNullable<Awaited<ReturnType<typeof q.insertUnlessPending>>> & {
  numero?: string | null;
  code?: string | null;
  revokedAt?: Date | string | null;
  revokedReason?: string | null;
  anneeDebut?: number | null;
};

/** The day of an instant in the academy's time zone, `YYYY-MM-DD`. */
const academyDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Casablanca" });

export function createCertificateService({
  db,
  auth,
  office,
}: Pick<AppContext, "db" | "auth"> & { office: CertificateOffice }) {
  const toResponse = (row: Row): CertificateRequest => ({
    id: row.id,
    type: row.type,
    niveau: row.niveau,
    langues: row.langues,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    ...(row.motif ? { motif: row.motif } : {}),
    ...(row.revokedAt
      ? { revocation: { revoquee_le: new Date(row.revokedAt).toISOString(), motif: row.revokedReason ?? "" } }
      : {}),
    ...(row.numero && row.code
      ? { document: { numero: row.numero, verification_url: office.verificationUrl(row.code) } }
      : {}),
    ...(row.anneeDebut ? { annee: schoolYearLabel(row.anneeDebut) } : {}),
  });

  /**
   * The years the student attended, and the one a request is about when it names none: the
   * current year for an enrolled student who attends it, else the last one attended
   * (docs/spec/school-year-and-data.md section 3).
   */
  async function yearsOf(etudiantId: number, formerStudent: boolean) {
    const years = await q.attendedYears(db, etudiantId);
    const current = formerStudent ? undefined : years.find((y) => y.statut === "en_cours");
    return { years, fallback: current ?? years[0] ?? null };
  }

  return {
    async list(userId: number): Promise<CertificateRequest[]> {
      return (await q.listForUser(db, userId)).map(toResponse);
    },

    /** The years the student may ask an attestation for. */
    async years(userId: number): Promise<CertificateYearsResponse> {
      const { etudiant } = await auth.getUser(userId);
      if (!etudiant) return { success: true, data: [], default_id: null };
      const { years, fallback } = await yearsOf(etudiant.id, etudiant.statut_scolaire === "ancien_eleve");
      return {
        success: true,
        data: years.map((y) => ({ id: y.id, label: schoolYearLabel(y.debut), en_cours: y.statut === "en_cours" })),
        default_id: fallback?.id ?? null,
      };
    },

    /** The student's own attestation (404 for any other request, or one without a live document). */
    async document(userId: number, requestId: number): Promise<DownloadTarget> {
      const own = await q.ownDocument(db, userId, requestId);
      const target = own ? await office.ensureFile(own.requestId) : null;
      if (!target) throw notFound(CERTIFICATE_STAFF_TEXT.noDocument);
      return target;
    },

    /** The public check of a verification code (docs/spec/back-office.md section 6): rate-limited by IP, nothing else about the student. */
    async verify(rawCode: string, ip: string): Promise<CertificateVerification> {
      const attempt = await reserveAttempt(db, [{ key: `verification:${ip}`, rule: VERIFICATION_RULE }]);
      if (!attempt.allowed) {
        throw new HttpError(
          429,
          { message: CERTIFICATE_DOCUMENT_TEXT.tooMany, retry_after: attempt.retryAfter },
          { "Retry-After": String(attempt.retryAfter) },
        );
      }
      await attempt.succeeded();
      const code = rawCode.trim().toUpperCase();
      const row = VERIFICATION_CODE_PATTERN.test(code) ? await q.documentByCode(db, code) : null;
      if (!row) throw new HttpError(404, { status: "inconnu", message: CERTIFICATE_DOCUMENT_TEXT.unknownMessage });
      if (row.revokedAt) return { status: "revoquee", revoquee_le: row.revokedAt.toISOString() };
      return {
        status: "valide",
        type: row.type,
        titre: row.title,
        titulaire: row.holder,
        date_emission: row.issuedAt.toISOString(),
        numero: row.numero,
        annee: row.anneeDebut ? schoolYearLabel(row.anneeDebut) : schoolYearOf(academyDay.format(row.issuedAt)).label,
      };
    },

    /** Identity comes from the authenticated student; the body only chooses what is asked for. */
    async create(userId: number, input: CertificateRequestBody) {
      const { etudiant } = await auth.getUser(userId);
      if (!etudiant) throw forbidden("Seuls les étudiants inscrits peuvent demander une attestation.");
      const { years, fallback } = await yearsOf(etudiant.id, etudiant.statut_scolaire === "ancien_eleve");
      const year = input.annee_id === null ? fallback : years.find((y) => y.id === input.annee_id);
      if (!year) {
        throw validationFailed({
          annee_id: [input.annee_id === null ? CERTIFICATE_TEXT.noYear : CERTIFICATE_TEXT.yearInvalid],
        });
      }
      // In a transaction, so that an Idempotency-Key's mark commits with it (decision 108).
      const row = await db.transaction((tx) =>
        q.insertUnlessPending(tx, {
          etudiantId: etudiant.id,
          studentId: etudiant.student_id,
          nom: etudiant.nom,
          prenom: etudiant.prenom,
          cin: etudiant.cin_etudiant,
          option: etudiant.option?.nom ?? null,
          centreId: etudiant.centre_id,
          type: input.type,
          niveau: input.niveau,
          langues: input.langues,
          status: CERTIFICATE_STATUS.pending,
          anneeId: year.id,
        }),
      );
      if (!row) throw new HttpError(409, { message: CERTIFICATE_TEXT.duplicate });
      const message =
        input.type === "langue" ? CERTIFICATE_TEXT.languageSent(input.niveau ?? "") : CERTIFICATE_TEXT.scolaireSent;
      return { message, data: toResponse({ ...row, anneeDebut: year.debut }) };
    },
  };
}
