import { can } from "@puerta/contract";
import { Link } from "react-router";
import { staffErrorMessage } from "../../../lib/staff-api.ts";
import { useStaffUser } from "../session/staff-session.ts";
import { AuditEntryLine } from "../shared/audit-entry-line.tsx";
import { StaffPage } from "../shell/staff-page.tsx";
import { useDashboard } from "./api.ts";

/** /gestion, the Tableau de bord (docs/spec/back-office.md section 3): counters linking to their lists, and the last audit entries. */
export default function DashboardPage() {
  const user = useStaffUser();
  const dashboard = useDashboard();
  const canOpenJournal = can(user, "read:journal");

  return (
    <StaffPage title="Tableau de bord">
      <p className="-mt-3 mb-6 text-gray-700">Bonjour {user.name}.</p>
      {dashboard.isError && (
        <p role="alert" className="rounded-xl border border-brand-100 bg-brand-50 p-4 text-brand-800">
          {staffErrorMessage(dashboard.error)}
        </p>
      )}
      <section aria-labelledby="counters-title">
        <h2 id="counters-title" className="sr-only">
          Compteurs
        </h2>
        {dashboard.isPending ? (
          <div aria-busy="true" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            <p role="status" className="sr-only">
              Chargement du tableau de bord…
            </p>
            {[0, 1, 2].map((index) => (
              <div key={index} className="h-24 animate-pulse rounded-xl bg-gray-200 motion-reduce:animate-none" />
            ))}
          </div>
        ) : dashboard.data && dashboard.data.counters.length > 0 ? (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {dashboard.data.counters.map((counter) => (
              <li key={counter.key}>
                <Link
                  to={counter.href}
                  className="block rounded-xl border border-gray-200 bg-white p-5 shadow-sm hover:border-brand-600"
                >
                  <span className="block text-3xl font-extrabold text-ink">{counter.value}</span>
                  <span className="mt-1 block font-semibold text-gray-700">{counter.label}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          dashboard.data && <p className="text-gray-700">Aucun compteur pour votre rôle pour le moment.</p>
        )}
      </section>

      <section aria-labelledby="journal-title" className="mt-10">
        <div className="mb-3 flex items-baseline justify-between gap-3">
          <h2 id="journal-title" className="text-lg font-bold text-ink">
            Dernières actions
          </h2>
          {canOpenJournal && (
            <Link to="/gestion/journal" className="text-sm font-semibold text-brand-700 underline underline-offset-4">
              Tout le journal
            </Link>
          )}
        </div>
        {dashboard.data && dashboard.data.journal.length === 0 && (
          <p className="text-gray-700">Aucune action enregistrée pour le moment.</p>
        )}
        {dashboard.data && dashboard.data.journal.length > 0 && (
          <ul className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white">
            {dashboard.data.journal.map((entry) => (
              <li key={entry.id} className="px-4 py-3">
                <AuditEntryLine entry={entry} linked={canOpenJournal} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </StaffPage>
  );
}
