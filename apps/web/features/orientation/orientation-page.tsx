import { fileNameOf, DOCUMENT_TEXTS as T } from "@puerta/contract";
import { Compass, FileText } from "lucide-react";
import { EmptyState } from "../../components/empty-state.tsx";
import { ErrorView } from "../../components/error-view.tsx";
import { FileActions } from "../../components/file-actions.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { brand } from "../../content/brand.ts";
import { inTheBrowser, pageData } from "../../lib/page-data.tsx";
import { orientationsQuery, useOrientations } from "./api.ts";

/** The page's data, fetched by the server and in the HTML (decision 101). */
export const loader = () => pageData(orientationsQuery);

export const clientLoader = inTheBrowser;

export const meta = () => [{ title: `Orientation | ${brand.academyName}` }];

/** Downloads accept only PDF answers (docs/spec/student-portal.md section 5); failures alert like the planning's. */
const downloadAlert = (error: unknown) => `${T.downloadAlert}${error instanceof Error ? error.message : String(error)}`;

/** /etudiants/orientation (docs/spec/student-portal.md section 2): the orientation guides. */
export default function OrientationPage() {
  const guides = useOrientations();

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Documents d'orientation</h1>
      <p className="mt-2 text-gray-700">Guides pour préparer vos études supérieures en Espagne.</p>

      {guides.isPending ? (
        <Spinner label="Chargement des documents..." />
      ) : guides.isError ? (
        <ErrorView
          title="Impossible de charger les documents d'orientation"
          message={`Erreur: ${guides.error.message}`}
          retrying={guides.isFetching}
          onRetry={() => void guides.refetch()}
        />
      ) : guides.data.length === 0 ? (
        <EmptyState
          icon={Compass}
          title="Aucun document"
          message="Aucun document d'orientation disponible pour le moment."
        />
      ) : (
        <>
          <p className="mt-6 font-semibold text-ink" aria-live="polite">
            {guides.data.length} document{guides.data.length > 1 ? "s" : ""} disponible
            {guides.data.length > 1 ? "s" : ""}
          </p>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {guides.data.map((guide) => (
              <li key={guide.id} className="flex flex-col rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
                <FileText aria-hidden="true" className="size-9 text-brand-600" />
                <h2 className="mt-3 text-lg font-bold text-ink">{guide.titre}</h2>
                {guide.description && <p className="mt-1 flex-1 text-sm text-gray-700">{guide.description}</p>}
                <p className="mt-3 text-xs font-medium text-gray-700">
                  {guide.type_fichier.toUpperCase()} · {guide.taille_fichier_formatee}
                </p>
                <div className="mt-4">
                  <FileActions
                    path={guide.fichier_url}
                    fileName={fileNameOf(guide.fichier_url)}
                    title={guide.titre}
                    errorText={downloadAlert}
                  />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
