import { CERTIFICATE_TEXT, type CertificateStaffItem, can, centreLimit } from "@puerta/contract";
import { Link } from "react-router";
import { secondaryButtonClass } from "../../../components/button-styles.ts";
import { CellNote, columnsOf, DataTable, type ListFilter } from "../../../components/data-table.tsx";
import { useListParams } from "../../../lib/list-params.ts";
import { useStaffUser } from "../session/staff-session.ts";
import { useCentreNames } from "../shared/api.ts";
import { formatDateTime } from "../shared/format.ts";
import { StaffPage } from "../shell/staff-page.tsx";
import { requestsApi, useRequests } from "./api.ts";
import { SignatoryForm } from "./signatory-form.tsx";
import { requestLabel, STATUS_OPTIONS, StatusBadge } from "./status.tsx";

const FILTERS = ["status", "type", "niveau", "centre_id", "du", "au"] as const;
const column = columnsOf<CertificateStaffItem>();

/** /gestion/demandes: the certificate requests, oldest pending first (docs/spec/back-office.md section 6). */
export default function DemandesPage() {
  const me = useStaffUser();
  // No sort in the address: the server's order, pending requests first and the oldest on top.
  const list = useListParams(FILTERS, "");
  const centreNames = useCentreNames();
  const requests = useRequests(list.params, can(me, "read:demandes"));

  const columns = [
    column.accessor("nom", {
      header: "Étudiant",
      cell: ({ row: { original: r } }) => (
        <>
          <Link
            to={`/gestion/demandes/${r.id}`}
            className="font-semibold text-ink underline decoration-gray-300 underline-offset-4 hover:decoration-brand-600"
          >
            {r.prenom} {r.nom}
          </Link>
          <CellNote>{r.student_id}</CellNote>
        </>
      ),
    }),
    column.accessor("type", {
      header: "Demande",
      enableSorting: false,
      cell: ({ row: { original: r } }) => (
        <>
          <span className="whitespace-nowrap">{requestLabel(r.type, r.niveau)}</span>
          {r.langues.length > 0 && <CellNote>{r.langues.join(", ")}</CellNote>}
          {r.annee && <CellNote>{CERTIFICATE_TEXT.yearOf(r.annee)}</CellNote>}
        </>
      ),
    }),
    column.accessor("centre", { header: "Centre", enableSorting: false, cell: (info) => info.getValue() ?? "—" }),
    column.accessor("status", {
      header: "Statut",
      cell: ({ row: { original: r } }) => (
        <>
          <StatusBadge status={r.status} />
          {r.document && <CellNote>{r.document.numero}</CellNote>}
        </>
      ),
    }),
    column.accessor("created_at", {
      header: "Demandée le",
      cell: (info) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(info.getValue())}</span>,
    }),
  ];

  const centreOptions = [...centreNames].map(([id, name]) => ({ value: String(id), label: name }));
  const filters: ListFilter[] = [
    { name: "status", label: "Statut", allLabel: "Tous les statuts", options: STATUS_OPTIONS },
    {
      name: "type",
      label: "Type",
      allLabel: "Tous les types",
      options: [
        { value: "scolaire", label: "Attestation scolaire" },
        { value: "langue", label: "Attestation de langue" },
      ],
    },
    {
      name: "niveau",
      label: "Niveau",
      allLabel: "Tous les niveaux",
      options: [
        { value: "B1", label: "B1" },
        { value: "B2", label: "B2" },
      ],
    },
    // One centre of her own: nothing to filter by.
    ...((centreLimit(me, "read:demandes")?.length ?? 2) < 2
      ? []
      : [{ name: "centre_id", label: "Centre", allLabel: "Tous les centres", options: centreOptions }]),
    { name: "du", label: "Du", type: "date" },
    { name: "au", label: "Au", type: "date" },
  ];

  return (
    <StaffPage
      title="Demandes d'attestation"
      crumbs={[{ label: "Demandes d'attestation" }]}
      permission="read:demandes"
      actions={
        can(me, "export:demandes") && (
          <a href={requestsApi.exportUrl(list.params)} download className={secondaryButtonClass}>
            Exporter (CSV)
          </a>
        )
      }
    >
      <DataTable
        caption="Demandes d'attestation"
        columns={columns}
        list={list}
        result={requests}
        searchLabel="Rechercher une demande"
        searchPlaceholder="Nom, matricule, CIN ou n° d'attestation"
        filters={filters}
        empty={{ title: "Aucune demande", message: "Les demandes des étudiants apparaîtront ici." }}
        getRowId={(r) => String(r.id)}
      />
      {/* Set once for all by the direction; printed on every attestation issued after. */}
      {can(me, "delete:demandes") && (
        <div className="mt-8 max-w-xl">
          <SignatoryForm />
        </div>
      )}
    </StaffPage>
  );
}
