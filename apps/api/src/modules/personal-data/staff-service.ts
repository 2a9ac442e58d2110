import {
  type ErasurePreview,
  type ErasureRequest,
  type ErasureResponse,
  ERASURE_MESSAGES as M,
} from "@puerta/contract";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../db/migration-level.ts";
import { notFound } from "../../lib/errors.ts";
import { auditActor, type LiveSession } from "../../lib/staff-session.ts";
import { type ErasureExecutor, eraseStudent } from "./erasure.ts";

/**
 * *Effacer les données* on a student's page (docs/spec/school-year-and-data.md section 4,
 * decision 113): what it will do, for the dialog, then the erasure itself (erasure.ts). The
 * route allows the direction only (`delete:donnees-personnelles`).
 */
export function createErasureOffice(executor: ErasureExecutor) {
  const { db, parts } = executor;
  return {
    async preview(etudiantId: number): Promise<ErasurePreview> {
      const [student] = await rowsOf<{ nom: string; prenom: string; user_id: number; email: string }>(
        db,
        sql`select e.nom, e.prenom, e.user_id, u.email from etudiants e join users u on u.id = e.user_id where e.id = ${etudiantId}`,
      );
      if (!student) throw notFound(M.unknownStudent);
      const [counts] = await rowsOf<{ demandes: number; emails: number; retenus: number }>(
        db,
        sql`select
              (select count(*)::int from certificate_requests where etudiant_id = ${etudiantId} and status = 'En Cours') as demandes,
              (select count(*)::int from mail_outbox where status = 'pending'
                and (lower(to_address) = ${student.email} or lower(coalesce(reply_to, '')) = ${student.email}
                     or unsubscribe_etudiant_id = ${etudiantId})) as emails,
              (select count(*)::int from mail_outbox where status = 'pending' and next_attempt_at = 'infinity'::timestamptz
                and (lower(to_address) = ${student.email} or lower(coalesce(reply_to, '')) = ${student.email}
                     or unsubscribe_etudiant_id = ${etudiantId})) as retenus`,
      );
      const kept = [...new Set(parts.flatMap((part) => (part.kept ? [part.kept] : [])))];
      return {
        etudiant_id: etudiantId,
        nom_complet: `${student.prenom} ${student.nom}`,
        demandes_en_cours: counts?.demandes ?? 0,
        emails_en_attente: counts?.emails ?? 0,
        emails_retenus: counts?.retenus ?? 0,
        conserve: kept,
      };
    },

    async erase(
      staff: LiveSession,
      etudiantId: number,
      body: ErasureRequest,
      ip: string | null,
    ): Promise<ErasureResponse> {
      const done = await eraseStudent(executor, etudiantId, { motif: body.motif, actor: auditActor(staff), ip });
      if (!done) throw notFound(M.unknownStudent);
      return { message: M.done(etudiantId) };
    },
  };
}
