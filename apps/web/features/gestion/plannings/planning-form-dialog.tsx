import { type PlanningChoices, PUBLISHING_TEXT, type StaffPlanning } from "@puerta/contract";
import { useState } from "react";
import { secondaryButtonClass } from "../../../components/button-styles.ts";
import { CheckboxField, SelectField, TextField, useFormErrors } from "../../../components/form-fields.tsx";
import { ModalDialog } from "../../../components/modal-dialog.tsx";
import { PdfBatchUpload, PdfUpload, usePdfBatch } from "../shared/pdf-batch.tsx";
import { DescriptionField, PdfLink, pdfSender, TitleField, usePdfQueue } from "../shared/publishing.tsx";
import { FormActions, FormDialog, StaffForm, useStaffForm, WithdrawSection } from "../shared/staff-form.tsx";
import { PLANNINGS_URL, planningsApi, useRefreshAfterPlanningUpload, useUpdatePlanning } from "./api.ts";

const FIELDS = ["titre", "description", "centre_id", "option_id", "semaine_debut", "semaine_fin", "actif"] as const;
type Field = (typeof FIELDS)[number];

const ALL_OPTIONS = "toutes";

type Values = {
  description: string;
  centre_id: string;
  option_id: string;
  semaine_debut: string;
  semaine_fin: string;
  actif: boolean;
};

const valuesOf = (planning?: StaffPlanning, choices?: PlanningChoices): Values => ({
  description: planning?.description ?? "",
  centre_id: planning
    ? String(planning.centre.id)
    : choices?.centres.length === 1
      ? String(choices.centres[0]?.id)
      : "",
  option_id: planning?.option ? String(planning.option.id) : ALL_OPTIONS,
  semaine_debut: planning?.semaine_debut ?? "",
  semaine_fin: planning?.semaine_fin ?? "",
  actif: planning?.actif ?? true,
});

/** The fields shared by both forms: centre, option, weeks, actif, description. */
function SharedFields({
  values,
  set,
  choices,
  errors,
  disabled,
}: {
  values: Values;
  set: (change: Partial<Values>) => void;
  choices?: PlanningChoices;
  errors: Partial<Record<Field, string>>;
  disabled: boolean;
}) {
  return (
    <>
      <DescriptionField
        value={values.description}
        onChange={(description) => set({ description })}
        error={errors.description}
        disabled={disabled}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Centre"
          name="centre_id"
          value={values.centre_id}
          onChange={(centre_id) => set({ centre_id })}
          options={(choices?.centres ?? []).map((c) => ({ value: String(c.id), label: c.nom }))}
          placeholder="Choisissez un centre"
          error={errors.centre_id}
          disabled={disabled}
        />
        <SelectField
          label="Option"
          name="option_id"
          value={values.option_id}
          onChange={(option_id) => set({ option_id })}
          options={[
            { value: ALL_OPTIONS, label: "Toutes les options" },
            ...(choices?.options ?? []).map((o) => ({ value: String(o.id), label: o.nom })),
          ]}
          error={errors.option_id}
          disabled={disabled}
        />
        <TextField
          type="date"
          name="semaine_debut"
          label="Semaine de début"
          value={values.semaine_debut}
          onChange={(semaine_debut) => set({ semaine_debut })}
          error={errors.semaine_debut}
          disabled={disabled}
        />
        <TextField
          type="date"
          name="semaine_fin"
          label="Semaine de fin"
          value={values.semaine_fin}
          onChange={(semaine_fin) => set({ semaine_fin })}
          error={errors.semaine_fin}
          disabled={disabled}
        />
      </div>
      <CheckboxField
        label="Actif"
        checked={values.actif}
        onChange={(actif) => set({ actif })}
        hint="Un planning inactif n'est pas montré aux étudiants."
        disabled={disabled}
      />
    </>
  );
}

const formFields = (values: Values) => ({
  description: values.description,
  centre_id: values.centre_id,
  option_id: values.option_id === ALL_OPTIONS ? "" : values.option_id,
  semaine_debut: values.semaine_debut,
  semaine_fin: values.semaine_fin,
  actif: values.actif ? "true" : "false",
});

/** "Publier des plannings": one or several PDFs dropped at once, each with its title, the rest shared. */
export function PlanningCreateDialog({
  open,
  onOpenChange,
  choices,
  onDone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  choices?: PlanningChoices;
  onDone: (published: number) => Promise<unknown>;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Publier des plannings"
      description="Déposez un ou plusieurs PDF : chacun devient un planning, avec les mêmes centre, option et semaines."
    >
      {(close) => <CreateForm choices={choices} onCancel={close} onDone={onDone} />}
    </FormDialog>
  );
}

function CreateForm({
  choices,
  onCancel,
  onDone,
}: {
  choices?: PlanningChoices;
  onCancel: () => void;
  onDone: (published: number) => Promise<unknown>;
}) {
  const form = useFormErrors<Field>();
  const batch = usePdfBatch();
  const [values, setValues] = useState(() => valuesOf(undefined, choices));
  const sending = batch.queue.busy;

  async function submit() {
    if (sending) return;
    const shared = formFields(values);
    // The shared fields and each title, checked with the contract's schema before anything is sent.
    const outcome = await batch.publish(
      PLANNINGS_URL,
      shared,
      () => form.check((schemas) => schemas.planningCreateFields, { ...shared, titre: "titre" }),
      (error) =>
        form.fail(
          error,
          FIELDS.filter((f) => f !== "titre"),
        ),
    );
    if (!outcome) return;
    if (outcome.failed === 0) await onDone(outcome.published);
    else if (outcome.published > 0) await onDone(outcome.published).catch(() => undefined);
  }

  return (
    <StaffForm form={form} onSubmit={submit}>
      <PdfBatchUpload batch={batch} titleLabel="Titre du planning" hint="PDF uniquement, 20 Mo au plus par fichier." />
      <SharedFields
        values={values}
        set={(change) => setValues((current) => ({ ...current, ...change }))}
        choices={choices}
        errors={form.errors}
        disabled={sending}
      />
      <FormActions onCancel={onCancel} busy={sending}>
        {sending ? "Envoi en cours…" : "Publier"}
      </FormActions>
    </StaffForm>
  );
}

/** "Gérer" a planning: its fields, "Remplacer le PDF" (same id, same link for students) and "Retirer". */
export function PlanningEditDialog({
  planning,
  onOpenChange,
  choices,
  onSaved,
  onWithdraw,
  canWithdraw,
}: {
  planning: StaffPlanning | null;
  onOpenChange: (open: boolean) => void;
  choices?: PlanningChoices;
  onSaved: (message: string) => Promise<unknown>;
  onWithdraw: (planning: StaffPlanning) => void;
  canWithdraw: boolean;
}) {
  return (
    <ModalDialog
      open={planning !== null}
      onOpenChange={onOpenChange}
      title={planning ? `Planning « ${planning.titre} »` : "Planning"}
    >
      {planning && (
        <EditForm
          planning={planning}
          choices={choices}
          onCancel={() => onOpenChange(false)}
          onSaved={onSaved}
          onWithdraw={canWithdraw ? () => onWithdraw(planning) : undefined}
        />
      )}
    </ModalDialog>
  );
}

function EditForm({
  planning,
  choices,
  onCancel,
  onSaved,
  onWithdraw,
}: {
  planning: StaffPlanning;
  choices?: PlanningChoices;
  onCancel: () => void;
  onSaved: (message: string) => Promise<unknown>;
  onWithdraw?: () => void;
}) {
  const form = useStaffForm(FIELDS);
  const sending = form.sending;
  const [titre, setTitre] = useState(planning.titre);
  const [values, setValues] = useState(() => valuesOf(planning, choices));
  const replacement = usePdfQueue(false);
  const update = useUpdatePlanning();
  const refreshAfterUpload = useRefreshAfterPlanningUpload();
  const [replaceError, setReplaceError] = useState<string>();

  const submit = () =>
    form.submit(
      () =>
        form.check((schemas) => schemas.planningUpdateRequest, {
          titre,
          description: values.description || null,
          centre_id: Number(values.centre_id) || values.centre_id,
          option_id: values.option_id === ALL_OPTIONS ? null : Number(values.option_id),
          semaine_debut: values.semaine_debut || null,
          semaine_fin: values.semaine_fin || null,
          actif: values.actif,
        }),
      async (body) => {
        await update.mutateAsync({ id: planning.id, body });
        await onSaved(PUBLISHING_TEXT.updated);
      },
    );

  async function replace() {
    if (replacement.items.length === 0) {
      setReplaceError("Choisissez le nouveau PDF.");
      return;
    }
    setReplaceError(undefined);
    const [outcome] = await replacement.run(pdfSender(`${PLANNINGS_URL}/${planning.id}/fichier`, () => ({}), "PUT"));
    if (outcome && !outcome.error) {
      await refreshAfterUpload();
      await onSaved(PUBLISHING_TEXT.replaced);
    }
  }

  return (
    <div className="space-y-6">
      <StaffForm form={form} onSubmit={submit}>
        <TitleField value={titre} onChange={setTitre} error={form.errors.titre} disabled={sending} />
        <SharedFields
          values={values}
          set={(change) => setValues((current) => ({ ...current, ...change }))}
          choices={choices}
          errors={form.errors}
          disabled={sending}
        />
        <FormActions onCancel={onCancel} busy={sending}>
          Enregistrer
        </FormActions>
      </StaffForm>
      <section aria-labelledby="replace-title" className="space-y-3 border-t border-gray-200 pt-4">
        <h3 id="replace-title" className="text-sm font-bold text-ink">
          Remplacer le PDF
        </h3>
        <p className="text-sm text-gray-700">
          Fichier actuel : <PdfLink href={planningsApi.fileUrl(planning.id)} label={planning.titre} />. Le lien des
          étudiants reste le même.
        </p>
        <PdfUpload label="Nouveau PDF" queue={replacement} error={replaceError} disabled={replacement.busy} />
        <button type="button" onClick={replace} disabled={replacement.busy} className={secondaryButtonClass}>
          Remplacer le PDF
        </button>
      </section>
      {onWithdraw && <WithdrawSection label="Retirer le planning" onWithdraw={onWithdraw} />}
    </div>
  );
}
