import {
  can,
  POLICY_ACCEPTANCE_FILTERS,
  POLICY_ACCEPTANCE_LABELS,
  POLICY_LIMITS,
  type PolicyAcceptanceRow,
  type PolicyAcceptancesReport,
  type PolicyVersion,
  type PolicyVersionCreateRequest,
} from "@puerta/contract";
import { type FormEvent, useDeferredValue, useEffect, useRef, useState } from "react";
import { useParams } from "react-router";
import { primaryButtonClass, secondaryButtonClass } from "../../../components/button-styles.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { CellNote, columnsOf, DataTable, type ListFilter } from "../../../components/data-table.tsx";
import { ExportLink } from "../../../components/export-link.tsx";
import { FormAlert, TextAreaField, TextField, useFormErrors } from "../../../components/form-fields.tsx";
import { PolicyText } from "../../../components/policy-text.tsx";
import { useToast } from "../../../components/toaster.tsx";
import { type ListState, useListParams } from "../../../lib/list-params.ts";
import { staffErrorMessage } from "../../../lib/staff-api.ts";
import { useStaffUser } from "../session/staff-session.ts";
import { formatDateTime } from "../shared/format.ts";
import { RecordView } from "../shared/record-view.tsx";
import { StatusPill } from "../shared/status-pill.tsx";
import { StaffPage } from "../shell/staff-page.tsx";
import { policyApi, REPORT_FILTERS, usePolicyReport, usePublishPolicy, useUpdatePolicyDraft } from "./api.ts";
import { formatDay, versionLabel } from "./format.ts";

/**
 * /gestion/politique/:id (`:id` may be `en-vigueur`, where the dashboard's counter leads): a draft
 * is edited with its preview and published; a published version shows its acceptance report.
 */
export default function VersionPage() {
  const { id = "" } = useParams();
  const me = useStaffUser();
  const valid = id === "en-vigueur" || /^\d+$/.test(id);
  const list = useListParams(REPORT_FILTERS, "nom");
  const report = usePolicyReport(id, list.params, valid && can(me, "read:politique"));
  const version = report.data?.version;
  // Set once the draft on screen is published: the page then opens at its top, on the confirmation.
  const [justPublished, setJustPublished] = useState<string | null>(null);
  const title = version ? `${versionLabel(version)} — ${version.titre}` : "Version de la politique";

  return (
    <StaffPage
      title={title}
      crumbs={[{ label: "Politique", to: "/gestion/politique" }, { label: version ? versionLabel(version) : id }]}
      permission="read:politique"
    >
      <RecordView
        query={{
          data: version && report.data ? version : undefined,
          error: report.error,
          isError: report.isError && !report.data,
        }}
        valid={valid}
        missing={id === "en-vigueur" ? "Aucune version n'est en vigueur." : "Cette version n'existe pas."}
        back={{ to: "/gestion/politique", label: "Retour aux versions" }}
        loading="Chargement de la version…"
      >
        {(shown) =>
          shown.statut === "brouillon" ? (
            <DraftEditor
              key={shown.id}
              draft={shown}
              canWrite={can(me, "update:politique")}
              onPublished={setJustPublished}
            />
          ) : (
            <PublishedVersion
              id={id}
              report={report}
              list={list}
              canExport={can(me, "export:politique")}
              justPublished={justPublished}
            />
          )
        }
      </RecordView>
    </StaffPage>
  );
}

const FIELDS = ["titre", "date_effet", "contenu"] as const;
type Field = (typeof FIELDS)[number];

function DraftEditor({
  draft,
  canWrite,
  onPublished,
}: {
  draft: PolicyVersion;
  canWrite: boolean;
  onPublished: (label: string) => void;
}) {
  const toast = useToast();
  const update = useUpdatePolicyDraft();
  const publication = usePublishPolicy();
  const form = useFormErrors<Field>();
  const [values, setValues] = useState({ titre: draft.titre, date_effet: draft.date_effet, contenu: draft.contenu });
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const preview = useDeferredValue(values.contenu);
  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  /** Saves the draft when it changed; answers false when the form or the server refused it. */
  async function save(): Promise<boolean> {
    const body = await form.check<PolicyVersionCreateRequest>((s) => s.policyVersionCreateRequest, values);
    if (!body) return false;
    const changed =
      body.titre !== draft.titre || body.contenu !== draft.contenu || body.date_effet !== draft.date_effet;
    if (!changed) return true;
    try {
      await update.mutateAsync({ id: draft.id, body });
      return true;
    } catch (error) {
      form.fail(error, FIELDS);
      return false;
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    if (await save()) toast({ title: "Brouillon enregistré." });
    setSaving(false);
  }

  async function publish() {
    try {
      if (!(await save())) return;
      const published = await publication.mutateAsync(draft.id);
      onPublished(versionLabel(published));
      toast({
        title: `${versionLabel(published)} publiée.`,
        description: "Chaque étudiant devra l'accepter à sa prochaine visite.",
      });
    } catch (error) {
      toast({ kind: "error", title: "La version n'a pas été publiée.", description: staffErrorMessage(error) });
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <StatusPill tone="new">Brouillon</StatusPill>
        <span className="text-sm text-gray-700">
          Modifié le {formatDateTime(draft.updated_at)}. Les étudiants ne le voient pas avant sa publication.
        </span>
      </div>
      <form ref={form.formRef} onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-4">
          {form.alert && <FormAlert>{form.alert}</FormAlert>}
          <TextField
            label="Titre"
            name="titre"
            value={values.titre}
            onChange={set("titre")}
            error={form.errors.titre}
            maxLength={POLICY_LIMITS.titreMaxLength}
            disabled={!canWrite}
          />
          <TextField
            label="Date d'effet"
            name="date_effet"
            type="date"
            value={values.date_effet}
            onChange={set("date_effet")}
            error={form.errors.date_effet}
            disabled={!canWrite}
          />
          <TextAreaField
            label="Contenu (Markdown)"
            name="contenu"
            value={values.contenu}
            onChange={set("contenu")}
            error={form.errors.contenu}
            hint="Titres avec ##, gras avec **texte**, listes avec -. Le HTML est affiché tel quel, jamais interprété."
            rows={18}
            disabled={!canWrite}
          />
          {canWrite && (
            <div className="flex flex-wrap gap-2">
              <button type="submit" disabled={saving} className={secondaryButtonClass}>
                Enregistrer le brouillon
              </button>
              <button type="button" onClick={() => setConfirming(true)} className={primaryButtonClass}>
                Publier cette version
              </button>
            </div>
          )}
        </div>
        <section aria-labelledby="preview-title" className="min-w-0">
          <h2 id="preview-title" className="mb-2 text-sm font-semibold text-ink">
            Aperçu (tel que les étudiants le liront)
          </h2>
          <div className="rounded-2xl border border-gray-200 bg-gray-50 px-5 py-4 text-[0.95rem] leading-relaxed text-gray-800">
            <p className="mb-3 text-lg font-extrabold text-ink">{values.titre || "Sans titre"}</p>
            <PolicyText content={preview} />
          </div>
        </section>
      </form>
      {confirming && (
        <ConfirmDialog
          open
          onOpenChange={(open) => open || setConfirming(false)}
          title="Publier cette version ?"
          description="Elle sera en vigueur dès maintenant : chaque étudiant devra l'accepter à sa prochaine visite d'une page protégée. Une version publiée ne peut plus être modifiée."
          confirmLabel="Publier"
          destructive={false}
          onConfirm={publish}
        />
      )}
    </div>
  );
}

const column = columnsOf<PolicyAcceptanceRow>();
const reportColumns = [
  column.accessor("nom", {
    header: "Étudiant",
    cell: (info) => (
      <>
        <span className="font-semibold text-ink">
          {info.row.original.prenom} {info.getValue()}
        </span>
        <CellNote>
          {info.row.original.student_id} · {info.row.original.email}
        </CellNote>
      </>
    ),
  }),
  column.accessor("centre", { header: "Centre", cell: (info) => info.getValue() ?? "—" }),
  column.accessor("accepted_at", {
    header: "Acceptation",
    cell: (info) => {
      const at = info.getValue();
      return at ? (
        <>
          <StatusPill tone="done">Acceptée</StatusPill>
          <CellNote>le {formatDateTime(at)}</CellNote>
        </>
      ) : (
        <StatusPill tone="new">Non acceptée</StatusPill>
      );
    },
  }),
];

const reportFilters: ListFilter[] = [
  {
    name: "acceptation",
    label: "Acceptation",
    allLabel: "Tous les étudiants",
    options: POLICY_ACCEPTANCE_FILTERS.map((value) => ({ value, label: POLICY_ACCEPTANCE_LABELS[value] })),
  },
];

function PublishedVersion({
  id,
  report,
  list,
  canExport,
  justPublished,
}: {
  id: string;
  report: {
    data: PolicyAcceptancesReport | undefined;
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  list: ListState;
  canExport: boolean;
  /** The label of the version just published from this page, if it was. */
  justPublished: string | null;
}) {
  const data = report.data as PolicyAcceptancesReport;
  const confirmation = useRef<HTMLParagraphElement>(null);
  // After "Publier", the form the person scrolled down to is gone: back to the top, on the news.
  useEffect(() => {
    if (!justPublished) return;
    window.scrollTo?.({ top: 0 });
    confirmation.current?.focus();
  }, [justPublished]);
  const { version } = data;
  const share = data.etudiants_actifs === 0 ? 0 : Math.round((data.acceptees / data.etudiants_actifs) * 100);
  const facts: [string, string][] = [
    ["Date d'effet", formatDay(version.date_effet)],
    ["Publiée le", formatDateTime(version.published_at)],
  ];
  return (
    <div className="space-y-8">
      {justPublished && (
        <p
          ref={confirmation}
          tabIndex={-1}
          role="status"
          className="rounded-xl border border-green-200 bg-green-50 px-5 py-4 font-semibold text-green-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          {justPublished} publiée : elle est en vigueur, et chaque étudiant devra l'accepter à sa prochaine visite.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
        <dl className="grid gap-x-6 gap-y-2 rounded-xl border border-gray-200 bg-white p-5 sm:grid-cols-[8rem_1fr]">
          <div className="contents">
            <dt className="font-semibold text-gray-700">Statut</dt>
            <dd>
              <StatusPill tone={version.en_vigueur ? "done" : "neutral"}>
                {version.en_vigueur ? "En vigueur" : "Remplacée"}
              </StatusPill>
            </dd>
          </div>
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold text-gray-700">{label}</dt>
              <dd className="text-ink">{value}</dd>
            </div>
          ))}
        </dl>
        <section aria-labelledby="share-title" className="rounded-xl border border-gray-200 bg-white p-5 sm:min-w-64">
          <h2 id="share-title" className="text-sm font-semibold text-gray-700">
            Acceptations
          </h2>
          <p className="mt-1 text-3xl font-extrabold text-ink tabular-nums" data-testid="acceptance-count">
            {data.acceptees} / {data.etudiants_actifs}
          </p>
          <p className="text-sm text-gray-700">étudiants actifs ont accepté ({share} %)</p>
          {data.etudiants_invites > 0 && (
            <p className="mt-2 text-sm text-gray-700" data-testid="invited-count">
              {data.etudiants_invites === 1
                ? "1 étudiant invité n'a pas encore activé son compte"
                : `${data.etudiants_invites} étudiants invités n'ont pas encore activé leur compte`}{" "}
              (non comptés)
            </p>
          )}
        </section>
      </div>

      <details className="rounded-xl border border-gray-200 bg-white p-5">
        <summary className="cursor-pointer font-semibold text-ink">Texte de la version</summary>
        <div className="mt-4 text-[0.95rem] leading-relaxed text-gray-800">
          <PolicyText content={version.contenu} />
        </div>
      </details>

      <section aria-labelledby="report-title" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="report-title" className="text-lg font-bold text-ink">
            Rapport d'acceptation
          </h2>
          {canExport && (
            <ExportLink href={policyApi.reportExportHref(id, list.params)} description="le rapport d'acceptation" />
          )}
        </div>
        <DataTable
          caption="Étudiants actifs et leur acceptation de cette version"
          columns={reportColumns}
          list={list}
          result={report as Parameters<typeof DataTable<PolicyAcceptanceRow>>[0]["result"]}
          searchLabel="Rechercher un étudiant"
          searchPlaceholder="Nom, e-mail ou matricule"
          filters={reportFilters}
          empty={{ title: "Aucun étudiant", message: "Aucun étudiant actif ne correspond." }}
          getRowId={(row) => String(row.etudiant_id)}
        />
      </section>
    </div>
  );
}
