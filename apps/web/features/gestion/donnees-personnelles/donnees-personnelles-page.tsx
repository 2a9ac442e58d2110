import {
  DATA_REQUEST_TYPE_LABELS,
  type DataRequestRow,
  type DataRequestType,
  PERSONAL_DATA_MESSAGES as M,
  monthsLabel,
  PURGE_STATUS_LABELS,
  PURGE_TRIGGER_LABELS,
  type PurgeResponse,
  type PurgeRun,
  type PurgeStatus,
  RETENTION_DEFAULTS,
  RETENTION_DESCRIPTIONS,
  RETENTION_KEYS,
  RETENTION_LABELS,
  RETENTION_LIMITS,
  type RetentionField,
  type RetentionKey,
  type RetentionPatch,
  type RetentionSettings,
  retentionField,
} from "@puerta/contract";
import { useEffect, useId, useState } from "react";
import { dangerButtonClass, primaryButtonClass, secondaryButtonClass } from "../../../components/button-styles.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { FormAlert, inputClass, TextField } from "../../../components/form-fields.tsx";
import { ModalDialog } from "../../../components/modal-dialog.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { useToast } from "../../../components/toaster.tsx";
import { ApiError } from "../../../lib/api.ts";
import { staffErrorMessage } from "../../../lib/staff-api.ts";
import { formatDateTime } from "../shared/format.ts";
import { StaffForm, useStaffForm } from "../shared/staff-form.tsx";
import { StatusPill } from "../shared/status-pill.tsx";
import { StaffPage } from "../shell/staff-page.tsx";
import {
  useDataRequests,
  usePurgeNow,
  usePurgePreview,
  usePurgeRuns,
  useRetention,
  useUpdateRetention,
} from "./api.ts";

type Field = RetentionField | "cndp_numero";
const FIELDS: readonly Field[] = [...RETENTION_KEYS.map(retentionField), "cndp_numero"];
type Values = Record<Field, string>;

const CARD = "min-w-0 rounded-xl border border-gray-200 bg-white p-5";

/**
 * /gestion/donnees-personnelles (direction, docs/spec/school-year-and-data.md section 4, decision
 * 114): law 09-08's retention periods and the CNDP number, the purge (its preview, or applied now
 * with its progress), the purge runs and the access and erasure requests handled.
 */
export default function PersonalDataPage() {
  return (
    <StaffPage
      title="Données personnelles"
      crumbs={[{ label: "Données personnelles" }]}
      permission="read:donnees-personnelles"
    >
      <PersonalData />
    </StaffPage>
  );
}

/** Inside the page's frame, so that a role that may not open it asks nothing of the server. */
function PersonalData() {
  const settings = useRetention();
  const purge = usePurgeNow();
  const runs = usePurgeRuns(purge.isPending);
  if (settings.isPending) return <Spinner label="Chargement des durées de conservation…" showLabel />;
  if (settings.isError) {
    return (
      <p role="alert" className="rounded-xl border border-gray-200 bg-white p-6 text-gray-700">
        {staffErrorMessage(settings.error)}
      </p>
    );
  }
  return (
    <div className="grid min-w-0 gap-6">
      <p className="max-w-3xl text-gray-700">
        Loi 09-08 : combien de temps l'académie garde chaque donnée personnelle, le numéro CNDP affiché sur la politique
        de confidentialité, les purges et les demandes d'accès et d'effacement traitées.
      </p>
      <RetentionForm settings={settings.data} />
      <PurgeSection purge={purge} runs={runs} />
      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <PurgeRuns runs={runs} />
        <DataRequests />
      </div>
    </div>
  );
}

const valuesOf = (settings: RetentionSettings): Values => ({
  ...(Object.fromEntries(
    RETENTION_KEYS.map((key) => [retentionField(key), String(settings[retentionField(key)])]),
  ) as Record<RetentionField, string>),
  cndp_numero: settings.cndp_numero ?? "",
});

/** What the form sends: numbers (an empty field is no number, and the contract says so), and the CNDP text. */
const bodyOf = (values: Values) => ({
  ...Object.fromEntries(
    RETENTION_KEYS.map((key) => {
      const text = values[retentionField(key)].trim();
      return [retentionField(key), text === "" ? Number.NaN : Number(text)];
    }),
  ),
  cndp_numero: values.cndp_numero,
});

/** (1) The six periods and the CNDP number; a period newly set to 0 is confirmed first. */
function RetentionForm({ settings }: { settings: RetentionSettings }) {
  const toast = useToast();
  const save = useUpdateRetention();
  const form = useStaffForm(FIELDS, { stays: true });
  const [values, setValues] = useState<Values>(() => valuesOf(settings));
  const [zeroing, setZeroing] = useState<{ body: RetentionPatch; labels: string[] } | null>(null);
  // What the server holds now (after a save, or another direction member's) is what the form shows.
  useEffect(() => setValues(valuesOf(settings)), [settings]);

  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  async function persist(body: RetentionPatch) {
    await save.mutateAsync(body);
    toast({ title: M.saved });
  }

  const submit = () =>
    form.submit(
      () => form.check((schemas) => schemas.retentionPatch, bodyOf(values)),
      async (body) => {
        const zeros = RETENTION_KEYS.filter(
          (key) => body[retentionField(key)] === 0 && settings[retentionField(key)] !== 0,
        );
        if (zeros.length > 0) setZeroing({ body, labels: zeros.map((key) => RETENTION_LABELS[key]) });
        else await persist(body);
      },
    );

  return (
    <section aria-labelledby="conservation-title" className={CARD}>
      <h2 id="conservation-title" className="text-lg font-bold text-ink">
        Durées de conservation
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        En mois. Ce que chaque durée a laissé expirer est effacé à la purge, chaque nuit. Chaque modification est
        inscrite au journal ; la politique de confidentialité affiche les durées enregistrées.
      </p>
      <StaffForm form={form} onSubmit={submit} className="mt-4 space-y-5">
        <div className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
          {RETENTION_KEYS.map((key) => (
            <MonthsField
              key={key}
              category={key}
              value={values[retentionField(key)]}
              onChange={set(retentionField(key))}
              error={form.errors[retentionField(key)]}
              disabled={form.sending}
            />
          ))}
        </div>
        <div className="max-w-xl">
          <TextField
            label="Numéro de déclaration ou d'autorisation CNDP"
            name="cndp_numero"
            value={values.cndp_numero}
            onChange={set("cndp_numero")}
            error={form.errors.cndp_numero}
            hint="Affiché sur la politique de confidentialité lorsqu'il est renseigné. Laissez vide s'il n'y en a pas encore."
            maxLength={RETENTION_LIMITS.cndpMax}
            disabled={form.sending}
          />
        </div>
        <button type="submit" className={primaryButtonClass} disabled={form.sending}>
          {form.sending ? "Enregistrement…" : "Enregistrer les durées"}
        </button>
      </StaffForm>
      <ConfirmDialog
        open={zeroing !== null}
        onOpenChange={(open) => open || setZeroing(null)}
        title={M.zeroConfirmTitle}
        description={zeroing ? M.zeroConfirm(zeroing.labels) : ""}
        confirmLabel="Enregistrer"
        onConfirm={async () => {
          if (!zeroing) return;
          try {
            await persist(zeroing.body);
          } catch (error) {
            form.fail(error, FIELDS);
          }
        }}
      />
    </section>
  );
}

/** One period: a whole number of months, what it covers and its default under it. */
function MonthsField({
  category,
  value,
  onChange,
  error,
  disabled,
}: {
  category: RetentionKey;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled: boolean;
}) {
  const id = useId();
  const described = [`${id}-unit`, `${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink">
        {RETENTION_LABELS[category]}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          name={retentionField(category)}
          type="number"
          inputMode="numeric"
          min={0}
          max={RETENTION_LIMITS.monthsMax}
          step={1}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          className={`${inputClass} max-w-32`}
        />
        <span id={`${id}-unit`} className="text-sm font-medium text-gray-700">
          mois
        </span>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-gray-600">
        {RETENTION_DESCRIPTIONS[category]} Par défaut : {monthsLabel(RETENTION_DEFAULTS[retentionField(category)])}.
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-brand-700">
          {error}
        </p>
      )}
    </div>
  );
}

const totalOf = (counts: PurgeResponse) => counts.categories.reduce((sum, row) => sum + row.nombre, 0);

/** The counts per category, and their total. */
function CountsTable({ caption, counts }: { caption: string; counts: PurgeResponse }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="mb-2 text-left font-bold text-ink">{caption}</caption>
      <thead>
        <tr className="border-b border-gray-200 text-gray-700">
          <th scope="col" className="py-2 pr-3 font-semibold">
            Catégorie
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            Nombre
          </th>
        </tr>
      </thead>
      <tbody>
        {counts.categories.map((row) => (
          <tr key={row.categorie} className="border-b border-gray-100">
            <th scope="row" className="py-2 pr-3 font-normal text-ink">
              {RETENTION_LABELS[row.categorie]}
            </th>
            <td className="py-2 text-right font-semibold text-ink tabular-nums">{row.nombre}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" className="py-2 pr-3 font-bold text-ink">
            Total
          </th>
          <td className="py-2 text-right font-bold text-ink tabular-nums">{totalOf(counts)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

type PurgeNow = ReturnType<typeof usePurgeNow>;
type Runs = ReturnType<typeof usePurgeRuns>;

/** (2) and (3): *Aperçu de la purge* (counts, nothing written) and *Purger maintenant* (confirmed, with progress). */
function PurgeSection({ purge, runs }: { purge: PurgeNow; runs: Runs }) {
  const toast = useToast();
  const preview = usePurgePreview();
  const [shown, setShown] = useState<"apercu" | "resultat" | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  function showPreview() {
    setShown("apercu");
    void preview.refetch();
  }

  function askToPurge() {
    setFailure(null);
    setConfirming(true);
    void preview.refetch();
  }

  async function purgeNow() {
    setFailure(null);
    try {
      const applied = await purge.mutateAsync();
      setConfirming(false);
      setShown("resultat");
      const total = totalOf(applied);
      toast({ title: total === 0 ? M.purgeNothing : M.purgeDone(total) });
    } catch (error) {
      setFailure(error instanceof ApiError && error.status === 409 ? M.purgeBusy : staffErrorMessage(error));
    }
  }

  const expected = preview.data ? totalOf(preview.data) : 0;
  const running = runs.data?.data.find((run) => run.statut === "en_cours" && run.declenchement === "manuel");

  return (
    <section aria-labelledby="purge-title" className={CARD}>
      <h2 id="purge-title" className="text-lg font-bold text-ink">
        Purge
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        Chaque nuit, une tâche planifiée efface ce que les durées ci-dessus ont laissé expirer. L'aperçu compte ce
        qu'elle effacerait sans rien écrire ; « Purger maintenant » l'applique tout de suite.
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <button type="button" className={secondaryButtonClass} onClick={showPreview} disabled={preview.isFetching}>
          Aperçu de la purge
        </button>
        <button type="button" className={dangerButtonClass} onClick={askToPurge} disabled={purge.isPending}>
          Purger maintenant
        </button>
      </div>
      {shown === "apercu" && !confirming && (
        <div className="mt-5 max-w-xl">
          {preview.isFetching ? (
            <Spinner label="Calcul de l'aperçu…" showLabel />
          ) : preview.isError ? (
            <FormAlert>{staffErrorMessage(preview.error)}</FormAlert>
          ) : (
            preview.data && (
              <>
                <CountsTable caption="Aperçu de la purge" counts={preview.data} />
                <p className="mt-2 text-sm text-gray-700">
                  {expected === 0 ? M.purgeNothing : "L'aperçu compte seulement : rien n'a été effacé."}
                </p>
              </>
            )
          )}
        </div>
      )}
      {shown === "resultat" && purge.data && (
        <div className="mt-5 max-w-xl">
          <CountsTable caption="Purge appliquée" counts={purge.data} />
        </div>
      )}
      <ModalDialog
        open={confirming}
        onOpenChange={(open) => purge.isPending || setConfirming(open)}
        title={M.purgeConfirmTitle}
        description={M.purgeConfirm}
        role="alertdialog"
      >
        <div className="grid gap-4">
          {preview.isFetching && !purge.isPending ? (
            <Spinner label="Calcul de l'aperçu…" showLabel />
          ) : preview.isError ? (
            <FormAlert>{staffErrorMessage(preview.error)}</FormAlert>
          ) : (
            preview.data && (
              <div>
                <CountsTable caption="Ce que la purge effacera" counts={preview.data} />
                {expected === 0 && <p className="mt-2 text-sm text-gray-700">{M.purgeNothing}</p>}
              </div>
            )
          )}
          {purge.isPending && <PurgeProgress run={running} expected={expected} />}
          {failure && <FormAlert>{failure}</FormAlert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={purge.isPending}
              onClick={() => setConfirming(false)}
            >
              Annuler
            </button>
            <button
              type="button"
              className={dangerButtonClass}
              disabled={purge.isPending || preview.isFetching}
              onClick={purgeNow}
            >
              {purge.isPending ? "En cours…" : "Purger maintenant"}
            </button>
          </div>
        </div>
      </ModalDialog>
    </section>
  );
}

const sumOf = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);

/** While the purge runs: its run's counts so far against the preview's total (a moving bar until it shows). */
function PurgeProgress({ run, expected }: { run: PurgeRun | undefined; expected: number }) {
  const done = run ? sumOf(run.nombres) : 0;
  const measured = run !== undefined && expected > 0;
  return (
    <div role="status" className="grid gap-2">
      <p className="text-sm font-medium text-ink">{M.purgeRunning}</p>
      {measured ? (
        <>
          <progress
            aria-label={M.purgeRunning}
            value={Math.min(done, expected)}
            max={expected}
            className="h-2 w-full accent-brand-600"
          />
          <p className="text-sm text-gray-700">
            {done} élément(s) traité(s) sur {expected}
          </p>
        </>
      ) : (
        <progress aria-label={M.purgeRunning} className="h-2 w-full accent-brand-600" />
      )}
    </div>
  );
}

const RUN_TONES: Record<PurgeStatus, "info" | "done" | "withdrawn"> = {
  en_cours: "info",
  terminee: "done",
  echouee: "withdrawn",
};

/** (4) The purge runs, newest first: when, how started, by whom, how it ended, and its counts. */
function PurgeRuns({ runs }: { runs: Runs }) {
  return (
    <section aria-labelledby="purges-title" className={CARD}>
      <h2 id="purges-title" className="text-lg font-bold text-ink">
        Purges effectuées
      </h2>
      {runs.isPending ? (
        <Spinner label="Chargement des purges…" />
      ) : runs.isError ? (
        <p role="alert" className="mt-3 text-sm text-gray-700">
          {staffErrorMessage(runs.error)}
        </p>
      ) : runs.data.data.length === 0 ? (
        <p className="mt-3 text-sm text-gray-700">Aucune purge pour l'instant.</p>
      ) : (
        <ul aria-labelledby="purges-title" className="mt-3 divide-y divide-gray-100">
          {runs.data.data.map((run) => (
            <RunItem key={run.id} run={run} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RunItem({ run }: { run: PurgeRun }) {
  const counted = RETENTION_KEYS.filter((key) => run.nombres[key] !== undefined);
  return (
    <li aria-labelledby={`purge-${run.id}`} className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`purge-${run.id}`} className="font-semibold text-ink">
          Purge du {formatDateTime(run.started_at)}
        </h3>
        <StatusPill tone={RUN_TONES[run.statut]}>{PURGE_STATUS_LABELS[run.statut]}</StatusPill>
      </div>
      <p className="mt-1 text-sm text-gray-700">
        Déclenchement : {PURGE_TRIGGER_LABELS[run.declenchement]} · {run.staff_name ?? "Tâche planifiée"}
        {run.finished_at && ` · Fin : ${formatDateTime(run.finished_at)}`}
      </p>
      {counted.length === 0 ? (
        <p className="mt-1 text-sm text-gray-600">Aucun nombre enregistré.</p>
      ) : (
        <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          {counted.map((key) => (
            <div key={key} className="flex justify-between gap-3">
              <dt className="text-gray-700">{RETENTION_LABELS[key]}</dt>
              <dd className="font-semibold text-ink tabular-nums">{run.nombres[key]}</dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

const REQUEST_TONES: Record<DataRequestType, "info" | "withdrawn" | "neutral"> = {
  acces: "info",
  effacement: "withdrawn",
  purge: "neutral",
};

/** Who handled a request no staff member is named for: the student's own export, or the purge. */
const WITHOUT_STAFF: Record<DataRequestType, string> = {
  acces: "L'étudiant, depuis son profil",
  effacement: "—",
  purge: "La purge (durée écoulée)",
};

/** (4) The access and erasure requests handled, newest first. */
function DataRequests() {
  const requests = useDataRequests();
  return (
    <section aria-labelledby="demandes-title" className={CARD}>
      <h2 id="demandes-title" className="text-lg font-bold text-ink">
        Demandes traitées
      </h2>
      <p className="mt-1 text-sm text-gray-700">Exports (droit d'accès), effacements et effacements par la purge.</p>
      {requests.isPending ? (
        <Spinner label="Chargement des demandes…" />
      ) : requests.isError ? (
        <p role="alert" className="mt-3 text-sm text-gray-700">
          {staffErrorMessage(requests.error)}
        </p>
      ) : requests.data.data.length === 0 ? (
        <p className="mt-3 text-sm text-gray-700">Aucune demande traitée pour l'instant.</p>
      ) : (
        <ul aria-labelledby="demandes-title" className="mt-3 divide-y divide-gray-100">
          {requests.data.data.map((request) => (
            <RequestItem key={request.id} request={request} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RequestItem({ request }: { request: DataRequestRow }) {
  return (
    <li className="py-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StatusPill tone={REQUEST_TONES[request.type]}>{DATA_REQUEST_TYPE_LABELS[request.type]}</StatusPill>
        <span className="text-gray-700">{formatDateTime(request.created_at)}</span>
      </div>
      <p className="mt-1 font-semibold text-ink">Étudiant n° {request.etudiant_id}</p>
      <p className="text-gray-700">Par : {request.staff_name ?? WITHOUT_STAFF[request.type]}</p>
      {request.motif && <p className="mt-1 text-gray-700 wrap-anywhere">Motif : {request.motif}</p>}
    </li>
  );
}
