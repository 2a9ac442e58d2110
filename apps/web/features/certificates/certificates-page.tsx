import { CERTIFICATE_LANGUAGES, LANGUAGE_LEVELS, type LanguageLevel, CERTIFICATE_TEXT as T } from "@puerta/contract";
import { useQuery } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, FileText, Languages } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { CheckboxGroupField } from "../../components/form-fields.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { brand } from "../../content/brand.ts";
import { ApiError } from "../../lib/api.ts";
import { inTheBrowser, pageData } from "../../lib/page-data.tsx";
import { useStudentData } from "../../lib/session.ts";
import { certificateListQuery, certificateYearsQuery, useSendCertificateRequest } from "./api.ts";
import { CertificateHistory } from "./certificate-history.tsx";

/** The page's data, fetched by the server and in the HTML (decision 101). */
export const loader = () => pageData(certificateListQuery, certificateYearsQuery);

export const clientLoader = inTheBrowser;

export const meta = () => [{ title: `${T.title} | ${brand.academyName}` }];

type Outcome = { ok: boolean; message: string };

/** A refusal the student can act on (duplicate, validation, policy) is shown as the server said it. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && [403, 409, 422].includes(error.status) && error.serverMessage) {
    return error.serverMessage;
  }
  return T.failed;
}

const languageOptions = CERTIFICATE_LANGUAGES.map((langue: string) => ({ value: langue, label: langue }));

const buttonClass =
  "flex w-full flex-col items-start gap-1 rounded-2xl border-2 p-5 text-left transition-colors disabled:cursor-not-allowed disabled:opacity-50";

/** /demande-attestation (docs/spec/student-portal.md sections 2, 5 and 8). */
export default function CertificatesPage() {
  const history = useQuery(certificateListQuery);
  const years = useQuery(certificateYearsQuery);
  const student = useStudentData();
  // The year the attestation is about: the server's default (this year, or a former student's last) until one is chosen.
  const [chosenYear, setChosenYear] = useState<number | null>(null);
  const yearId = chosenYear ?? years.data?.default_id ?? null;
  const [langues, setLangues] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  // A retry after a lost answer records the request once.
  const send = useSendCertificateRequest({
    student,
    onSuccess: (choice) => {
      setOutcome({
        ok: true,
        message: choice.type === "langue" ? T.languageSent(choice.niveau) : T.scolaireSent,
      });
      setLangues([]);
    },
    onError: (error) => setOutcome({ ok: false, message: failureMessage(error) }),
  });

  useEffect(() => {
    if (outcome) resultHeading.current?.focus();
  }, [outcome]);

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{T.title}</h1>

      {outcome ? (
        <section
          aria-labelledby="certificate-result"
          className={`mt-8 rounded-3xl border p-8 text-center ${outcome.ok ? "border-green-200 bg-green-50" : "border-red-200 bg-red-50"}`}
        >
          {outcome.ok ? (
            <CircleCheck aria-hidden="true" className="mx-auto size-12 text-green-700" />
          ) : (
            <CircleAlert aria-hidden="true" className="mx-auto size-12 text-red-700" />
          )}
          <h2 id="certificate-result" ref={resultHeading} tabIndex={-1} className="mt-4 text-2xl font-bold">
            {outcome.ok ? T.sentTitle : T.errorTitle}
          </h2>
          <p className="mt-2 text-gray-800">{outcome.message}</p>
          <button
            type="button"
            onClick={() => setOutcome(null)}
            className="mt-6 rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            {T.again}
          </button>
        </section>
      ) : (
        <>
          {years.data && years.data.data.length > 1 && (
            <div className="mt-8 max-w-sm">
              <label htmlFor="certificate-year" className="block text-sm font-semibold text-gray-800">
                {T.yearLabel}
              </label>
              <select
                id="certificate-year"
                value={yearId ?? ""}
                onChange={(event) => setChosenYear(Number(event.target.value))}
                disabled={send.isPending}
                className="mt-1 w-full rounded-lg border border-gray-300 bg-white px-3 py-2"
              >
                {years.data.data.map((year) => (
                  <option key={year.id} value={year.id}>
                    {year.label}
                    {year.en_cours ? " (en cours)" : ""}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="mt-8 grid gap-6 md:grid-cols-2">
            <section
              aria-labelledby="scolaire-title"
              className="rounded-3xl border border-gray-200 bg-white p-6 shadow-sm"
            >
              <h2 id="scolaire-title" className="flex items-center gap-2 text-lg font-bold">
                <FileText aria-hidden="true" className="size-5 text-brand-600" />
                Attestation scolaire
              </h2>
              <div className="mt-4">
                <CheckboxGroupField
                  legend="Langue(s) de l'attestation"
                  name="langues"
                  options={languageOptions}
                  value={langues}
                  onChange={setLangues}
                  disabled={send.isPending}
                />
              </div>
              <button
                type="button"
                disabled={langues.length === 0 || send.isPending}
                onClick={() => send.mutate({ type: "scolaire", langues, annee_id: yearId })}
                className={`${buttonClass} mt-5 border-brand-600 bg-brand-600 text-white enabled:hover:bg-brand-700`}
              >
                <span className="font-bold">{T.scolaireButton}</span>
                <span className="text-sm text-white/90">{T.scolaireSubtitle}</span>
              </button>
            </section>

            <section
              aria-labelledby="langue-title"
              className="rounded-3xl border border-gray-200 bg-white p-6 shadow-sm"
            >
              <h2 id="langue-title" className="flex items-center gap-2 text-lg font-bold">
                <Languages aria-hidden="true" className="size-5 text-brand-600" />
                Attestation de langue
              </h2>
              <div className="mt-4 grid gap-3">
                {LANGUAGE_LEVELS.map((niveau: LanguageLevel) => (
                  <button
                    key={niveau}
                    type="button"
                    disabled={send.isPending}
                    onClick={() => send.mutate({ type: "langue", niveau, annee_id: yearId })}
                    className={`${buttonClass} border-gray-200 bg-white enabled:hover:border-brand-600 enabled:hover:bg-brand-50`}
                  >
                    <span className="font-bold">{niveau}</span>
                    <span className="text-sm text-gray-700">{T.levelSubtitle[niveau]}</span>
                  </button>
                ))}
              </div>
            </section>
          </div>
        </>
      )}

      <section aria-labelledby="history-title" className="mt-12">
        <h2 id="history-title" className="text-xl font-bold">
          {T.historyTitle}
        </h2>
        {history.isPending ? (
          <Spinner label="Chargement de vos demandes..." />
        ) : history.isError ? (
          <div role="alert" className="mt-4 rounded-xl bg-red-50 p-6 text-red-800">
            {T.failed}
            <button type="button" onClick={() => void history.refetch()} className="ml-3 font-semibold underline">
              Réessayer
            </button>
          </div>
        ) : (
          <CertificateHistory requests={history.data} />
        )}
      </section>
    </div>
  );
}
