import { PUBLISHING_TEXT, type StaffCourseDocument, UPLOAD_LIMITS } from "@puerta/contract";
import { type FormEvent, useState } from "react";
import { primaryButtonClass, secondaryButtonClass } from "../../../components/button-styles.ts";
import { FileUpload } from "../../../components/file-upload.tsx";
import { FormAlert, SelectField, TextAreaField, TextField, useFormErrors } from "../../../components/form-fields.tsx";
import { serverFieldErrors } from "../../../lib/staff-api.ts";
import { MONTH_OPTIONS, pdfSender, titleFromFileName, usePdfQueue } from "../shared/publishing.tsx";
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
  const queue = usePdfQueue(true);
  const now = new Date();
  const [mois, setMois] = useState(String(now.getMonth() + 1));
  const [annee, setAnnee] = useState(String(now.getFullYear()));
  const [description, setDescription] = useState("");
  const [titles, setTitles] = useState<Record<string, string>>({});
  const [titleErrors, setTitleErrors] = useState<Record<string, string>>({});
  const [fileError, setFileError] = useState<string>();
  const titleOf = (id: string, name: string) => titles[id] ?? titleFromFileName(name);
  const sending = queue.busy;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const waiting = queue.items.filter((item) => item.state !== "done");
    setFileError(waiting.length === 0 ? "Choisissez au moins un fichier PDF." : undefined);
    const shared = { matiere_id: String(matiereId), niveau_id: niveau, mois, annee, description };
    const checked = await form.check((schemas) => schemas.courseDocumentCreateFields, { ...shared, titre: "titre" });
    const missing = Object.fromEntries(
      waiting
        .filter((item) => !titleOf(item.id, item.file.name).trim())
        .map((item) => [item.id, PUBLISHING_TEXT.titleRequired]),
    );
    setTitleErrors(missing);
    if (!checked || waiting.length === 0 || Object.keys(missing).length > 0) return;
    const outcomes = await queue.run(
      pdfSender(SUPPORTS_URL, (item) => ({ ...shared, titre: titleOf(item.id, item.file.name) })),
    );
    const failed = outcomes.filter((outcome) => outcome.error);
    const published = outcomes.length - failed.length;
    if (failed.length === 0) {
      await onDone(published);
      return;
    }
    const byField = serverFieldErrors(failed[0]?.error);
    if (Object.keys(byField).some((field) => field !== "file" && field !== "titre"))
      form.fail(
        failed[0]?.error,
        FIELDS.filter((f) => f !== "titre"),
      );
  }

  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} className="space-y-5">
      {form.alert && <FormAlert>{form.alert}</FormAlert>}
      {(form.errors.matiere_id || form.errors.niveau_id) && (
        <FormAlert>{form.errors.matiere_id ?? form.errors.niveau_id}</FormAlert>
      )}
      <FileUpload
        label="Fichiers PDF"
        queue={queue}
        accept={UPLOAD_LIMITS.pdf.accept}
        multiple
        hint="PDF uniquement, 20 Mo au plus par fichier. Ils s'ajoutent à la fin de la liste."
        error={fileError}
        disabled={sending}
        renderItem={(item) =>
          item.state === "done" ? null : (
            <div className="mt-2">
              <TextField
                label={`Titre du document (${item.file.name})`}
                name={`titre-${item.id}`}
                value={titleOf(item.id, item.file.name)}
                onChange={(titre) => setTitles((current) => ({ ...current, [item.id]: titre }))}
                error={titleErrors[item.id]}
                disabled={sending}
                maxLength={200}
              />
            </div>
          )
        }
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
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} disabled={sending} className={secondaryButtonClass}>
          Annuler
        </button>
        <button type="submit" disabled={sending} className={primaryButtonClass}>
          {sending ? "Envoi en cours…" : "Publier"}
        </button>
      </div>
    </form>
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
  const form = useFormErrors<Field>();
  const [titre, setTitre] = useState(document.titre);
  const [description, setDescription] = useState(document.description ?? "");
  const [mois, setMois] = useState(document.mois ? String(document.mois) : "");
  const [annee, setAnnee] = useState(document.annee ? String(document.annee) : "");
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const body = await form.check((schemas) => schemas.courseDocumentUpdateRequest, {
      titre,
      description: description || null,
      mois: Number(mois) || mois,
      annee: Number(annee) || annee,
    });
    if (!body) return;
    setSending(true);
    try {
      await supportsApi.update(document.id, body);
      await onSaved(PUBLISHING_TEXT.updated);
    } catch (error) {
      form.fail(error, FIELDS);
      setSending(false);
    }
  }

  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} className="space-y-5">
      {form.alert && <FormAlert>{form.alert}</FormAlert>}
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
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} disabled={sending} className={secondaryButtonClass}>
          Annuler
        </button>
        <button type="submit" disabled={sending} className={primaryButtonClass}>
          Enregistrer
        </button>
      </div>
    </form>
  );
}
