import { ERASURE_MESSAGES as M } from "@puerta/contract";
import { useState } from "react";
import { TextAreaField, TextField } from "../../../components/form-fields.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { LoadFailed } from "../shared/load-failed.tsx";
import { FormActions, FormDialog, StaffForm, useStaffForm } from "../shared/staff-form.tsx";
import { useErasurePreview } from "./api.ts";

const FIELDS = ["motif"] as const;

/**
 * *Effacer les données* (docs/spec/school-year-and-data.md section 4, decision 113): what the
 * erasure will do (the pending requests and e-mails, what is kept and why), the reason, and the
 * student's name typed exactly before the button is enabled.
 */
export function ErasureDialog({
  open,
  onOpenChange,
  studentId,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  studentId: number;
  onConfirm: (motif: string) => Promise<unknown>;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={M.dialogTitle} description={M.dialogIntro}>
      {(close) => <ErasureForm studentId={studentId} onCancel={close} onConfirm={onConfirm} />}
    </FormDialog>
  );
}

function ErasureForm({
  studentId,
  onCancel,
  onConfirm,
}: {
  studentId: number;
  onCancel: () => void;
  onConfirm: (motif: string) => Promise<unknown>;
}) {
  const preview = useErasurePreview(studentId, true);
  const form = useStaffForm(FIELDS);
  const [motif, setMotif] = useState("");
  const [typed, setTyped] = useState("");

  if (preview.isPending) return <Spinner label="Chargement…" showLabel />;
  if (preview.isError)
    return (
      <LoadFailed
        error={preview.error}
        missing={M.unknownStudent}
        back={{ to: "/gestion/etudiants", label: "Retour aux étudiants" }}
      />
    );
  const what = preview.data;
  const matches = typed.trim() === what.nom_complet;

  const submit = () =>
    form.submit(
      () => form.check((schemas) => schemas.erasureRequest, { motif }),
      (body) => onConfirm(body.motif),
    );

  return (
    <StaffForm form={form} onSubmit={submit}>
      {(what.demandes_en_cours > 0 || what.emails_en_attente > 0) && (
        <ul className="list-disc space-y-1 pl-5 text-sm text-ink">
          {what.demandes_en_cours > 0 && <li>{M.pendingRequests(what.demandes_en_cours)}</li>}
          {what.emails_en_attente > 0 && <li>{M.queuedMail(what.emails_en_attente, what.emails_retenus)}</li>}
        </ul>
      )}
      <section aria-labelledby="erasure-kept" className="text-sm">
        <h3 id="erasure-kept" className="font-semibold text-ink">
          {M.keptTitle}
        </h3>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-gray-700">
          {what.conserve.map((kept) => (
            <li key={kept}>{kept}</li>
          ))}
        </ul>
      </section>
      <TextAreaField
        label={M.motifLabel}
        name="motif"
        value={motif}
        onChange={setMotif}
        error={form.errors.motif}
        rows={2}
        disabled={form.sending}
      />
      <TextField
        label={M.confirmLabel(what.nom_complet)}
        name="confirmation"
        value={typed}
        onChange={setTyped}
        autoComplete="off"
        disabled={form.sending}
      />
      <FormActions onCancel={onCancel} busy={form.sending} submitDisabled={!matches}>
        {form.sending ? "Patientez…" : M.confirmButton}
      </FormActions>
    </StaffForm>
  );
}
