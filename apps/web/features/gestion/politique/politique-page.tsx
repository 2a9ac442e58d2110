import { can, POLICY_VERSION_STATUS_LABELS, POLICY_VERSION_STATUSES, type PolicyVersion } from "@puerta/contract";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { primaryButtonClass } from "../../../components/button-styles.ts";
import { CellNote, columnsOf, DataTable, type ListFilter } from "../../../components/data-table.tsx";
import { useToast } from "../../../components/toaster.tsx";
import { useListParams } from "../../../lib/list-params.ts";
import { staffErrorMessage } from "../../../lib/staff-api.ts";
import { useStaffUser } from "../session/staff-session.ts";
import { formatDateTime } from "../shared/format.ts";
import { StatusPill } from "../shared/status-pill.tsx";
import { StaffPage } from "../shell/staff-page.tsx";
import { useCreatePolicyDraft, usePolicyVersions, VERSION_FILTERS } from "./api.ts";
import { formatDay, versionLabel } from "./format.ts";

const column = columnsOf<PolicyVersion>();

const columns = [
  column.accessor("version", {
    header: "Version",
    cell: (info) => <span className="whitespace-nowrap">{versionLabel(info.row.original)}</span>,
  }),
  column.accessor("titre", {
    header: "Titre",
    enableSorting: false,
    cell: (info) => (
      <Link
        to={`/gestion/politique/${info.row.original.id}`}
        className="font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor("date_effet", {
    header: "Date d'effet",
    cell: (info) => <span className="whitespace-nowrap">{formatDay(info.getValue())}</span>,
  }),
  column.accessor("statut", {
    header: "Statut",
    enableSorting: false,
    cell: (info) => (
      <>
        <StatusPill tone={info.row.original.en_vigueur ? "done" : info.getValue() === "brouillon" ? "new" : "neutral"}>
          {info.row.original.en_vigueur ? "En vigueur" : POLICY_VERSION_STATUS_LABELS[info.getValue()]}
        </StatusPill>
        {info.row.original.published_at && (
          <CellNote>Publiée le {formatDateTime(info.row.original.published_at)}</CellNote>
        )}
      </>
    ),
  }),
  column.accessor("acceptations", {
    header: "Acceptations",
    enableSorting: false,
    cell: (info) =>
      info.row.original.statut === "publiee" ? (
        <Link
          to={`/gestion/politique/${info.row.original.id}`}
          className="tabular-nums text-brand-700 underline-offset-4 hover:underline"
        >
          {info.getValue()}
          <span className="sr-only"> acceptations : voir le rapport</span>
        </Link>
      ) : (
        "—"
      ),
  }),
];

const filters: ListFilter[] = [
  {
    name: "statut",
    label: "Statut",
    allLabel: "Tous les statuts",
    options: POLICY_VERSION_STATUSES.map((value) => ({ value, label: POLICY_VERSION_STATUS_LABELS[value] })),
  },
];

/** /gestion/politique (direction): the versions of the non-refund policy (docs/spec/back-office.md section 6). */
export default function PolitiquePage() {
  const me = useStaffUser();
  const toast = useToast();
  const navigate = useNavigate();
  const list = useListParams(VERSION_FILTERS, "-version");
  const create = useCreatePolicyDraft();
  const versions = usePolicyVersions(list.params, can(me, "read:politique"));
  const [creating, setCreating] = useState(false);

  /** A new draft starts from the version in force, to be edited and previewed on its page. */
  async function createDraft() {
    setCreating(true);
    try {
      const draft = await create.mutateAsync();
      toast({ title: "Brouillon créé.", description: "Modifiez-le puis publiez-le." });
      navigate(`/gestion/politique/${draft.id}`);
    } catch (error) {
      toast({ kind: "error", title: "Le brouillon n'a pas été créé.", description: staffErrorMessage(error) });
    } finally {
      setCreating(false);
    }
  }

  return (
    <StaffPage
      title="Politique de non-remboursement"
      crumbs={[{ label: "Politique" }]}
      permission="read:politique"
      actions={
        can(me, "create:politique") && (
          <button type="button" onClick={createDraft} disabled={creating} className={primaryButtonClass}>
            Nouvelle version
          </button>
        )
      }
    >
      <p className="mb-4 max-w-3xl text-gray-700">
        Publier une version la met en vigueur : chaque étudiant devra l'accepter à sa prochaine visite d'une page
        protégée.
      </p>
      <DataTable
        caption="Versions de la politique"
        columns={columns}
        list={list}
        result={versions}
        searchLabel="Rechercher une version"
        searchPlaceholder="Titre ou texte"
        filters={filters}
        empty={{ title: "Aucune version", message: "Créez la première version de la politique." }}
        getRowId={(version) => String(version.id)}
      />
    </StaffPage>
  );
}
