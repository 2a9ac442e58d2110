import { type AuditEntry, can, isStaffRole, STAFF_ROLE_LABELS } from "@puerta/contract";
import { useMemo } from "react";
import { Link } from "react-router";
import { CellNote, columnsOf, DataTable, type ListFilter } from "../../../components/data-table.tsx";
import { useListParams } from "../../../lib/list-params.ts";
import { useStaffUser } from "../session/staff-session.ts";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  actionLabel,
  actorLabel,
  entityLabel,
  optionsOf,
} from "../shared/audit-labels.ts";
import { formatDateTime } from "../shared/format.ts";
import { StaffPage } from "../shell/staff-page.tsx";
import { useJournal, useJournalPeople } from "./api.ts";

const FILTERS = ["staff_id", "entity", "action", "from", "to"] as const;
const column = columnsOf<AuditEntry>();

const columns = [
  column.accessor("at", {
    header: "Date",
    cell: (info) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(info.getValue())}</span>,
  }),
  column.accessor("staff_name", {
    header: "Personne",
    cell: (info) => (
      <>
        {actorLabel(info.row.original)}
        {info.row.original.role && (
          <CellNote>
            {isStaffRole(info.row.original.role) ? STAFF_ROLE_LABELS[info.row.original.role] : info.row.original.role}
          </CellNote>
        )}
      </>
    ),
  }),
  column.accessor("action", { header: "Action", cell: (info) => actionLabel(info.getValue()) }),
  column.accessor("entity", { header: "Élément", cell: (info) => entityLabel(info.getValue()) }),
  column.accessor("summary", {
    header: "Résumé",
    enableSorting: false,
    cell: (info) => (
      <Link
        to={`/gestion/journal/${info.row.original.id}`}
        className="font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        {info.getValue()}
      </Link>
    ),
  }),
];

/** /gestion/journal (direction, docs/spec/back-office.md section 7): the audit log, filtered by person, element, action and dates. */
export default function JournalPage() {
  const allowed = can(useStaffUser(), "read:journal");
  const list = useListParams(FILTERS, "-at");
  const entries = useJournal(list.params, allowed);
  const people = useJournalPeople(allowed);
  const filters = useMemo<ListFilter[]>(
    () => [
      {
        name: "staff_id",
        label: "Personne",
        allLabel: "Toutes",
        options: (people.data?.data ?? []).map((account) => ({ value: String(account.id), label: account.name })),
      },
      { name: "entity", label: "Élément", allLabel: "Tous", options: optionsOf(AUDIT_ENTITY_LABELS) },
      { name: "action", label: "Action", allLabel: "Toutes", options: optionsOf(AUDIT_ACTION_LABELS) },
      { name: "from", label: "Du", type: "date" },
      { name: "to", label: "Au", type: "date" },
    ],
    [people.data],
  );

  return (
    <StaffPage title="Journal" crumbs={[{ label: "Journal" }]} permission="read:journal">
      <DataTable
        caption="Journal des actions du personnel"
        columns={columns}
        list={list}
        result={entries}
        searchLabel="Rechercher dans le journal"
        searchPlaceholder="Résumé ou nom"
        filters={filters}
        empty={{ title: "Journal vide", message: "Aucune action n'a encore été enregistrée." }}
        getRowId={(entry) => String(entry.id)}
      />
    </StaffPage>
  );
}
