import {
  CONTACT_MESSAGE_STATUS_LABELS,
  CONTACT_MESSAGE_STATUSES,
  CONTACT_READ_FILTERS,
  CONTACT_READ_LABELS,
  type ContactMessageSummary,
  can,
} from "@puerta/contract";
import { Link } from "react-router";
import { CellNote, columnsOf, DataTable, type ListFilter } from "../../../components/data-table.tsx";
import { ExportLink } from "../../../components/export-link.tsx";
import { useListParams } from "../../../lib/list-params.ts";
import { useStaffUser } from "../session/staff-session.ts";
import { formatDateTime } from "../shared/format.ts";
import { StatusPill } from "../shared/status-pill.tsx";
import { StaffPage } from "../shell/staff-page.tsx";
import { MESSAGE_FILTERS, messagesApi, useMessages } from "./api.ts";

const column = columnsOf<ContactMessageSummary>();

const columns = [
  column.accessor("created_at", {
    header: "Reçu le",
    cell: (info) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(info.getValue())}</span>,
  }),
  column.accessor("nom", {
    header: "De",
    cell: (info) => (
      <>
        <span className={info.row.original.lu ? "text-ink" : "font-bold text-ink"}>{info.getValue()}</span>
        <CellNote>{info.row.original.email}</CellNote>
      </>
    ),
  }),
  column.accessor("sujet", {
    header: "Sujet",
    cell: (info) => (
      <div className="min-w-48">
        <Link
          to={`/gestion/messages/${info.row.original.id}`}
          className={`text-brand-700 underline-offset-4 hover:underline ${info.row.original.lu ? "font-semibold" : "font-extrabold"}`}
        >
          {info.getValue()}
          {!info.row.original.lu && <span className="sr-only"> (non lu)</span>}
        </Link>
        <CellNote>{info.row.original.extrait}</CellNote>
      </div>
    ),
  }),
  column.accessor("statut", {
    header: "Statut",
    cell: (info) => (
      <>
        <StatusPill tone={info.getValue() === "nouveau" ? "new" : "done"}>
          {CONTACT_MESSAGE_STATUS_LABELS[info.getValue()]}
        </StatusPill>
        {!info.row.original.lu && <CellNote>Non lu</CellNote>}
      </>
    ),
  }),
  column.accessor("reponses", {
    header: "Réponses",
    enableSorting: false,
    cell: (info) => <span className="tabular-nums">{info.getValue()}</span>,
  }),
];

const filters: ListFilter[] = [
  {
    name: "statut",
    label: "Statut",
    allLabel: "Tous les statuts",
    options: CONTACT_MESSAGE_STATUSES.map((value) => ({ value, label: CONTACT_MESSAGE_STATUS_LABELS[value] })),
  },
  {
    name: "lecture",
    label: "Lecture",
    allLabel: "Lus et non lus",
    options: CONTACT_READ_FILTERS.map((value) => ({ value, label: CONTACT_READ_LABELS[value] })),
  },
  { name: "from", label: "Reçus du", type: "date" },
  { name: "to", label: "Au", type: "date" },
];

/** /gestion/messages (direction, secretariat): the contact form's inbox (docs/spec/back-office.md section 6). */
export default function MessagesPage() {
  const me = useStaffUser();
  const list = useListParams(MESSAGE_FILTERS, "-created_at");
  const messages = useMessages(list.params, can(me, "read:messages"));

  return (
    <StaffPage
      title="Messages de contact"
      crumbs={[{ label: "Messages" }]}
      permission="read:messages"
      actions={
        can(me, "export:messages") && (
          <ExportLink href={messagesApi.exportHref(list.params)} description="les messages affichés" />
        )
      }
    >
      <DataTable
        caption="Messages reçus par le formulaire de contact"
        columns={columns}
        list={list}
        result={messages}
        searchLabel="Rechercher un message"
        searchPlaceholder="Nom, e-mail, sujet ou texte"
        filters={filters}
        empty={{ title: "Aucun message", message: "Les messages du formulaire de contact apparaîtront ici." }}
        getRowId={(message) => String(message.id)}
      />
    </StaffPage>
  );
}
