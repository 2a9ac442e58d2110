import {
  AUDIENCE_TYPE_LABELS,
  AUDIENCE_TYPES,
  can,
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_PRIORITY_LABELS,
  NOTIFICATION_STATE_LABELS,
  NOTIFICATION_STATES,
  type NotificationStaff,
} from "@puerta/contract";
import { Link } from "react-router";
import { primaryButtonClass, secondaryButtonClass } from "../../../components/button-styles.ts";
import { CellNote, columnsOf, DataTable, type ListFilter } from "../../../components/data-table.tsx";
import { useToast } from "../../../components/toaster.tsx";
import { useListParams } from "../../../lib/list-params.ts";
import { useStaffUser } from "../session/staff-session.ts";
import { formatDateTime } from "../shared/format.ts";
import { isPastYear, PastYearActions, republishWithToast, useYearFilter } from "../shared/school-years.tsx";
import { StaffPage } from "../shell/staff-page.tsx";
import { notificationsApi, useRepublishNotification, useStaffNotifications } from "./api.ts";
import { priorityLabel, readsLabel, StateBadge } from "./labels.tsx";

const FILTERS = ["annee", "state", "priority", "audience"] as const;
const column = columnsOf<NotificationStaff>();

const FILTER_DEFS: ListFilter[] = [
  {
    name: "state",
    label: "État",
    allLabel: "Tous les états",
    options: NOTIFICATION_STATES.map((state) => ({ value: state, label: NOTIFICATION_STATE_LABELS[state] })),
  },
  {
    name: "priority",
    label: "Priorité",
    allLabel: "Toutes les priorités",
    options: NOTIFICATION_PRIORITIES.map((p) => ({ value: p, label: NOTIFICATION_PRIORITY_LABELS[p] })),
  },
  {
    name: "audience",
    label: "Audience",
    allLabel: "Toutes les audiences",
    options: AUDIENCE_TYPES.map((type) => ({ value: type, label: AUDIENCE_TYPE_LABELS[type] })),
  },
];

/** /gestion/notifications (docs/spec/back-office.md section 5): what students were, or will be, told. */
export default function NotificationsStaffPage() {
  const me = useStaffUser();
  const list = useListParams(FILTERS, "-published_at");
  const notifications = useStaffNotifications(list.params, can(me, "read:notifications"));
  const toast = useToast();
  const yearFilter = useYearFilter(can(me, "read:notifications"));
  const republish = useRepublishNotification();

  const columns = [
    column.accessor("titre", {
      header: "Titre",
      cell: (info) => (
        <>
          <Link
            to={`/gestion/notifications/${info.row.original.id}`}
            className="font-semibold text-ink underline-offset-4 hover:underline"
          >
            {info.getValue()}
          </Link>
          <CellNote>{info.row.original.audience_summary}</CellNote>
        </>
      ),
    }),
    column.accessor("state", {
      header: "État",
      enableSorting: false,
      cell: (info) => <StateBadge state={info.getValue()} />,
    }),
    column.accessor("priority", {
      header: "Priorité",
      enableSorting: false,
      cell: (info) => priorityLabel(info.getValue()),
    }),
    column.accessor("published_at", {
      header: "Publication",
      cell: (info) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(info.getValue())}</span>,
    }),
    column.accessor("read_count", {
      header: "Lectures",
      enableSorting: false,
      cell: (info) => (
        <span className="whitespace-nowrap tabular-nums">
          {readsLabel(info.getValue(), info.row.original.recipient_count)}
        </span>
      ),
    }),
    // A closed year's notification is read-only: *Republier* copies it into this year as a draft.
    column.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: notification } }) =>
        isPastYear(notification) ? (
          <PastYearActions
            name={`la notification ${notification.titre}`}
            canRepublish={can(me, "create:notifications")}
            pending={republish.isPending}
            onRepublish={() =>
              void republishWithToast(toast, () => republish.mutateAsync(notification.id), {
                name: notification.titre,
                draft: true,
              })
            }
          />
        ) : null,
    }),
  ];

  return (
    <StaffPage
      title="Notifications"
      crumbs={[{ label: "Notifications" }]}
      permission="read:notifications"
      actions={
        <>
          {can(me, "export:notifications") && (
            <a href={notificationsApi.exportUrl(list.params)} download className={secondaryButtonClass}>
              Exporter (CSV)
            </a>
          )}
          {can(me, "create:notifications") && (
            <Link to="/gestion/notifications/nouvelle" className={primaryButtonClass}>
              Nouvelle notification
            </Link>
          )}
        </>
      }
    >
      <DataTable
        caption="Notifications"
        columns={columns}
        list={list}
        result={notifications}
        searchLabel="Rechercher une notification"
        searchPlaceholder="Titre ou message"
        filters={[yearFilter, ...FILTER_DEFS]}
        empty={{ title: "Aucune notification", message: "Rédigez une première notification pour vos étudiants." }}
        getRowId={(row) => String(row.id)}
      />
    </StaffPage>
  );
}
