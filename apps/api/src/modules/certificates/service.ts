import {
  CERTIFICATE_STATUS,
  CERTIFICATE_TEXT,
  type CertificateRequest,
  type CertificateRequestBody,
} from "@puerta/contract";
import type { AppContext } from "../../app-context.ts";
import { forbidden, HttpError } from "../../lib/errors.ts";
import * as q from "./queries.ts";

type Row = NonNullable<Awaited<ReturnType<typeof q.insertUnlessPending>>>;

const toResponse = (row: Row): CertificateRequest => ({
  id: row.id,
  type: row.type,
  niveau: row.niveau,
  langues: row.langues,
  status: row.status,
  created_at: row.createdAt.toISOString(),
});

export function createCertificateService({ db, auth }: Pick<AppContext, "db" | "auth">) {
  return {
    async list(userId: number): Promise<CertificateRequest[]> {
      return (await q.listForUser(db, userId)).map(toResponse);
    },

    /** Identity comes from the authenticated student; the body only chooses what is asked for. */
    async create(userId: number, input: CertificateRequestBody) {
      const { etudiant } = await auth.getUser(userId);
      if (!etudiant) throw forbidden("Seuls les étudiants inscrits peuvent demander une attestation.");
      const row = await q.insertUnlessPending(db, {
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
      });
      if (!row) throw new HttpError(409, { message: CERTIFICATE_TEXT.duplicate });
      const message =
        input.type === "langue" ? CERTIFICATE_TEXT.languageSent(input.niveau ?? "") : CERTIFICATE_TEXT.scolaireSent;
      return { message, data: toResponse(row) };
    },
  };
}
