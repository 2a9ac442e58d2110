import { STUDENT_STATUS_LABELS, type StudentStatus } from "@puerta/contract";
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
