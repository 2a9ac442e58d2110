import {
  ACADEMY_TIME_ZONE,
  CERTIFICATE_DOCUMENT_TEXT,
  type CertificateRequest,
  certificateStatusTone,
  type StatusTone,
  CERTIFICATE_TEXT as T,
} from "@puerta/contract";
import { Download } from "lucide-react";
import { useState } from "react";
import { downloadFile } from "../../lib/file-download.ts";

const TONE_CLASSES: Record<StatusTone, string> = {
  blue: "bg-blue-100 text-blue-800",
  green: "bg-green-100 text-green-800",
  red: "bg-red-100 text-red-800",
  grey: "bg-gray-100 text-gray-800",
};

const TYPE_LABELS: Record<string, string> = { scolaire: "Attestation scolaire", langue: "Attestation de langue" };

const COLUMNS = ["Type", "Niveau", "Langues", "Statut", "Date"] as const;

// In the academy's time, on the server that renders the page as in the student's browser.
const dateFormat = new Intl.DateTimeFormat("fr-FR", { dateStyle: "medium", timeZone: ACADEMY_TIME_ZONE });
const orDash = (value: string | null | undefined) => (value && value.trim() !== "" ? value : "-");

/** 'Historique de vos demandes' (docs/spec/student-portal.md section 2): '-' for empty values, coloured statuses. */
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
              r.annee ? (
                <span key="type" className="flex flex-col">
                  {TYPE_LABELS[r.type] ?? orDash(r.type)}
                  <span className="text-xs text-gray-700">{T.yearOf(r.annee)}</span>
                </span>
              ) : (
                (TYPE_LABELS[r.type] ?? orDash(r.type))
              ),
              orDash(r.niveau),
              orDash(r.langues.join(", ")),
              <div key="status" className="flex flex-col items-end gap-1 sm:items-start">
                {/* A revoked attestation is said as such, with the direction's reason, not as a refusal. */}
                <span
                  className={`inline-block rounded-full px-3 py-1 text-xs font-bold whitespace-nowrap ${TONE_CLASSES[r.revocation ? "red" : certificateStatusTone(r.status)]}`}
                >
                  {r.revocation ? T.revokedStatus : orDash(r.status)}
                </span>
                {r.revocation ? (
                  <span className="max-w-64 text-xs text-gray-700">
                    {T.revokedOn(dateFormat.format(new Date(r.revocation.revoquee_le)))} Motif : {r.revocation.motif}
                  </span>
                ) : (
                  r.motif && <span className="max-w-64 text-xs text-gray-700">Motif : {r.motif}</span>
                )}
                {r.document && <DownloadButton request={r} numero={r.document.numero} />}
              </div>,
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

/** 'Télécharger l'attestation' (docs/spec/back-office.md section 6): fetched with the student's token, never a bare link. */
function DownloadButton({ request, numero }: { request: CertificateRequest; numero: string }) {
  const [state, setState] = useState<"idle" | "busy" | "failed">("idle");
  async function download() {
    setState("busy");
    try {
      await downloadFile(`/api/demandes/${request.id}/document`, `attestation-${numero}.pdf`);
      setState("idle");
    } catch {
      setState("failed");
    }
  }
  return (
    <>
      <button
        type="button"
        onClick={download}
        disabled={state === "busy"}
        className="inline-flex items-center gap-1.5 rounded-lg border border-green-700 px-3 py-1 text-xs font-semibold whitespace-nowrap text-green-800 hover:bg-green-50 disabled:opacity-60"
      >
        <Download aria-hidden="true" className="size-3.5" />
        {CERTIFICATE_DOCUMENT_TEXT.download}
      </button>
      {state === "failed" && (
        <span role="alert" className="text-xs text-red-700">
          Le téléchargement a échoué. Veuillez réessayer.
        </span>
      )}
    </>
  );
}
