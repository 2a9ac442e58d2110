import {
  calendarDay,
  can,
  EVERY_CENTRE,
  formatFrenchDate,
  HOLIDAY_DATE_STATUS_LABELS,
  HOLIDAY_KIND_LABELS,
  holidayScope,
  type StaffHoliday,
  schoolYearOf,
} from "@puerta/contract";
import { useState } from "react";
import { primaryButtonClass, secondaryButtonClass } from "../../../components/button-styles.ts";
import { CellNote, columnsOf, DataTable, type ListFilter } from "../../../components/data-table.tsx";
import { useToast } from "../../../components/toaster.tsx";
import { useListParams } from "../../../lib/list-params.ts";
import { staffErrorMessage } from "../../../lib/staff-api.ts";
import { useStaffUser } from "../session/staff-session.ts";
import { useCentreNames } from "../shared/api.ts";
import { StatusPill } from "../shared/status-pill.tsx";
import { WithdrawConfirm } from "../shared/withdraw-confirm.tsx";
import { StaffPage } from "../shell/staff-page.tsx";
import { useConfirmHoliday, useGenerateHolidays, useHolidays, useSaveHoliday, useWithdrawHoliday } from "./api.ts";
import { CentresCell } from "./centres-field.tsx";
import { HOLIDAY_KIND_OPTIONS, HolidayFormDialog } from "./holiday-form-dialog.tsx";

const FILTERS = ["annee", "categorie", "centre_id"] as const;
const column = columnsOf<StaffHoliday>();

const STATUS_TONES = { prevue: "new", confirmee: "done" } as const;

const yearLabel = (start: number) => `${start}-${start + 1}`;

/** /gestion/jours-feries: the school year's holidays and the academy's closures (docs/spec/back-office.md section 5). */
export default function HolidaysPage() {
  const me = useStaffUser();
  const toast = useToast();
  const list = useListParams(FILTERS, "date");
  const centreNames = useCentreNames();
  const currentYear = schoolYearOf(calendarDay(new Date())).startYear;
  const shownYear = Number(list.params.filters.annee) || currentYear;
  const holidays = useHolidays(list.params, can(me, "read:jours-feries"));
  const [editing, setEditing] = useState<StaffHoliday | "new" | null>(null);
  const [withdrawing, setWithdrawing] = useState<StaffHoliday | null>(null);
  const [generating, setGenerating] = useState(false);
  const save = useSaveHoliday();
  const confirmDate = useConfirmHoliday();
  const withdraw = useWithdrawHoliday();
  const generation = useGenerateHolidays();

  async function run(action: () => Promise<unknown>, done: string, failed: string, detail: string) {
    try {
      await action();
      toast({ title: done, description: detail });
    } catch (error) {
      toast({ kind: "error", title: failed, description: staffErrorMessage(error) });
    }
  }

  async function generate() {
    setGenerating(true);
    try {
      const { created } = await generation.mutateAsync(shownYear);
      toast({
        title: created > 0 ? "Jours fériés générés." : "Rien à ajouter.",
        description:
          created > 0
            ? `${created} jour${created > 1 ? "s" : ""} ajouté${created > 1 ? "s" : ""} pour ${yearLabel(shownYear)}.`
            : `Les jours fériés de ${yearLabel(shownYear)} sont déjà là.`,
      });
    } catch (error) {
      toast({ kind: "error", title: "La génération n'a pas abouti.", description: staffErrorMessage(error) });
    } finally {
      setGenerating(false);
    }
  }

  // A secretary changes only the closures of her centres (holidayScope); the rest is the direction's.
  const canWrite = (holiday: StaffHoliday) => can(me, "update:jours-feries", holidayScope(holiday));
  const columns = [
    column.accessor("nom", {
      header: "Nom",
      cell: (info) => (
        <>
          <span className="font-semibold text-ink">{info.getValue()}</span>
          <CellNote>{HOLIDAY_KIND_LABELS[info.row.original.categorie]}</CellNote>
        </>
      ),
    }),
    column.accessor("date", {
      id: "date",
      header: "Date",
      cell: (info) => {
        const end = info.row.original.date_fin;
        return (
          <span className="whitespace-nowrap">
            {end
              ? `du ${formatFrenchDate(info.getValue())} au ${formatFrenchDate(end)}`
              : formatFrenchDate(info.getValue(), { weekday: true })}
          </span>
        );
      },
    }),
    column.accessor("statut_date", {
      header: "Statut de la date",
      enableSorting: false,
      cell: (info) => {
        const status = info.getValue();
        return status ? (
          <StatusPill tone={STATUS_TONES[status]}>{HOLIDAY_DATE_STATUS_LABELS[status]}</StatusPill>
        ) : (
          <span className="text-sm text-gray-700">Date fixe</span>
        );
      },
    }),
    column.accessor("centre_ids", {
      header: "Centres",
      enableSorting: false,
      cell: (info) => <CentresCell row={info.row.original} names={centreNames} />,
    }),
    column.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: holiday } }) =>
        canWrite(holiday) ? (
          <div className="flex flex-wrap gap-2">
            {holiday.statut_date === "prevue" && (
              <button
                type="button"
                onClick={() =>
                  run(
                    () => confirmDate.mutateAsync(holiday.id),
                    "Date confirmée.",
                    "La confirmation n'a pas abouti.",
                    `${holiday.nom} : ${formatFrenchDate(holiday.date)}`,
                  )
                }
                className={actionButtonClass}
              >
                Confirmer la date<span className="sr-only"> de « {holiday.nom} »</span>
              </button>
            )}
            <button type="button" onClick={() => setEditing(holiday)} className={actionButtonClass}>
              Modifier<span className="sr-only"> « {holiday.nom} »</span>
            </button>
            <button type="button" onClick={() => setWithdrawing(holiday)} className={actionButtonClass}>
              Retirer<span className="sr-only"> « {holiday.nom} »</span>
            </button>
          </div>
        ) : null,
    }),
  ];

  const filters: ListFilter[] = [
    {
      name: "annee",
      label: "Année scolaire",
      allLabel: yearLabel(currentYear),
      options: [currentYear - 1, currentYear + 1, currentYear + 2].map((start) => ({
        value: String(start),
        label: yearLabel(start),
      })),
    },
    { name: "categorie", label: "Catégorie", allLabel: "Toutes les catégories", options: HOLIDAY_KIND_OPTIONS },
    {
      name: "centre_id",
      label: "Centre",
      allLabel: "Tous les centres",
      options: [...centreNames].map(([id, name]) => ({ value: String(id), label: name })),
    },
  ];
  const edited = editing && editing !== "new" ? editing : undefined;

  return (
    <StaffPage
      title={`Jours fériés ${yearLabel(shownYear)}`}
      crumbs={[{ label: "Jours fériés" }]}
      permission="read:jours-feries"
      actions={
        can(me, "create:jours-feries") && (
          <div className="flex flex-wrap gap-2">
            {can(me, "create:jours-feries", EVERY_CENTRE) && (
              <button type="button" onClick={generate} disabled={generating} className={secondaryButtonClass}>
                {generating ? "Génération…" : `Générer ${yearLabel(shownYear)}`}
              </button>
            )}
            <button type="button" onClick={() => setEditing("new")} className={primaryButtonClass}>
              Ajouter une fermeture
            </button>
          </div>
        )
      }
    >
      <p className="mb-4 max-w-3xl text-sm text-gray-700">
        Les fêtes nationales et internationales sont générées pour chaque année scolaire. Les fêtes religieuses le sont
        à leur date prévue : confirmez-la, ou corrigez-la, après l'annonce officielle de l'observation du croissant
        lunaire.
      </p>
      <DataTable
        caption={`Jours fériés et fermetures ${yearLabel(shownYear)}`}
        columns={columns}
        list={list}
        result={holidays}
        searchLabel="Rechercher un jour férié"
        searchPlaceholder="Nom"
        filters={filters}
        empty={{
          title: "Aucun jour férié",
          message: `Générez les jours fériés de ${yearLabel(shownYear)} ou ajoutez une fermeture.`,
        }}
        getRowId={(holiday) => String(holiday.id)}
      />
      <HolidayFormDialog
        holiday={edited}
        open={editing !== null}
        onOpenChange={(open) => open || setEditing(null)}
        onSave={async (body) => {
          if (edited) {
            const { categorie: _fixed, ...changes } = body;
            await save.mutateAsync({ id: edited.id, body: changes });
            toast({ title: "Jour férié modifié.", description: body.nom });
          } else {
            await save.mutateAsync({ body });
            toast({ title: "Fermeture ajoutée.", description: body.nom });
          }
          setEditing(null);
        }}
      />
      {withdrawing && (
        <WithdrawConfirm
          title="Retirer ce jour férié ?"
          name={withdrawing.nom}
          gone="du calendrier des étudiants"
          withdraw={() => withdraw.mutateAsync(withdrawing.id)}
          withdrawnTitle="Jour férié retiré."
          onClose={() => setWithdrawing(null)}
        />
      )}
    </StaffPage>
  );
}

const actionButtonClass =
  "rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-ink hover:bg-gray-50";
