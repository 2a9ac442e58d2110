import { can, EVENT_TYPE_LABELS, formatFrenchDate, type StaffEvent } from "@puerta/contract";
import { useState } from "react";
import { primaryButtonClass } from "../../../components/button-styles.ts";
import { CellNote, columnsOf, DataTable, type ListFilter } from "../../../components/data-table.tsx";
import { useToast } from "../../../components/toaster.tsx";
import { useListParams } from "../../../lib/list-params.ts";
import { useStaffUser } from "../session/staff-session.ts";
import { useCentreNames } from "../shared/api.ts";
import { isPastYear, PastYearActions, republishWithToast, useYearFilter } from "../shared/school-years.tsx";
import { WithdrawConfirm } from "../shared/withdraw-confirm.tsx";
import { StaffPage } from "../shell/staff-page.tsx";
import { hoursLabel, useEvents, useRepublishEvent, useSaveEvent, useWithdrawEvent } from "./api.ts";
import { CentresCell } from "./centres-field.tsx";
import { EVENT_TYPE_OPTIONS, EventFormDialog } from "./event-form-dialog.tsx";
import { PosterField } from "./poster-field.tsx";

const FILTERS = ["annee", "centre_id", "type", "du", "au"] as const;
const column = columnsOf<StaffEvent>();

/** The centres an event targets, as the permission table reads them. */
const scopeOf = (event: StaffEvent) => ({ centre_ids: event.tous_centres ? [null] : event.centre_ids });

/** /gestion/parascolaire: the extracurricular events students see (docs/spec/back-office.md section 5). */
export default function EventsPage() {
  const me = useStaffUser();
  const toast = useToast();
  const list = useListParams(FILTERS, "date");
  const centreNames = useCentreNames();
  const events = useEvents(list.params, can(me, "read:parascolaire"));
  const [editing, setEditing] = useState<StaffEvent | "new" | null>(null);
  const [withdrawing, setWithdrawing] = useState<StaffEvent | null>(null);
  const save = useSaveEvent();
  const withdraw = useWithdrawEvent();
  const republish = useRepublishEvent();
  const yearFilter = useYearFilter(can(me, "read:parascolaire"));

  const columns = [
    column.accessor("nom", {
      header: "Événement",
      cell: (info) => (
        <>
          <span className="font-semibold text-ink">{info.getValue()}</span>
          <CellNote>{info.row.original.lieu}</CellNote>
        </>
      ),
    }),
    column.accessor("date", {
      id: "date",
      header: "Date",
      cell: (info) => (
        <>
          <span className="whitespace-nowrap">{formatFrenchDate(info.getValue())}</span>
          <CellNote>
            {hoursLabel(info.row.original.heure_debut, info.row.original.heure_fin) || "Toute la journée"}
          </CellNote>
        </>
      ),
    }),
    column.accessor("type", {
      header: "Type",
      enableSorting: false,
      cell: (info) => EVENT_TYPE_LABELS[info.getValue()],
    }),
    column.accessor("centre_ids", {
      header: "Centres",
      enableSorting: false,
      cell: (info) => <CentresCell row={info.row.original} names={centreNames} />,
    }),
    column.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: event } }) =>
        isPastYear(event) ? (
          <PastYearActions
            name={`l'événement ${event.nom}`}
            canRepublish={can(me, "create:parascolaire", scopeOf(event))}
            pending={republish.isPending}
            onRepublish={() =>
              void republishWithToast(toast, () => republish.mutateAsync(event.id), { name: event.nom })
            }
          />
        ) : can(me, "update:parascolaire", scopeOf(event)) ? (
          <div className="flex flex-wrap gap-2">
            <button type="button" onClick={() => setEditing(event)} className={actionButtonClass}>
              Modifier<span className="sr-only"> « {event.nom} »</span>
            </button>
            <button type="button" onClick={() => setWithdrawing(event)} className={actionButtonClass}>
              Retirer<span className="sr-only"> « {event.nom} »</span>
            </button>
          </div>
        ) : (
          <span className="text-sm text-gray-600">Lecture seule</span>
        ),
    }),
  ];

  const filters: ListFilter[] = [
    yearFilter,
    {
      name: "centre_id",
      label: "Centre",
      allLabel: "Tous les centres",
      options: [...centreNames].map(([id, name]) => ({ value: String(id), label: name })),
    },
    { name: "type", label: "Type", allLabel: "Tous les types", options: EVENT_TYPE_OPTIONS },
    { name: "du", label: "Du", type: "date" },
    { name: "au", label: "Au", type: "date" },
  ];
  const edited = editing && editing !== "new" ? editing : undefined;

  return (
    <StaffPage
      title="Événements parascolaires"
      crumbs={[{ label: "Parascolaire" }]}
      permission="read:parascolaire"
      actions={
        can(me, "create:parascolaire") && (
          <button type="button" onClick={() => setEditing("new")} className={primaryButtonClass}>
            Publier un événement
          </button>
        )
      }
    >
      <DataTable
        caption="Événements parascolaires"
        columns={columns}
        list={list}
        result={events}
        searchLabel="Rechercher un événement"
        searchPlaceholder="Nom ou lieu"
        filters={filters}
        empty={{ title: "Aucun événement", message: "Publiez un premier événement pour les étudiants." }}
        getRowId={(event) => String(event.id)}
      />
      <EventFormDialog
        event={edited}
        open={editing !== null}
        onOpenChange={(open) => open || setEditing(null)}
        poster={edited && <PosterField event={edited} />}
        onSave={async (body) => {
          if (edited) {
            await save.mutateAsync({ id: edited.id, body });
            toast({ title: "Événement modifié.", description: body.nom });
            setEditing(null);
          } else {
            const created = await save.mutateAsync({ body });
            toast({ title: "Événement publié.", description: "Ajoutez son affiche si vous le souhaitez." });
            // Straight to the saved event, where its poster can be added.
            setEditing(created);
          }
        }}
      />
      {withdrawing && (
        <WithdrawConfirm
          title="Retirer cet événement ?"
          name={withdrawing.nom}
          gone="du calendrier des étudiants"
          withdraw={() => withdraw.mutateAsync(withdrawing.id)}
          withdrawnTitle="Événement retiré."
          onClose={() => setWithdrawing(null)}
        />
      )}
    </StaffPage>
  );
}

const actionButtonClass =
  "rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-ink hover:bg-gray-50";
