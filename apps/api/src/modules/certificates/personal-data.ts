import { ERASED } from "@puerta/contract";
import { sql } from "drizzle-orm";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { fileKeysOf, jsonRows, NO_FILES } from "../../lib/personal-data-sql.ts";

/** The student's certificate requests, as a subquery of their ids. */
const theirRequests = (etudiantId: number) =>
  sql`(select r.id from certificate_requests r where r.etudiant_id = ${etudiantId})`;

/**
 * Certificate requests and their attestations (decision 112). In erasure order: the events and the
 * documents find the student through their requests, so the requests go last.
 *
 * An erasure keeps the register of issued attestations on purpose, so that `/verifier/{code}`
 * still vouches for a document its holder relies on (an employer, a university checks it after
 * the student left): the document row's number, code, holder's name as printed, title, signatory,
 * issue and revocation dates and who revoked it; and of its request, what the verification says
 * (type, level, languages, status, school year, dates, re-issue link), with no student
 * (`etudiant_id` null, migration 0017) and its identity `[effacé]`. The PDF, which prints the CIN,
 * is deleted; a request never issued is deleted with its history.
 */
export const certificatesPersonalData: readonly PersonalDataPart[] = [
  {
    module: "certificates",
    table: "certificate_request_events",
    title: "Historique des demandes d'attestation",
    columns: ["request_id", "from_status", "to_status", "motif", "created_at"],
    purpose: "L'historique de vos demandes d'attestation : chaque changement de statut, sa date et son motif.",
    retention: "anciens_eleves",
    rows: (db, s) =>
      jsonRows(
        db,
        sql`select to_jsonb(v) - 'staff_id' as row from certificate_request_events v
            where v.request_id in ${theirRequests(s.etudiantId)} order by v.created_at, v.id`,
      ),
    async erase(tx, s) {
      await tx.execute(sql`delete from certificate_request_events where request_id in ${theirRequests(s.etudiantId)}`);
      return NO_FILES;
    },
  },
  {
    module: "certificates",
    table: "certificate_documents",
    title: "Attestations délivrées",
    columns: [
      "request_id",
      "numero",
      "code",
      "holder_name",
      "title",
      "issued_at",
      "file_key",
      "revoked_at",
      "revoked_reason",
    ],
    purpose:
      "Les attestations qui vous ont été délivrées : numéro, code de vérification, nom du titulaire, date, révocation éventuelle (les PDF sont dans le dossier fichiers/).",
    retention: "anciens_eleves",
    rows: (db, s) =>
      jsonRows(
        db,
        sql`select to_jsonb(d) - 'revoked_by' as row from certificate_documents d
            where d.request_id in ${theirRequests(s.etudiantId)} order by d.issued_at`,
      ),
    files: async (db, s) =>
      (
        await jsonRows(
          db,
          sql`select jsonb_build_object('key', d.file_key, 'numero', d.numero) as row from certificate_documents d
              where d.request_id in ${theirRequests(s.etudiantId)} and d.file_key is not null order by d.issued_at`,
        )
      ).map((row) => ({ key: String(row.key), name: `attestation-${row.numero}.pdf` })),
    async erase(tx, s) {
      const pdfs = await fileKeysOf(
        tx,
        sql`select file_key as key from certificate_documents
            where request_id in ${theirRequests(s.etudiantId)} and file_key is not null`,
      );
      await tx.execute(
        sql`update certificate_documents set file_key = null, revoked_reason = null
            where request_id in ${theirRequests(s.etudiantId)}`,
      );
      return pdfs;
    },
    kept: "Le registre des attestations délivrées : numéro, code de vérification, nom du titulaire tel qu'imprimé, intitulé, signataire, date de délivrance et, le cas échéant, date de révocation. Ainsi /verifier/{code} continue de confirmer (ou de dire révoqué) un document sur lequel son titulaire compte. Le PDF, qui porte le CIN, et le motif de révocation sont supprimés.",
  },
  {
    module: "certificates",
    table: "certificate_requests",
    title: "Demandes d'attestation",
    columns: ["etudiant_id", "student_id", "nom", "prenom", "cin", "option", "centre_id", "motif", "annee_id"],
    purpose:
      "Vos demandes d'attestation : type, niveau, langues, année scolaire, statut, et l'identité (nom, prénom, CIN, numéro d'étudiant, option) copiée au moment de la demande pour figurer sur l'attestation.",
    retention: "anciens_eleves",
    rows: (db, s) =>
      jsonRows(
        db,
        sql`select to_jsonb(r) || jsonb_build_object('annee_scolaire', a.debut_annee || '-' || (a.debut_annee + 1)) as row
            from certificate_requests r left join annees_scolaires a on a.id = r.annee_id
            where r.etudiant_id = ${s.etudiantId} order by r.created_at, r.id`,
      ),
    async erase(tx, s) {
      const unissued = sql`(select r.id from certificate_requests r where r.etudiant_id = ${s.etudiantId}
        and not exists (select 1 from certificate_documents d where d.request_id = r.id))`;
      await tx.execute(sql`update certificate_requests set reemise_de = null where reemise_de in ${unissued}`);
      await tx.execute(sql`delete from certificate_requests where id in ${unissued}`);
      await tx.execute(
        sql`update certificate_requests set etudiant_id = null, student_id = ${ERASED}, nom = ${ERASED}, prenom = ${ERASED},
              cin = null, option = null, centre_id = null, motif = null
            where etudiant_id = ${s.etudiantId}`,
      );
      return NO_FILES;
    },
    kept: "Pour chaque attestation délivrée, sa demande sans l'étudiant : type, niveau, langues, statut, année scolaire et dates, ce que /verifier/{code} affiche ; nom, prénom et numéro d'étudiant deviennent « [effacé] », CIN, option, centre et motif sont supprimés.",
  },
];
