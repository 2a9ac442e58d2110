import { fileNameOf, formatFileSize, formatFrenchDate, type Planning, DOCUMENT_TEXTS as T } from "@puerta/contract";
import { CalendarRange, FileText, MapPin } from "lucide-react";
import { Accordion } from "../../components/accordion.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { ErrorView } from "../../components/error-view.tsx";
import { FileActions } from "../../components/file-actions.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { brand } from "../../content/brand.ts";
import { inTheBrowser, pageData } from "../../lib/page-data.tsx";
import { useStudentData } from "../../lib/session.ts";
import { groupByCentre, planningsQuery, usePlannings } from "./api.ts";

/** The page's data, fetched by the server and in the HTML (decision 101). */
export const loader = () => pageData(planningsQuery);

export const clientLoader = inTheBrowser;

export const meta = () => [{ title: `Planning | ${brand.academyName}` }];

/** docs/spec/student-portal.md section 8: 'Erreur lors du téléchargement du fichier: {message}'. */
const downloadAlert = (error: unknown) => `${T.downloadAlert}${error instanceof Error ? error.message : String(error)}`;

function weekText(planning: Planning): string | null {
  const { semaine_debut: start, semaine_fin: end } = planning;
  if (start && end) return `Du ${formatFrenchDate(start)} au ${formatFrenchDate(end)}`;
  if (start) return `À partir du ${formatFrenchDate(start)}`;
  return null;
}

function PlanningCard({ planning }: { planning: Planning }) {
  const fileName = fileNameOf(planning.fichier_url);
  const week = weekText(planning);
  return (
    <article className="flex flex-col gap-3 rounded-xl border border-gray-200 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 gap-3">
        <FileText aria-hidden="true" className="mt-1 size-8 shrink-0 text-brand-600" />
        <div className="min-w-0">
          <h3 className="font-bold text-ink">{planning.titre}</h3>
          {week && (
            <p className="mt-0.5 flex items-center gap-1.5 text-sm text-gray-700">
              <CalendarRange aria-hidden="true" className="size-4 shrink-0" /> {week}
            </p>
          )}
          {planning.description && <p className="mt-1 text-sm text-gray-700">{planning.description}</p>}
          <p className="mt-2 flex flex-wrap gap-2 text-xs font-medium">
            <span className="rounded-full bg-brand-50 px-2.5 py-1 text-brand-800">
              {planning.option ? planning.option.nom : "Toutes les options"}
            </span>
            <span className="rounded-full bg-gray-100 px-2.5 py-1 text-gray-800">
              {planning.type_fichier.toUpperCase()} · {formatFileSize(planning.taille_fichier)}
            </span>
          </p>
        </div>
      </div>
      <FileActions
        path={planning.fichier_url}
        fileName={fileName}
        title={planning.titre}
        errorText={downloadAlert}
        viewable={false}
        downloadLabel="Télécharger le PDF"
      />
    </article>
  );
}

/** /planning (docs/spec/student-portal.md section 2): the student's plannings by centre, filtered by the server. */
export default function PlanningPage() {
  const plannings = usePlannings();
  const hasCentre = useStudentData()?.centre_id != null;
  const groups = plannings.data ? groupByCentre(plannings.data) : [];

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Planning</h1>
      <p className="mt-2 text-gray-700">Les plannings hebdomadaires de votre centre, à télécharger en PDF.</p>

      {plannings.isPending ? (
        <Spinner label="Chargement des plannings..." />
      ) : plannings.isError ? (
        <ErrorView
          title="Impossible de charger les plannings"
          message={`Erreur: ${plannings.error.message}`}
          retrying={plannings.isFetching}
          onRetry={() => void plannings.refetch()}
        />
      ) : groups.length === 0 ? (
        <EmptyState
          icon={CalendarRange}
          title="Aucun planning"
          message={hasCentre ? T.planningEmptyForCentre : T.planningEmpty}
        />
      ) : (
        <Accordion
          className="mt-8"
          headingLevel={2}
          // docs/spec/student-portal.md section 2: the accordion opens by itself when there is only one centre.
          defaultValue={groups.length === 1 ? String(groups[0]?.centre.id) : ""}
          items={groups.map(({ centre, plannings: list }) => ({
            value: String(centre.id),
            title: (
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="flex items-center gap-2">
                  <MapPin aria-hidden="true" className="size-5 text-brand-600" />
                  Centre {centre.nom}
                </span>
                <span className="text-sm font-medium text-gray-600">
                  {list.length} planning{list.length > 1 ? "s" : ""}
                </span>
              </span>
            ),
            content: (
              <div className="space-y-3">
                {centre.adresse && <p className="text-sm text-gray-600">{centre.adresse}</p>}
                {list.map((planning) => (
                  <PlanningCard key={planning.id} planning={planning} />
                ))}
              </div>
            ),
          }))}
        />
      )}
    </div>
  );
}
