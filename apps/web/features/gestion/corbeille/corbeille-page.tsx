import type { TrashItemView } from "@puerta/contract";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { CellNote, columnsOf, DataTable, type ListFilter } from "../../../components/data-table.tsx";
import { useToast } from "../../../components/toaster.tsx";
import { useListParams } from "../../../lib/list-params.ts";
import { staffErrorMessage } from "../../../lib/staff-api.ts";
import { formatDateTime } from "../shared/format.ts";
import { StaffPage } from "../shell/staff-page.tsx";
import { useRestore, useTrash } from "./api.ts";

const FILTERS = ["kind"] as const;
const column = columnsOf<TrashItemView>();

/**
 * /gestion/corbeille (docs/spec/back-office.md section 5): what "Retirer" set aside in the last 30
 * days, of every kind this person may restore (the direction: all), newest first.
 */
export default function CorbeillePage() {
  const toast = useToast();
  const list = useListParams(FILTERS);
  const [restoring, setRestoring] = useState<TrashItemView | null>(null);
  const trash = useTrash(list.params);
  const restoration = useRestore();

  async function restore(item: TrashItemView) {
    try {
      await restoration.mutateAsync(item);
      toast({ title: "Élément restauré.", description: `${item.kind_label} : ${item.title}` });
    } catch (error) {
      toast({ kind: "error", title: "La restauration n'a pas abouti.", description: staffErrorMessage(error) });
    }
  }

  const columns = [
    column.accessor("title", {
      header: "Élément",
      enableSorting: false,
      cell: (info) => (
        <>
          <span className="font-semibold text-ink">{info.getValue()}</span>
          <CellNote>{info.row.original.kind_label}</CellNote>
        </>
      ),
    }),
    column.accessor("withdrawn_at", {
      header: "Retiré le",
      enableSorting: false,
      cell: (info) => (
        <>
          <span className="whitespace-nowrap tabular-nums">{formatDateTime(info.getValue())}</span>
          <CellNote>{info.row.original.withdrawn_by ? `par ${info.row.original.withdrawn_by}` : ""}</CellNote>
        </>
      ),
    }),
    column.accessor("purge_at", {
      header: "Supprimé définitivement le",
      enableSorting: false,
      cell: (info) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(info.getValue())}</span>,
    }),
    column.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: item } }) => (
        <button
          type="button"
          onClick={() => setRestoring(item)}
          className="rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-ink hover:bg-gray-50"
        >
          Restaurer<span className="sr-only"> {item.title}</span>
        </button>
      ),
    }),
  ];
  const filters: ListFilter[] = [
    {
      name: "kind",
      label: "Type",
      allLabel: "Tous les types",
      options: (trash.data?.kinds ?? []).map((kind) => ({ value: kind.kind, label: kind.label })),
    },
  ];

  return (
    <StaffPage title="Corbeille" crumbs={[{ label: "Corbeille" }]}>
      <p className="mb-4 text-sm text-gray-700">
        Les éléments retirés restent ici 30 jours, puis sont supprimés définitivement avec leurs fichiers.
      </p>
      <DataTable
        caption="Éléments retirés"
        columns={columns}
        list={list}
        result={trash}
        searchLabel="Rechercher dans la corbeille"
        searchPlaceholder="Titre"
        filters={filters}
        empty={{ title: "La corbeille est vide", message: "Rien n'a été retiré ces 30 derniers jours." }}
        getRowId={(item) => `${item.kind}-${item.id}`}
      />
      {restoring && (
        <ConfirmDialog
          open
          onOpenChange={(open) => open || setRestoring(null)}
          title="Restaurer cet élément ?"
          description={`${restoring.kind_label} : « ${restoring.title} » sera de nouveau visible par les étudiants concernés.`}
          confirmLabel="Restaurer"
          destructive={false}
          onConfirm={() => restore(restoring)}
        />
      )}
    </StaffPage>
  );
}
