import { CERTIFICATE_STATUS, certificateStatusTone, type StatusTone } from "@puerta/contract";

export const TYPE_LABELS: Record<string, string> = {
  scolaire: "Attestation scolaire",
  langue: "Attestation de langue",
};

/** The request's kind in a few words: "Attestation scolaire", "Attestation de langue B2". */
export const requestLabel = (type: string, niveau: string | null) =>
  `${TYPE_LABELS[type] ?? type}${type === "langue" && niveau ? ` ${niveau}` : ""}`;

const TONES: Record<StatusTone, string> = {
  blue: "bg-blue-50 text-blue-800 ring-blue-200",
  green: "bg-green-50 text-green-800 ring-green-200",
  red: "bg-red-50 text-red-800 ring-red-200",
  grey: "bg-gray-100 text-gray-800 ring-gray-300",
};

/** The colours of docs/spec/student-portal.md section 4: 'En Cours' blue, 'Disponible' green, 'Refuser' red. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${TONES[certificateStatusTone(status)]}`}
    >
      {status}
    </span>
  );
}

export const STATUS_OPTIONS = Object.values(CERTIFICATE_STATUS).map((status) => ({ value: status, label: status }));
