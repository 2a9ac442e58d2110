import {
  can,
  centreLimit,
  SCHOOL_STATUS_LABELS,
  SCHOOL_STATUSES,
  STUDENT_STATUS_LABELS,
  STUDENT_STATUSES,
  type StaffStudent,
  type StudentBulkAction,
  type StudentBulkRequest,
  type StudentSelectionAction,
} from "@puerta/contract";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { primaryButtonClass, secondaryButtonClass } from "../../../components/button-styles.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { CellNote, columnsOf, DataTable, type ListColumn, type ListFilter } from "../../../components/data-table.tsx";
import { useToast } from "../../../components/toaster.tsx";
import { useListParams } from "../../../lib/list-params.ts";
import { staffErrorMessage } from "../../../lib/staff-api.ts";
import { useStaffUser } from "../session/staff-session.ts";
import { formatDateTime } from "../shared/format.ts";
import { StaffPage } from "../shell/staff-page.tsx";
import {
  isFull,
  STUDENT_FILTERS,
  type StudentBulkCall,
  type StudentRow,
  studentsApi,
  useCreateStudent,
  useStudentBulkAction,
  useStudentPromotions,
  useStudentReference,
  useStudents,
} from "./api.ts";
import { LeavingDialog } from "./leaving-dialog.tsx";
import { leavingLabel, SchoolStatusBadge, StatusBadge } from "./status-badge.tsx";
import { StudentFormDialog } from "./student-form-dialog.tsx";

const column = columnsOf<StudentRow>();
const full = columnsOf<StaffStudent>();

/** "Acceptée (v3)", or why not. */
export function policyLabel(student: StaffStudent): string {
  if (student.politique_acceptee)
    return student.politique_version ? `Acceptée (v${student.politique_version})` : "Acceptée";
  return student.politique_version ? `Non acceptée (dernière : v${student.politique_version})` : "Non acceptée";
}

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** What each bulk action of the selection asks before it runs, for `n` students (the count is confirmed). */
const BULK_CONFIRMATIONS: Record<
  StudentSelectionAction,
  { title: (n: number) => string; description: string; confirm: (n: number) => string; destructive: boolean }
> = {
  invitation: {
    title: (n) => `Renvoyer l'invitation à ${plural(n, "étudiant", "étudiants")} ?`,
    description:
      "Seuls les comptes pas encore activés la reçoivent : un nouveau lien, valable 7 jours, remplace le précédent.",
    confirm: (n) => `Renvoyer (${n})`,
    destructive: false,
  },
  desactiver: {
    title: (n) => `Désactiver ${plural(n, "compte", "comptes")} ?`,
    description:
      "Toutes leurs sessions seront fermées et ces comptes ne permettront plus de se connecter. Vous pourrez les réactiver.",
    confirm: (n) => `Désactiver (${n})`,
    destructive: true,
  },
  reactiver: {
    title: (n) => `Réactiver ${plural(n, "compte", "comptes")} ?`,
    description: "Les comptes désactivés permettront de nouveau de se connecter ; les autres restent comme ils sont.",
    confirm: (n) => `Réactiver (${n})`,
    destructive: false,
  },
  reinscrire: {
    title: (n) => `Réinscrire ${plural(n, "étudiant", "étudiants")} dans l'année en cours ?`,
    description:
      "Les anciens élèves redeviennent inscrits dans l'année en cours, avec leur centre, leur option et leur filière actuels ; leur date et leur motif de sortie sont effacés. Les étudiants déjà inscrits cette année restent comme ils sont.",
    confirm: (n) => `Réinscrire (${n})`,
    destructive: false,
  },
};

/** /gestion/etudiants (docs/spec/back-office.md section 4): the students of the caller's centres. */
export default function StudentsPage() {
  const me = useStaffUser();
  const toast = useToast();
  const list = useListParams(STUDENT_FILTERS, "nom");
  const reference = useStudentReference();
  const students = useStudents(list.params, can(me, "read:etudiants"));
  const restricted = !can(me, "update:etudiants");
  const promotions = useStudentPromotions(!restricted);
  const create = useCreateStudent(); // a second click or a retry creates the student once
  const bulk = useStudentBulkAction();
  const [creating, setCreating] = useState(false);
  const myCentres = centreLimit(me, "create:etudiants") ?? undefined;

  // Bulk actions: the rows picked, or every student the filters keep.
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const [bulkAction, setBulkAction] = useState<StudentBulkAction | null>(null);
  const narrowing = JSON.stringify([list.params.q, list.params.filters]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search or filter starts a new selection
  useEffect(() => {
    setSelected(new Set());
    setAllMatching(false);
  }, [narrowing]);
  const pageIds = (students.data?.data ?? []).map((row) => row.id);
  const total = students.data?.total ?? 0;
  const pagePicked = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const chosen = allMatching ? total : selected.size;
  const toggle = (id: number, on: boolean) => {
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };
  const togglePage = (on: boolean) => {
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      for (const id of pageIds) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  };
  const clearSelection = () => {
    setSelected(new Set());
    setAllMatching(false);
  };
  /** The selection as a bulk action names it: the rows picked, or the list's filters. */
  const selection = (): StudentBulkRequest =>
    allMatching ? { all: true, ...studentsApi.bulkFilters(list.params) } : { ids: [...selected] };
  /** Sends a bulk action and says its French result; a failure is the caller's to show. */
  async function sendBulk(call: StudentBulkCall) {
    const answer = await bulk.mutateAsync(call);
    toast({ title: answer.message });
    clearSelection();
    setBulkAction(null);
  }
  async function runBulk(action: StudentSelectionAction) {
    try {
      await sendBulk({ action, body: selection() });
    } catch (error) {
      toast({ kind: "error", title: "L'action n'a pas abouti.", description: staffErrorMessage(error) });
    }
  }
  const selectColumn = column.display({
    id: "select",
    header: () => (
      <input
        type="checkbox"
        checked={pagePicked}
        onChange={(event) => togglePage(event.target.checked)}
        aria-label="Sélectionner les étudiants de cette page"
        className="size-4"
      />
    ),
    cell: ({ row: { original } }) => (
      <input
        type="checkbox"
        checked={allMatching || selected.has(original.id)}
        onChange={(event) => toggle(original.id, event.target.checked)}
        aria-label={`Sélectionner ${original.prenom} ${original.nom}`}
        className="size-4"
      />
    ),
  });

  const nameColumn = column.accessor("nom", {
    header: restricted ? "Nom" : "Nom et e-mail",
    cell: (info) => {
      const row = info.row.original;
      return restricted ? (
        <span className="font-semibold text-ink wrap-anywhere">{row.nom}</span>
      ) : (
        <>
          <Link
            to={`/gestion/etudiants/${row.id}`}
            className="font-semibold text-brand-700 underline-offset-4 wrap-anywhere hover:underline"
          >
            {row.nom}
          </Link>
          {isFull(row) && <CellNote>{row.email}</CellNote>}
        </>
      );
    },
  });
  // A name without spaces (or an e-mail) may break anywhere rather than widen the table (issue 28).
  const prenomColumn = column.accessor("prenom", {
    header: "Prénom",
    cell: (info) => <span className="wrap-anywhere">{info.getValue()}</span>,
  });
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
    // The account's status and the school's in one column: the list keeps its width at 1280 px.
    full.accessor("statut", {
      header: "Statut et promotion",
      cell: (info) => (
        <span className="flex flex-col items-start gap-1">
          <StatusBadge statut={info.getValue()} />
          <SchoolStatusBadge student={info.row.original} />
          <CellNote>
            <span className="tabular-nums">{info.row.original.promotion}</span>
            {leavingLabel(info.row.original) && ` · ${leavingLabel(info.row.original)}`}
          </CellNote>
        </span>
      ),
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
    : [selectColumn, nameColumn, prenomColumn, centreColumn, ...fullColumns];

  const ref = reference.data;
  // Neither chosen: the current year's enrolled students (docs/spec/school-year-and-data.md section 1).
  const cohortChosen = Boolean(list.params.filters.promotion);
  const statusChosen = Boolean(list.params.filters.statut_scolaire);
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
          {
            name: "promotion",
            label: "Promotion",
            allLabel: statusChosen ? "Toutes" : "Année en cours",
            options: (promotions.data?.data ?? []).map((year) => ({
              value: year.label,
              label: year.statut === "en_cours" ? `${year.label} (en cours)` : year.label,
            })),
          },
          {
            name: "statut_scolaire",
            label: "Statut scolaire",
            allLabel: cohortChosen ? "Tous les statuts" : "Inscrits",
            options: SCHOOL_STATUSES.map((s) => ({ value: s, label: SCHOOL_STATUS_LABELS[s] })),
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
      {!restricted && chosen > 0 && (
        <section
          aria-label="Actions sur la sélection"
          className="mb-4 flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm lg:flex-row lg:flex-wrap lg:items-center"
        >
          <p role="status" className="font-semibold text-ink">
            {plural(chosen, "étudiant sélectionné", "étudiants sélectionnés")}
            {allMatching && " (tous ceux qui correspondent aux filtres)"}
          </p>
          {pagePicked && !allMatching && total > selected.size && (
            <button
              type="button"
              onClick={() => setAllMatching(true)}
              className="font-semibold text-brand-700 underline underline-offset-4"
            >
              Sélectionner les {total} étudiants qui correspondent aux filtres
            </button>
          )}
          <div className="flex flex-wrap gap-2 lg:ml-auto">
            <button type="button" onClick={() => setBulkAction("invitation")} className={secondaryButtonClass}>
              Renvoyer les invitations
            </button>
            <button type="button" onClick={() => setBulkAction("desactiver")} className={secondaryButtonClass}>
              Désactiver
            </button>
            <button type="button" onClick={() => setBulkAction("reactiver")} className={secondaryButtonClass}>
              Réactiver
            </button>
            <button type="button" onClick={() => setBulkAction("ancien_eleve")} className={secondaryButtonClass}>
              Marquer comme ancien élève
            </button>
            <button type="button" onClick={() => setBulkAction("reinscrire")} className={secondaryButtonClass}>
              Réinscrire
            </button>
            {can(me, "export:etudiants") && (
              <a
                href={studentsApi.exportUrl(list.params, "csv", allMatching ? undefined : [...selected])}
                download
                className={secondaryButtonClass}
              >
                Exporter la sélection (CSV)
              </a>
            )}
            <button type="button" onClick={clearSelection} className={secondaryButtonClass}>
              Annuler la sélection
            </button>
          </div>
        </section>
      )}
      {bulkAction === "ancien_eleve" && (
        <LeavingDialog
          open
          onOpenChange={(open) => open || setBulkAction(null)}
          count={chosen}
          selection={selection()}
          onConfirm={(body) => sendBulk({ action: "ancien_eleve", body })}
        />
      )}
      {bulkAction && bulkAction !== "ancien_eleve" && (
        <ConfirmDialog
          open
          onOpenChange={(open) => open || setBulkAction(null)}
          title={BULK_CONFIRMATIONS[bulkAction].title(chosen)}
          description={BULK_CONFIRMATIONS[bulkAction].description}
          confirmLabel={BULK_CONFIRMATIONS[bulkAction].confirm(chosen)}
          destructive={BULK_CONFIRMATIONS[bulkAction].destructive}
          onConfirm={() => runBulk(bulkAction)}
        />
      )}
      <DataTable
        caption="Étudiants"
        columns={columns}
        list={list}
        result={students}
        searchLabel="Rechercher un étudiant"
        searchPlaceholder={restricted ? "Nom ou prénom" : "Nom, e-mail, n° étudiant, CIN"}
        filters={filters}
        empty={{ title: "Aucun étudiant", message: "Aucun étudiant ne correspond à ces critères." }}
        getRowId={(row) => String(row.id)}
      />
      <StudentFormDialog
        open={creating}
        onOpenChange={setCreating}
        centreIds={myCentres}
        onSave={async (body) => {
          const created = await create.mutateAsync(body);
          toast({
            title: "Étudiant créé, invitation envoyée.",
            description: `${created.prenom} ${created.nom} · ${created.email}`,
          });
          setCreating(false);
        }}
      />
    </StaffPage>
  );
}
