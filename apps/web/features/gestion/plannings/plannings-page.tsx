import { can, type StaffPlanning } from "@puerta/contract";
import { useState } from "react";
import { primaryButtonClass } from "../../../components/button-styles.ts";
import { CellNote, columnsOf, DataTable, type ListFilter } from "../../../components/data-table.tsx";
import { useToast } from "../../../components/toaster.tsx";
import { useListParams } from "../../../lib/list-params.ts";
import { useStaffUser } from "../session/staff-session.ts";
import { formatDay, formatSize, PdfLink, rowButtonClass } from "../shared/publishing.tsx";
import { isPastYear, PastYearActions, republishWithToast, useYearFilter } from "../shared/school-years.tsx";
import { WithdrawConfirm } from "../shared/withdraw-confirm.tsx";
import { StaffPage } from "../shell/staff-page.tsx";
import {
  usePlanningChoices,
  usePlannings,
  useRefreshAfterPlanningUpload,
  useRepublishPlanning,
  useWithdrawPlanning,
} from "./api.ts";
import { PlanningCreateDialog, PlanningEditDialog } from "./planning-form-dialog.tsx";

const FILTERS = ["annee", "centre_id", "option_id", "actif"] as const;
const column = columnsOf<StaffPlanning>();

/** /gestion/plannings (docs/spec/back-office.md section 5): the secretariat sees and publishes for its centres only. */
export default function PlanningsPage() {
  const me = useStaffUser();
  const toast = useToast();
  const list = useListParams(FILTERS, "-semaine_debut");
  const allowed = can(me, "read:plannings");
  const plannings = usePlannings(list.params, allowed);
  const choices = usePlanningChoices(allowed);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<StaffPlanning | null>(null);
  const [withdrawing, setWithdrawing] = useState<StaffPlanning | null>(null);

  const refreshAfterUpload = useRefreshAfterPlanningUpload();
  const withdraw = useWithdrawPlanning();
  const republish = useRepublishPlanning();
  const yearFilter = useYearFilter(allowed);

  const columns = [
    column.accessor("titre", {
      header: "Titre",
      cell: (info) => (
        <>
          <span className="font-semibold text-ink">{info.getValue()}</span>
          <CellNote>
            <PdfLink href={info.row.original.fichier_url} label={info.getValue()} /> ·{" "}
            {formatSize(info.row.original.taille_fichier)}
          </CellNote>
        </>
      ),
    }),
    column.accessor("centre", { header: "Centre", cell: (info) => info.getValue().nom }),
    column.accessor("option", {
      header: "Option",
      enableSorting: false,
      cell: (info) => info.getValue()?.nom ?? "Toutes les options",
    }),
    column.accessor("semaine_debut", {
      header: "Semaines",
      cell: (info) => (
        <span className="whitespace-nowrap">
          {formatDay(info.getValue())} → {formatDay(info.row.original.semaine_fin)}
        </span>
      ),
    }),
    column.accessor("actif", {
      header: "État",
      enableSorting: false,
      cell: (info) =>
        info.getValue() ? (
          <span className="inline-block rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-200">
            Actif
          </span>
        ) : (
          <span className="inline-block rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-semibold text-gray-800 ring-1 ring-gray-300">
            Inactif
          </span>
        ),
    }),
    column.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: planning } }) =>
        isPastYear(planning) ? (
          <PastYearActions
            name={`le planning ${planning.titre}`}
            canRepublish={can(me, "create:plannings")}
            pending={republish.isPending}
            onRepublish={() =>
              void republishWithToast(toast, () => republish.mutateAsync(planning.id), { name: planning.titre })
            }
          />
        ) : can(me, "update:plannings") ? (
          <button type="button" onClick={() => setEditing(planning)} className={rowButtonClass}>
            Gérer<span className="sr-only"> le planning {planning.titre}</span>
          </button>
        ) : null,
    }),
  ];

  const filters: ListFilter[] = [
    yearFilter,
    {
      name: "centre_id",
      label: "Centre",
      allLabel: "Tous les centres",
      options: (choices.data?.centres ?? []).map((c) => ({ value: String(c.id), label: c.nom })),
    },
    {
      name: "option_id",
      label: "Option",
      allLabel: "Toutes",
      options: [
        { value: "toutes", label: "Toutes les options (seulement)" },
        ...(choices.data?.options ?? []).map((o) => ({ value: String(o.id), label: o.nom })),
      ],
    },
    {
      name: "actif",
      label: "État",
      allLabel: "Actifs et inactifs",
      options: [
        { value: "oui", label: "Actifs" },
        { value: "non", label: "Inactifs" },
      ],
    },
  ];

  return (
    <StaffPage
      title="Plannings"
      crumbs={[{ label: "Plannings" }]}
      permission="read:plannings"
      actions={
        can(me, "create:plannings") && (
          <button type="button" onClick={() => setCreating(true)} className={primaryButtonClass}>
            Publier des plannings
          </button>
        )
      }
    >
      <DataTable
        caption="Plannings publiés"
        columns={columns}
        list={list}
        result={plannings}
        searchLabel="Rechercher un planning"
        searchPlaceholder="Titre ou description"
        filters={filters}
        empty={{ title: "Aucun planning", message: "Publiez un premier planning : les étudiants le verront aussitôt." }}
        getRowId={(planning) => String(planning.id)}
      />
      <PlanningCreateDialog
        open={creating}
        onOpenChange={setCreating}
        choices={choices.data}
        onDone={async (published) => {
          setCreating(false);
          toast({ title: published > 1 ? `${published} plannings publiés.` : "Planning publié." });
          await refreshAfterUpload();
        }}
      />
      <PlanningEditDialog
        planning={editing}
        onOpenChange={(open) => open || setEditing(null)}
        choices={choices.data}
        canWithdraw={can(me, "delete:plannings")}
        onWithdraw={(planning) => {
          setEditing(null);
          setWithdrawing(planning);
        }}
        onSaved={async (message) => {
          toast({ title: message, description: editing?.titre });
          setEditing(null);
        }}
      />
      {withdrawing && (
        <WithdrawConfirm
          title="Retirer ce planning ?"
          name={withdrawing.titre}
          withdraw={() => withdraw.mutateAsync(withdrawing.id)}
          onClose={() => setWithdrawing(null)}
        />
      )}
    </StaffPage>
  );
}
