import {
  formatFrenchDate,
  LEAVING_REASON_LABELS,
  SCHOOL_STATUS_LABELS,
  STUDENT_STATUS_LABELS,
  type StaffStudent,
  type StudentStatus,
} from "@puerta/contract";
import { StatusPill } from "../shared/status-pill.tsx";

const STATUS_TONES = {
  actif: "done",
  invitation_envoyee: "new",
  desactive: "neutral",
} as const satisfies Record<StudentStatus, string>;

/** A student's status as a coloured label (docs/spec/back-office.md section 4). */
export function StatusBadge({ statut }: { statut: StudentStatus }) {
  return <StatusPill tone={STATUS_TONES[statut]}>{STUDENT_STATUS_LABELS[statut]}</StatusPill>;
}

type SchoolStatus = Pick<StaffStudent, "statut_scolaire" | "sorti_le" | "motif_sortie">;

/** "Sorti le 14 janvier 2027 · Abandon": when and why a former student left; empty for the enrolled. */
export function leavingLabel(student: SchoolStatus): string {
  if (student.statut_scolaire !== "ancien_eleve" || !student.sorti_le) return "";
  const reason = student.motif_sortie ? ` · ${LEAVING_REASON_LABELS[student.motif_sortie]}` : "";
  return `Sorti le ${formatFrenchDate(student.sorti_le)}${reason}`;
}

/** The school status beside the account's (docs/spec/school-year-and-data.md section 1): Inscrit, or Ancien élève. */
export function SchoolStatusBadge({ student }: { student: SchoolStatus }) {
  return (
    <StatusPill tone={student.statut_scolaire === "inscrit" ? "info" : "neutral"}>
      {SCHOOL_STATUS_LABELS[student.statut_scolaire]}
    </StatusPill>
  );
}
