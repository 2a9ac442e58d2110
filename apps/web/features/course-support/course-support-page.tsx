import {
  type CourseDocument,
  type CourseDocuments,
  fileNameOf,
  formatFileSize,
  formatMonthYear,
  type SubjectWithLevels,
  DOCUMENT_TEXTS as T,
} from "@puerta/contract";
import { BookOpen, FileText, Layers, Library } from "lucide-react";
import { Accordion } from "../../components/accordion.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { ErrorView } from "../../components/error-view.tsx";
import { FileActions } from "../../components/file-actions.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { SummaryBand } from "../../components/summary-band.tsx";
import { brand } from "../../content/brand.ts";
import { DownloadError } from "../../lib/file-download.ts";
import { inTheBrowser, pageData } from "../../lib/page-data.tsx";
import { courseCounts, courseDocumentsQuery, useCourseDocuments } from "./api.ts";

/** The page's data, fetched by the server and in the HTML (decision 101). */
export const loader = () => pageData(courseDocumentsQuery);

export const clientLoader = inTheBrowser;

export const meta = () => [{ title: `${T.courseTitle} | ${brand.academyName}` }];

/** docs/spec/student-portal.md section 8: 'Invalid file path', 404 'File not found on server', else the HTTP error, as 'Download error: …'. */
function downloadAlert(error: unknown): string {
  const message =
    error instanceof DownloadError && error.status === 404
      ? T.fileNotFoundOnServer
      : error instanceof Error
        ? error.message
        : String(error);
  return `${T.courseDownloadAlert}${message}`;
}

const documentCount = (n: number) => `${n} document${n > 1 ? "s" : ""}`;

function DocumentItem({ doc, headingLevel }: { doc: CourseDocument; headingLevel: 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  const fileName = fileNameOf(doc.fichier_path);
  return (
    <li className="rounded-xl border border-gray-200 p-4">
      <div className="flex gap-3">
        <FileText aria-hidden="true" className="mt-0.5 size-7 shrink-0 text-brand-600" />
        <div className="min-w-0 flex-1">
          <Heading className="font-bold text-ink">{doc.titre}</Heading>
          <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-gray-700">
            <span className="capitalize">{formatMonthYear(doc.created_at)}</span>
            <span aria-hidden="true">·</span>
            <span>{formatFileSize(doc.taille_fichier)}</span>
            <span aria-hidden="true">·</span>
            <span>{doc.type_fichier.toUpperCase()}</span>
          </p>
          {doc.description && <p className="mt-2 text-sm text-gray-700">{doc.description}</p>}
          <div className="mt-3">
            <FileActions
              path={fileName ? `/api/documents/download/${fileName}` : null}
              fileName={fileName}
              title={doc.titre}
              errorText={downloadAlert}
            />
          </div>
        </div>
      </div>
    </li>
  );
}

function DocumentList({ docs, headingLevel }: { docs: CourseDocument[]; headingLevel: 3 | 4 }) {
  if (docs.length === 0) return <p className="py-2 text-gray-700">{T.courseSubjectEmpty}</p>;
  return (
    <ul className="space-y-3">
      {docs.map((doc) => (
        <DocumentItem key={doc.id} doc={doc} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}

function LevelAccordion({ subject, data }: { subject: SubjectWithLevels; data: CourseDocuments }) {
  const levels = [...subject.niveaux].sort((a, b) => a.ordre - b.ordre);
  return (
    <Accordion
      headingLevel={3}
      items={levels.map((level) => {
        const docs = data.cours_par_niveau[String(level.id)] ?? [];
        return {
          value: String(level.id),
          title: (
            <span className="flex flex-wrap items-center gap-x-3">
              <span className="flex items-center gap-2">
                <Layers aria-hidden="true" className="size-4 text-brand-600" />
                Niveau {level.nom}
              </span>
              <span className="text-sm font-medium text-gray-600">{documentCount(docs.length)}</span>
            </span>
          ),
          content: <DocumentList docs={docs} headingLevel={4} />,
        };
      })}
    />
  );
}

/** /support-cours (docs/spec/student-portal.md section 2): course documents by subject and level. */
export default function CourseSupportPage() {
  const documents = useCourseDocuments();
  const data = documents.data;
  const counts = data ? courseCounts(data) : null;
  const subjects = data
    ? [
        ...data.matieres_avec_niveaux.map((subject) => ({ subject, withLevels: true as const })),
        ...data.matieres_sans_niveaux.map((subject) => ({ subject, withLevels: false as const })),
      ]
    : [];

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{T.courseTitle}</h1>
      <p className="mt-2 text-gray-700">Les supports de cours par matière et par niveau, à consulter ou télécharger.</p>

      {documents.isPending ? (
        <Spinner label="Chargement des documents..." />
      ) : documents.isError ? (
        <ErrorView
          title={T.courseLoadError}
          message={documents.error.message}
          retrying={documents.isFetching}
          onRetry={() => void documents.refetch()}
        />
      ) : (
        <>
          {counts && (
            <SummaryBand
              label="Résumé des supports de cours"
              items={[
                { label: "Matières", value: counts.subjects, icon: BookOpen },
                { label: "Niveaux", value: counts.levels, icon: Layers },
                { label: "Documents", value: counts.documents, icon: Library },
              ]}
            />
          )}
          {subjects.length === 0 || !data ? (
            <EmptyState icon={Library} title="Aucun document" message={T.courseEmpty} />
          ) : (
            <Accordion
              className="mt-8"
              headingLevel={2}
              // docs/spec/student-portal.md sections 2 and 4: the first subject is open by default; one subject open at a time.
              defaultValue={subjects[0] ? `matiere-${subjects[0].subject.id}` : ""}
              items={subjects.map(({ subject, withLevels }) => {
                const docCount = withLevels
                  ? subject.niveaux.reduce((n, level) => n + (data.cours_par_niveau[String(level.id)]?.length ?? 0), 0)
                  : subject.cours.length;
                return {
                  value: `matiere-${subject.id}`,
                  title: (
                    <span className="flex flex-col">
                      <span>{subject.nom}</span>
                      <span className="text-sm font-medium text-gray-600">
                        {withLevels
                          ? `${subject.niveaux.length} niveau${subject.niveaux.length > 1 ? "x" : ""} · `
                          : ""}
                        {documentCount(docCount)}
                      </span>
                    </span>
                  ),
                  content: (
                    <div className="space-y-4">
                      {subject.description && <p className="text-gray-700">{subject.description}</p>}
                      {withLevels ? (
                        <LevelAccordion subject={subject} data={data} />
                      ) : (
                        <DocumentList docs={subject.cours} headingLevel={3} />
                      )}
                    </div>
                  ),
                };
              })}
            />
          )}
        </>
      )}
    </div>
  );
}
