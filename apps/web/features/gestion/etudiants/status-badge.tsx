import { STUDENT_STATUS_LABELS, type StudentStatus } from "@puerta/contract";

const STATUS_STYLES: Record<StudentStatus, string> = {
  actif: "bg-green-50 text-green-800 ring-green-200",
  invitation_envoyee: "bg-amber-50 text-amber-900 ring-amber-200",
  desactive: "bg-gray-100 text-gray-800 ring-gray-300",
};

/** A student's status as a coloured label (docs/spec/back-office.md section 4). */
export function StatusBadge({ statut }: { statut: StudentStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${STATUS_STYLES[statut]}`}
    >
      {STUDENT_STATUS_LABELS[statut]}
    </span>
  );
}
