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

const COLUMNS = ["Type", "Niveau", "Langues", "Statut", "Date"] as const;

const dateFormat = new Intl.DateTimeFormat("fr-FR", { dateStyle: "medium" });
const orDash = (value: string | null | undefined) => (value && value.trim() !== "" ? value : "-");

/** 'Historique de vos demandes' (spec section 2): '-' for empty values, coloured statuses. */
export function CertificateHistory({ requests }: { requests: CertificateRequest[] }) {
  if (requests.length === 0) return <p className="mt-4 rounded-xl bg-gray-50 p-6 text-gray-700">{T.historyEmpty}</p>;
  return (
    <div className="mt-4 rounded-xl border border-gray-200">
      {/* Below 640 px each request is a small card: the column names move beside the values. */}
      <table className="w-full text-left text-sm">
        <thead className="bg-gray-50 text-gray-700 max-sm:sr-only">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {requests.map((r) => {
            const values = [
              TYPE_LABELS[r.type] ?? orDash(r.type),
              orDash(r.niveau),
              orDash(r.langues.join(", ")),
              <span
                key="status"
                className={`inline-block rounded-full px-3 py-1 text-xs font-bold whitespace-nowrap ${TONE_CLASSES[certificateStatusTone(r.status)]}`}
              >
                {orDash(r.status)}
              </span>,
              Number.isNaN(Date.parse(r.created_at)) ? "-" : dateFormat.format(new Date(r.created_at)),
            ];
            return (
              <tr key={r.id} className="max-sm:block max-sm:px-4 max-sm:py-3">
                {values.map((value, i) => (
                  <td
                    key={COLUMNS[i]}
                    data-label={COLUMNS[i]}
                    className="px-4 py-3 first:font-medium max-sm:flex max-sm:items-center max-sm:justify-between max-sm:gap-4 max-sm:px-0 max-sm:py-1 max-sm:before:font-semibold max-sm:before:text-gray-600 max-sm:before:content-[attr(data-label)]"
                  >
                    {value}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
