import { PUBLISHING_TEXT, type StaffCourseDocument } from "@puerta/contract";
import { useState } from "react";
import { FormAlert, SelectField, TextAreaField, TextField, useFormErrors } from "../../../components/form-fields.tsx";
import { PdfBatchUpload, usePdfBatch } from "../shared/pdf-batch.tsx";
import { MONTH_OPTIONS } from "../shared/publishing.tsx";
import { FormActions, StaffForm, useStaffForm } from "../shared/staff-form.tsx";
import { SUPPORTS_URL, supportsApi } from "./api.ts";

const FIELDS = ["titre", "description", "mois", "annee", "matiere_id", "niveau_id"] as const;
type Field = (typeof FIELDS)[number];

function MonthYearFields({
  mois,
  annee,
  setMois,
  setAnnee,
  errors,
  disabled,
}: {
  mois: string;
  annee: string;
  setMois: (value: string) => void;
  setAnnee: (value: string) => void;
  errors: Partial<Record<Field, string>>;
  disabled: boolean;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        label="Mois"
        name="mois"
        value={mois}
        onChange={setMois}
        options={MONTH_OPTIONS}
        placeholder="Choisissez le mois"
        error={errors.mois}
        disabled={disabled}
      />
      <TextField
        label="Année"
        name="annee"
        inputMode="numeric"
        value={annee}
        onChange={setAnnee}
        error={errors.annee}
        disabled={disabled}
        maxLength={4}
      />
    </div>
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
  const now = new Date();
  const [mois, setMois] = useState(String(now.getMonth() + 1));
  const [annee, setAnnee] = useState(String(now.getFullYear()));
  const [description, setDescription] = useState("");
  const sending = batch.queue.busy;

  async function submit() {
    if (sending) return;
    const shared = { matiere_id: String(matiereId), niveau_id: niveau, mois, annee, description };
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
      <MonthYearFields
        mois={mois}
        annee={annee}
        setMois={setMois}
        setAnnee={setAnnee}
        errors={form.errors}
        disabled={sending}
      />
      <TextAreaField
        label="Description (facultative)"
        name="description"
        rows={3}
        maxLength={2000}
        value={description}
        onChange={setDescription}
        error={form.errors.description}
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
  const [titre, setTitre] = useState(document.titre);
  const [description, setDescription] = useState(document.description ?? "");
  const [mois, setMois] = useState(document.mois ? String(document.mois) : "");
  const [annee, setAnnee] = useState(document.annee ? String(document.annee) : "");

  const submit = () =>
    form.submit(
      () =>
        form.check((schemas) => schemas.courseDocumentUpdateRequest, {
          titre,
          description: description || null,
          mois: Number(mois) || mois,
          annee: Number(annee) || annee,
        }),
      async (body) => {
        await supportsApi.update(document.id, body);
        await onSaved(PUBLISHING_TEXT.updated);
      },
    );

  return (
    <StaffForm form={form} onSubmit={submit}>
      <TextField
        label="Titre"
        name="titre"
        value={titre}
        onChange={setTitre}
        error={form.errors.titre}
        disabled={sending}
        maxLength={200}
      />
      <MonthYearFields
        mois={mois}
        annee={annee}
        setMois={setMois}
        setAnnee={setAnnee}
        errors={form.errors}
        disabled={sending}
      />
      <TextAreaField
        label="Description (facultative)"
        name="description"
        rows={3}
        maxLength={2000}
        value={description}
        onChange={setDescription}
        error={form.errors.description}
        disabled={sending}
      />
      <FormActions onCancel={onCancel} busy={sending}>
        Enregistrer
      </FormActions>
    </StaffForm>
  );
}
