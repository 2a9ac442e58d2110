import { type AuditEntry, can, isStaffRole, STAFF_ROLE_LABELS } from "@puerta/contract";
import { useParams } from "react-router";
import { useStaffUser } from "../session/staff-session.ts";
import { actionLabel, actorLabel, entityLabel } from "../shared/audit-labels.ts";
import { formatDateTime } from "../shared/format.ts";
import { RecordView } from "../shared/record-view.tsx";
import { StaffPage } from "../shell/staff-page.tsx";
import { useJournalEntry } from "./api.ts";

/** A value of the "before / after" table, as text. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "Oui" : "Non";
  return JSON.stringify(value);
}

/** /gestion/journal/:id: one audit entry with its changed fields before and after (docs/spec/back-office.md section 7). */
export default function JournalEntryPage() {
  const { id = "" } = useParams();
  const allowed = can(useStaffUser(), "read:journal");
  const entry = useJournalEntry(id, /^\d+$/.test(id) && allowed);
  const title = `Entrée n° ${id}`;

  return (
    <StaffPage
      title={title}
      crumbs={[{ label: "Journal", to: "/gestion/journal" }, { label: title }]}
      permission="read:journal"
    >
      <RecordView
        query={entry}
        valid={/^\d+$/.test(id)}
        missing="Cette entrée du journal n'existe pas."
        back={{ to: "/gestion/journal", label: "Retour au journal" }}
        loading="Chargement de l'entrée…"
      >
        {(data) => <EntryDetails entry={data} />}
      </RecordView>
    </StaffPage>
  );
}

function EntryDetails({ entry }: { entry: AuditEntry }) {
  const changes = Object.entries(entry.changes ?? {});
  const facts: [string, string][] = [
    ["Date", formatDateTime(entry.at)],
    ["Personne", actorLabel(entry)],
    ["Rôle", entry.role ? (isStaffRole(entry.role) ? STAFF_ROLE_LABELS[entry.role] : entry.role) : "—"],
    ["Action", actionLabel(entry.action)],
    ["Élément", `${entityLabel(entry.entity)}${entry.entity_id ? ` n° ${entry.entity_id}` : ""}`],
    ["Résumé", entry.summary],
    ["Adresse IP", entry.ip ?? "—"],
  ];
  return (
    <div className="space-y-8">
      <dl className="grid gap-x-6 gap-y-3 rounded-xl border border-gray-200 bg-white p-6 sm:grid-cols-[10rem_1fr]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-gray-700">{label}</dt>
            <dd className="break-words text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h2 id="changes-title" className="mb-3 text-lg font-bold text-ink">
          Champs modifiés
        </h2>
        {changes.length === 0 ? (
          <p className="text-gray-700">Aucun champ modifié n'est enregistré pour cette action.</p>
        ) : (
          <section
            // A wide table scrolls on a phone; the region takes the keyboard's focus to scroll.
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
            tabIndex={0}
            aria-labelledby="changes-title"
            className="relative overflow-x-auto rounded-xl border border-gray-200 bg-white"
          >
            <table className="w-full text-left text-sm">
              <thead className="bg-gray-50 text-xs font-semibold text-gray-700 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Champ
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Avant
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Après
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {changes.map(([field, change]) => (
                  <tr key={field}>
                    <th scope="row" className="px-4 py-3 font-semibold">
                      {field}
                    </th>
                    <td className="px-4 py-3 break-all">{shown(change.before)}</td>
                    <td className="px-4 py-3 break-all">{shown(change.after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </div>
    </div>
  );
}
