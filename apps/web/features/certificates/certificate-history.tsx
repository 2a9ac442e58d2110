import {
  type CertificateRequest,
  certificateStatusTone,
  type StatusTone,
  CERTIFICATE_TEXT as T,
} from "@puerta/contract";

const TONE_CLASSES: Record<StatusTone, string> = {
  blue: "bg-blue-100 text-blue-800",
  green: "bg-green-100 text-green-800",
  red: "bg-red-100 text-red-800",
  grey: "bg-gray-100 text-gray-800",
};

const TYPE_LABELS: Record<string, string> = { scolaire: "Attestation scolaire", langue: "Attestation de langue" };

const dateFormat = new Intl.DateTimeFormat("fr-FR", { dateStyle: "medium" });
const orDash = (value: string | null | undefined) => (value && value.trim() !== "" ? value : "-");

/** 'Historique de vos demandes' (spec section 2): '-' for empty values, coloured statuses. */
export function CertificateHistory({ requests }: { requests: CertificateRequest[] }) {
  if (requests.length === 0) return <p className="mt-4 rounded-xl bg-gray-50 p-6 text-gray-700">{T.historyEmpty}</p>;
  return (
    <div className="mt-4 rounded-xl border border-gray-200">
      <table className="w-full text-left text-sm">
        <thead className="bg-gray-50 text-gray-700">
          <tr>
            {["Type", "Niveau", "Langues", "Statut", "Date"].map((column) => (
              <th key={column} scope="col" className="px-2 py-3 sm:px-4 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {requests.map((r) => (
            <tr key={r.id}>
              <td className="px-2 py-3 sm:px-4 font-medium">{TYPE_LABELS[r.type] ?? orDash(r.type)}</td>
              <td className="px-2 py-3 sm:px-4">{orDash(r.niveau)}</td>
              <td className="px-2 py-3 sm:px-4">{orDash(r.langues.join(", "))}</td>
              <td className="px-2 py-3 sm:px-4">
                <span
                  className={`inline-block rounded-full px-3 py-1 text-xs font-bold ${TONE_CLASSES[certificateStatusTone(r.status)]}`}
                >
                  {orDash(r.status)}
                </span>
              </td>
              <td className="px-2 py-3 sm:px-4 whitespace-nowrap">
                {Number.isNaN(Date.parse(r.created_at)) ? "-" : dateFormat.format(new Date(r.created_at))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
