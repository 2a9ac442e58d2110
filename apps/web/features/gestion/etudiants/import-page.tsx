import {
  IMPORT_COLUMNS,
  type ImportConfirmResponse,
  type ImportPreviewResponse,
  type ImportRowStatus,
} from "@puerta/contract";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { primaryButtonClass, secondaryButtonClass } from "../../../components/button-styles.ts";
import { FileInput } from "../../../components/file-input.tsx";
import { FormAlert } from "../../../components/form-fields.tsx";
import { useToast } from "../../../components/toaster.tsx";
import { staffErrorMessage } from "../../../lib/staff-api.ts";
import { StaffPage } from "../shell/staff-page.tsx";
import { studentsApi, useConfirmImport, useImportPreview } from "./api.ts";

const STATUS_LABELS: Record<ImportRowStatus, string> = {
  nouveau: "Nouveau",
  mis_a_jour: "Mis à jour",
  inchange: "Inchangé",
  erreur: "Erreur",
};
const STATUS_STYLES: Record<ImportRowStatus, string> = {
  nouveau: "bg-green-50 text-green-800 ring-green-200",
  mis_a_jour: "bg-blue-50 text-blue-800 ring-blue-200",
  inchange: "bg-gray-100 text-gray-800 ring-gray-300",
  erreur: "bg-red-50 text-red-800 ring-red-200",
};

/**
 * /gestion/etudiants/import (docs/spec/back-office.md section 4): upload a CSV or XLSX file,
 * read the preview of every line (nothing written), then "Importer N lignes" in one go.
 */
export default function ImportPage() {
  const toast = useToast();
  const readPreview = useImportPreview();
  const confirmImport = useConfirmImport();
  const fileId = useId();
  const inviteId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreviewResponse | null>(null);
  const [summary, setSummary] = useState<ImportConfirmResponse | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [invite, setInvite] = useState(true);
  const [errorsOnly, setErrorsOnly] = useState(false);
  const errorsOnlyId = useId();

  async function upload(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setAlert("Choisissez un fichier CSV ou XLSX.");
      return;
    }
    setAlert(null);
    setSummary(null);
    setBusy(true);
    try {
      const answer = await readPreview.mutateAsync(file);
      setPreview(answer);
      setErrorsOnly(false);
    } catch (error) {
      setPreview(null);
      setAlert(staffErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    if (!preview) return;
    setBusy(true);
    try {
      const done = await confirmImport.mutateAsync({ preview, invite });
      setSummary(done);
      setPreview(null);
      toast({ title: "Import terminé.", description: done.message });
    } catch (error) {
      toast({ kind: "error", title: "L'import n'a pas abouti.", description: staffErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  const applicable = preview ? preview.counts.nouveau + preview.counts.mis_a_jour : 0;

  return (
    <StaffPage
      title="Importer des étudiants"
      crumbs={[{ label: "Étudiants", to: "/gestion/etudiants" }, { label: "Importer" }]}
      permission="create:etudiants"
    >
      <form onSubmit={upload} className="space-y-4 rounded-xl border border-gray-200 bg-white p-5">
        {alert && <FormAlert>{alert}</FormAlert>}
        <div>
          <label htmlFor={fileId} className="mb-1 block text-sm font-semibold text-ink">
            Fichier CSV ou XLSX
          </label>
          <FileInput
            id={fileId}
            name="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            describedBy={`${fileId}-hint`}
            chosen={file?.name}
            onFiles={(files) => setFile(files[0] ?? null)}
          />
          <p id={`${fileId}-hint`} className="mt-1 text-sm text-gray-700">
            Colonnes : {IMPORT_COLUMNS.join(", ")}. Un XLSX, ou un CSV séparé par des virgules ou des points-virgules («
            CSV UTF-8 » comme le « CSV (séparateur : point-virgule) » d'Excel). Les noms de centres, options et filières
            sont reconnus sans tenir compte des accents ni des majuscules ; les numéros de téléphone sont enregistrés au
            format +212. Rien n'est enregistré avant la confirmation.
          </p>
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <a
              href={studentsApi.importTemplateUrl("xlsx")}
              download
              className="font-semibold text-brand-700 underline underline-offset-4"
            >
              Télécharger le modèle (XLSX)
            </a>
            <a
              href={studentsApi.importTemplateUrl("csv")}
              download
              className="font-semibold text-brand-700 underline underline-offset-4"
            >
              Télécharger le modèle (CSV)
            </a>
          </p>
        </div>
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          {busy && !preview ? "Lecture du fichier…" : "Prévisualiser"}
        </button>
      </form>

      {preview && (
        <section aria-labelledby="preview-title" className="mt-6 space-y-4">
          <h2 id="preview-title" className="text-lg font-bold text-ink">
            Aperçu : {preview.rows.length} ligne{preview.rows.length > 1 ? "s" : ""}
          </h2>
          <p className="text-sm text-gray-700">
            {preview.counts.nouveau} nouveau{preview.counts.nouveau > 1 ? "x" : ""}, {preview.counts.mis_a_jour} mis à
            jour, {preview.counts.inchange} inchangé{preview.counts.inchange > 1 ? "s" : ""}, {preview.counts.erreur} en
            erreur (ignorée{preview.counts.erreur > 1 ? "s" : ""}).
          </p>
          {preview.counts.erreur > 0 && (
            <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
              <label htmlFor={errorsOnlyId} className="flex items-center gap-2 font-semibold text-ink">
                <input
                  id={errorsOnlyId}
                  type="checkbox"
                  checked={errorsOnly}
                  onChange={(event) => setErrorsOnly(event.target.checked)}
                  className="size-4"
                />
                Erreurs seulement ({preview.counts.erreur})
              </label>
              <a
                href={studentsApi.importErrorsUrl(preview.import_id)}
                download
                className="font-semibold text-brand-700 underline underline-offset-4"
              >
                Télécharger le rapport d'erreurs (CSV)
              </a>
            </div>
          )}
          <PreviewTable rows={errorsOnly ? preview.rows.filter((row) => row.status === "erreur") : preview.rows} />
          <div className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
            <label htmlFor={inviteId} className="flex items-center gap-2 text-sm font-semibold text-ink">
              <input
                id={inviteId}
                type="checkbox"
                checked={invite}
                onChange={(event) => setInvite(event.target.checked)}
                className="size-4"
              />
              Envoyer une invitation aux nouveaux étudiants
            </label>
            <div className="flex flex-wrap gap-2">
              <button type="button" onClick={() => setPreview(null)} disabled={busy} className={secondaryButtonClass}>
                Annuler
              </button>
              <button
                type="button"
                onClick={confirm}
                disabled={busy || applicable === 0}
                className={primaryButtonClass}
              >
                {busy ? "Import en cours…" : `Importer ${applicable} ligne${applicable > 1 ? "s" : ""}`}
              </button>
            </div>
          </div>
        </section>
      )}

      {summary && (
        <section
          aria-labelledby="summary-title"
          role="status"
          className="mt-6 rounded-xl border border-green-200 bg-green-50 p-5"
        >
          <h2 id="summary-title" className="text-lg font-bold text-ink">
            Import terminé
          </h2>
          <p className="mt-1 text-gray-800">{summary.message}</p>
          <Link to="/gestion/etudiants" className={`${secondaryButtonClass} mt-4`}>
            Voir les étudiants
          </Link>
        </section>
      )}
    </StaffPage>
  );
}

/**
 * The preview's lines. On a phone the table has two columns (line and status; who and why), so
 * the reason of an error is in view without scrolling sideways.
 */
function PreviewTable({ rows }: { rows: ImportPreviewResponse["rows"] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Aperçu de l'import</caption>
        <thead className="bg-gray-50 text-gray-700">
          <tr>
            <th scope="col" className="px-3 py-2">
              Ligne
            </th>
            <th scope="col" className="hidden px-3 py-2 sm:table-cell">
              Étudiant
            </th>
            <th scope="col" className="px-3 py-2">
              Détail
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((row) => {
            const name = `${row.prenom} ${row.nom}`.trim() || "—";
            return (
              <tr key={row.line} className="align-top">
                <td className="w-28 px-3 py-2">
                  <span className="block tabular-nums">{row.line}</span>
                  <span
                    className={`mt-1 inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${STATUS_STYLES[row.status]}`}
                  >
                    {STATUS_LABELS[row.status]}
                  </span>
                </td>
                <td className="hidden px-3 py-2 sm:table-cell">
                  <span className="font-semibold text-ink">{name}</span>
                  <span className="block break-all text-gray-700">{row.email}</span>
                </td>
                <td className="px-3 py-2">
                  <span className="font-semibold text-ink sm:hidden">{name}</span>
                  <span className="block break-all text-gray-700 sm:hidden">{row.email}</span>
                  {row.errors.length > 0 && (
                    <ul className="text-red-800">
                      {row.errors.map((error) => (
                        <li key={`${error.column}-${error.message}`}>
                          <span className="font-semibold">{error.column}</span> : {error.message}
                        </li>
                      ))}
                    </ul>
                  )}
                  {row.changes && (
                    <ul className="break-words text-gray-800">
                      {Object.entries(row.changes).map(([field, change]) => (
                        <li key={field}>
                          <span className="font-semibold">{field}</span> : {change.before ?? "—"} →{" "}
                          {change.after ?? "—"}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
