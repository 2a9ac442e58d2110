import { can, STUDENT_STATUS_LABELS, STUDENT_STATUSES, type StaffStudent } from "@puerta/contract";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { primaryButtonClass, secondaryButtonClass } from "../../../components/button-styles.ts";
import { CellNote, columnsOf, DataTable, type ListColumn, type ListFilter } from "../../../components/data-table.tsx";
import { useToast } from "../../../components/toaster.tsx";
import { useListParams } from "../../../lib/list-params.ts";
import { staffQueryDefaults } from "../../../lib/staff-api.ts";
import { useSubmissionKey } from "../../../lib/submission-key.ts";
import { useStaffUser } from "../session/staff-session.ts";
import { formatDateTime } from "../shared/format.ts";
import { StaffPage } from "../shell/staff-page.tsx";
import { isFull, referenceQuery, STUDENT_FILTERS, STUDENTS_KEY, type StudentRow, studentsApi } from "./api.ts";
import { StatusBadge } from "./status-badge.tsx";
import { StudentFormDialog } from "./student-form-dialog.tsx";

const column = columnsOf<StudentRow>();
const full = columnsOf<StaffStudent>();

/** "Acceptée (v3)", or why not. */
export function policyLabel(student: StaffStudent): string {
  if (student.politique_acceptee)
    return student.politique_version ? `Acceptée (v${student.politique_version})` : "Acceptée";
  return student.politique_version ? `Non acceptée (dernière : v${student.politique_version})` : "Non acceptée";
}

/** /gestion/etudiants (docs/spec/back-office.md section 4): the students of the caller's centres. */
export default function StudentsPage() {
  const me = useStaffUser();
  const toast = useToast();
  const queryClient = useQueryClient();
  const list = useListParams(STUDENT_FILTERS, "nom");
  const reference = useQuery(referenceQuery);
  const students = useQuery({
    queryKey: [...STUDENTS_KEY, "list", list.params],
    queryFn: ({ signal }) => studentsApi.list(list.params, signal),
    ...staffQueryDefaults,
    enabled: can(me, "read:etudiants"),
    placeholderData: keepPreviousData,
  });
  const [creating, setCreating] = useState(false);
  const creation = useSubmissionKey(); // a second click or a retry creates the student once
  const restricted = !can(me, "update:etudiants");
  const myCentres = me.role === "secretariat" ? me.centre_ids : undefined;

  const nameColumn = column.accessor("nom", {
    header: restricted ? "Nom" : "Nom et e-mail",
    cell: (info) => {
      const row = info.row.original;
      return restricted ? (
        <span className="font-semibold text-ink">{row.nom}</span>
      ) : (
        <>
          <Link
            to={`/gestion/etudiants/${row.id}`}
            className="font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            {row.nom}
          </Link>
          {isFull(row) && <CellNote>{row.email}</CellNote>}
        </>
      );
    },
  });
  const prenomColumn = column.accessor("prenom", { header: "Prénom" });
  const centreColumn = column.accessor((row) => row.centre?.nom ?? "—", { id: "centre", header: "Centre" });
  const fullColumns = [
    full.accessor((row) => row.option?.nom ?? "—", {
      id: "option",
      header: "Option et filière",
      enableSorting: false,
      cell: (info) => (
        <>
          {info.getValue()}
          <CellNote>{info.row.original.filiere?.nom ?? "Sans filière"}</CellNote>
        </>
      ),
    }),
    full.accessor("statut", {
      header: "Statut",
      cell: (info) => <StatusBadge statut={info.getValue()} />,
    }),
    full.accessor("politique_acceptee", {
      header: "Politique",
      enableSorting: false,
      cell: (info) => policyLabel(info.row.original),
    }),
    full.accessor("last_login_at", {
      header: "Dernière connexion",
      cell: (info) => (
        <>
          <span className="whitespace-nowrap tabular-nums">{formatDateTime(info.getValue())}</span>
          <CellNote>{info.row.original.numero_etudiant}</CellNote>
        </>
      ),
    }),
  ] as unknown as ListColumn<StudentRow>[];
  const columns = restricted
    ? [nameColumn, prenomColumn, centreColumn]
    : [nameColumn, prenomColumn, centreColumn, ...fullColumns];

  const ref = reference.data;
  const filters: ListFilter[] = [
    {
      name: "centre_id",
      label: "Centre",
      allLabel: "Tous les centres",
      options: (ref?.centres ?? [])
        .filter((c) => !myCentres || myCentres.includes(c.id))
        .map((c) => ({ value: String(c.id), label: c.nom })),
    },
    {
      name: "filiere_id",
      label: "Filière",
      allLabel: "Toutes les filières",
      options: (ref?.filieres ?? []).map((f) => ({ value: String(f.id), label: f.nom })),
    },
    {
      name: "option_id",
      label: "Option",
      allLabel: "Toutes les options",
      options: (ref?.options ?? []).map((o) => ({ value: String(o.id), label: o.nom })),
    },
    ...(restricted
      ? []
      : [
          {
            name: "statut",
            label: "Statut",
            allLabel: "Tous les statuts",
            options: STUDENT_STATUSES.map((s) => ({ value: s, label: STUDENT_STATUS_LABELS[s] })),
          },
          {
            name: "politique",
            label: "Politique",
            allLabel: "Toutes",
            options: [
              { value: "acceptee", label: "Acceptée" },
              { value: "non_acceptee", label: "Non acceptée" },
            ],
          },
        ]),
  ];

  return (
    <StaffPage
      title="Étudiants"
      crumbs={[{ label: "Étudiants" }]}
      permission="read:etudiants"
      actions={
        <>
          {can(me, "export:etudiants") && (
            <>
              <a href={studentsApi.exportUrl(list.params, "csv")} download className={secondaryButtonClass}>
                Exporter (CSV)
              </a>
              <a href={studentsApi.exportUrl(list.params, "xlsx")} download className={secondaryButtonClass}>
                Exporter (XLSX)
              </a>
            </>
          )}
          {can(me, "create:etudiants") && (
            <>
              <Link to="/gestion/etudiants/import" className={secondaryButtonClass}>
                Importer
              </Link>
              <button type="button" onClick={() => setCreating(true)} className={primaryButtonClass}>
                Nouvel étudiant
              </button>
            </>
          )}
        </>
      }
    >
      <DataTable
        caption="Étudiants"
        columns={columns}
        list={list}
        result={students}
        searchLabel="Rechercher un étudiant"
        searchPlaceholder={restricted ? "Nom ou prénom" : "Nom, e-mail, numéro étudiant ou CIN"}
        filters={filters}
        empty={{ title: "Aucun étudiant", message: "Aucun étudiant ne correspond à ces critères." }}
        getRowId={(row) => String(row.id)}
      />
      <StudentFormDialog
        open={creating}
        onOpenChange={setCreating}
        centreIds={myCentres}
        onSave={async (body) => {
          const created = await creation.send((key) => studentsApi.create(body, key));
          toast({ title: "Étudiant créé, invitation envoyée.", description: `${created.prenom} ${created.nom}` });
          setCreating(false);
          await queryClient.invalidateQueries({ queryKey: [...STUDENTS_KEY] });
        }}
      />
    </StaffPage>
  );
}
