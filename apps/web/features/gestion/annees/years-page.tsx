import { formatFrenchDate, SCHOOL_YEAR_STATUS_LABELS, type SchoolYearRow } from "@puerta/contract";
import { Link } from "react-router";
import { primaryButtonClass } from "../../../components/button-styles.ts";
import { Spinner } from "../../../components/spinner.tsx";
import { staffErrorMessage } from "../../../lib/staff-api.ts";
import { StatusPill } from "../shared/status-pill.tsx";
import { StaffPage } from "../shell/staff-page.tsx";
import { useYears } from "./api.ts";

const TONE = { en_cours: "done", a_venir: "info", cloturee: "neutral" } as const;

/**
 * /gestion/annees (direction, docs/spec/school-year-and-data.md section 1): the school years with
 * their counts, the current one marked, and the way to close it.
 */
export default function YearsPage() {
  return (
    <StaffPage title="Années scolaires" crumbs={[{ label: "Années scolaires" }]} permission="read:annees">
      <Years />
    </StaffPage>
  );
}

/** Inside the page's frame, so that a role that may not open it asks nothing of the server. */
function Years() {
  const years = useYears();
  const current = years.data?.data.find((year) => year.statut === "en_cours");
  if (years.isPending) return <Spinner label="Chargement des années…" showLabel />;
  if (years.isError) {
    return (
      <p role="alert" className="rounded-xl border border-gray-200 bg-white p-6 text-gray-700">
        {staffErrorMessage(years.error)}
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      {current && (
        <div>
          <Link to={`/gestion/annees/${current.id}/cloture`} className={primaryButtonClass}>
            Clôturer l'année {current.label}
          </Link>
        </div>
      )}
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {years.data.data.map((year) => (
          <YearCard key={year.id} year={year} />
        ))}
      </ul>
    </div>
  );
}

function YearCard({ year }: { year: SchoolYearRow }) {
  const current = year.statut === "en_cours";
  return (
    <li
      aria-labelledby={`annee-${year.id}`}
      aria-current={current ? "true" : undefined}
      className={`rounded-xl border bg-white p-5 ${current ? "border-brand-600 ring-1 ring-brand-600" : "border-gray-200"}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`annee-${year.id}`} className="text-xl font-bold text-ink">
          {year.label}
        </h2>
        <StatusPill tone={TONE[year.statut]}>{SCHOOL_YEAR_STATUS_LABELS[year.statut]}</StatusPill>
      </div>
      <p className="mt-1 text-sm text-gray-700">
        Du {formatFrenchDate(year.debut)} au {formatFrenchDate(year.fin)}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        <div>
          <dt className="text-sm text-gray-700">{current ? "Inscrits" : "Inscrits cette année-là"}</dt>
          <dd className="text-2xl font-extrabold text-ink">
            {current ? (
              <Link className="underline-offset-4 hover:underline" to={`/gestion/etudiants?promotion=${year.label}`}>
                {year.inscrits}
              </Link>
            ) : (
              year.inscrits
            )}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-gray-700">Anciens élèves</dt>
          <dd className="text-2xl font-extrabold text-ink">
            <Link
              className="underline-offset-4 hover:underline"
              to={`/gestion/etudiants?promotion=${year.label}&statut_scolaire=ancien_eleve`}
            >
              {year.anciens_eleves}
            </Link>
          </dd>
        </div>
      </dl>
    </li>
  );
}
