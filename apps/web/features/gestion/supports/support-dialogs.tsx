import { PUBLISHING_TEXT, type StaffCourseDocument } from "@puerta/contract";
import { useState } from "react";
import { FormAlert, SelectField, TextField, useFormErrors } from "../../../components/form-fields.tsx";
import { PdfBatchUpload, usePdfBatch } from "../shared/pdf-batch.tsx";
import { DescriptionField, MONTH_OPTIONS, TitleField } from "../shared/publishing.tsx";
import { FormActions, StaffForm, useStaffForm } from "../shared/staff-form.tsx";
import { SUPPORTS_URL, useUpdateSupport } from "./api.ts";

const FIELDS = ["titre", "description", "mois", "annee", "matiere_id", "niveau_id"] as const;
type Field = (typeof FIELDS)[number];

type Values = { mois: string; annee: string; description: string };

/** The fields both forms share: month, year, description. */
function DocumentFields({
  values,
  set,
  errors,
  disabled,
}: {
  values: Values;
  set: (change: Partial<Values>) => void;
  errors: Partial<Record<Field, string>>;
  disabled: boolean;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Mois"
          name="mois"
          value={values.mois}
          onChange={(mois) => set({ mois })}
          options={MONTH_OPTIONS}
          placeholder="Choisissez le mois"
          error={errors.mois}
          disabled={disabled}
        />
        <TextField
          label="Année"
          name="annee"
          inputMode="numeric"
          value={values.annee}
          onChange={(annee) => set({ annee })}
          error={errors.annee}
          disabled={disabled}
          maxLength={4}
        />
      </div>
      <DescriptionField
        value={values.description}
        onChange={(description) => set({ description })}
        error={errors.description}
        disabled={disabled}
      />
    </>
  );
}

/** "Ajouter des documents" to the chosen subject and level: several PDFs, each with its title. */
export function SupportCreateForm({
  matiereId,
  niveau,
  onCancel,
  onDone,
}: {
  matiereId: number;
  /** A level's id, or "" for a subject without levels. */
  niveau: string;
  onCancel: () => void;
  onDone: (published: number) => Promise<unknown>;
}) {
  const form = useFormErrors<Field>();
  const batch = usePdfBatch();
  const [values, setValues] = useState<Values>(() => {
    const now = new Date();
    return { mois: String(now.getMonth() + 1), annee: String(now.getFullYear()), description: "" };
  });
  const sending = batch.queue.busy;

  async function submit() {
    if (sending) return;
    const shared = { matiere_id: String(matiereId), niveau_id: niveau, ...values };
    const outcome = await batch.publish(
      SUPPORTS_URL,
      shared,
      () => form.check((schemas) => schemas.courseDocumentCreateFields, { ...shared, titre: "titre" }),
      (error) =>
        form.fail(
          error,
          FIELDS.filter((f) => f !== "titre"),
        ),
    );
    if (outcome?.failed === 0) await onDone(outcome.published);
  }

  return (
    <StaffForm form={form} onSubmit={submit}>
      {(form.errors.matiere_id || form.errors.niveau_id) && (
        <FormAlert>{form.errors.matiere_id ?? form.errors.niveau_id}</FormAlert>
      )}
      <PdfBatchUpload
        batch={batch}
        titleLabel="Titre du document"
        hint="PDF uniquement, 20 Mo au plus par fichier. Ils s'ajoutent à la fin de la liste."
      />
      <DocumentFields
        values={values}
        set={(change) => setValues((current) => ({ ...current, ...change }))}
        errors={form.errors}
        disabled={sending}
      />
      <FormActions onCancel={onCancel} busy={sending}>
        {sending ? "Envoi en cours…" : "Publier"}
      </FormActions>
    </StaffForm>
  );
}

/** Modifier a document: titre, description, mois, année. */
export function SupportEditForm({
  document,
  onCancel,
  onSaved,
}: {
  document: StaffCourseDocument;
  onCancel: () => void;
  onSaved: (message: string) => Promise<unknown>;
}) {
  const form = useStaffForm(FIELDS);
  const sending = form.sending;
  const update = useUpdateSupport();
  const [titre, setTitre] = useState(document.titre);
  const [values, setValues] = useState<Values>({
    mois: document.mois ? String(document.mois) : "",
    annee: document.annee ? String(document.annee) : "",
    description: document.description ?? "",
  });

  const submit = () =>
    form.submit(
      () =>
        form.check((schemas) => schemas.courseDocumentUpdateRequest, {
          titre,
          description: values.description || null,
          mois: Number(values.mois) || values.mois,
          annee: Number(values.annee) || values.annee,
        }),
      async (body) => {
        await update.mutateAsync({ id: document.id, body });
        await onSaved(PUBLISHING_TEXT.updated);
      },
    );

  return (
    <StaffForm form={form} onSubmit={submit}>
      <TitleField value={titre} onChange={setTitre} error={form.errors.titre} disabled={sending} />
      <DocumentFields
        values={values}
        set={(change) => setValues((current) => ({ ...current, ...change }))}
        errors={form.errors}
        disabled={sending}
      />
      <FormActions onCancel={onCancel} busy={sending}>
        Enregistrer
      </FormActions>
    </StaffForm>
  );
}
