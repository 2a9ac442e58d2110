import { type FormEvent, useId, useState } from "react";
import { dangerButtonClass, secondaryButtonClass } from "../../../components/button-styles.ts";
import { FormAlert, inputClass, useFormErrors } from "../../../components/form-fields.tsx";
import { ModalDialog } from "../../../components/modal-dialog.tsx";

/** A refusal (`PATCH … { status: "Refuser", motif }`) or a revocation (`POST …/revoquer { motif }`). */
export type MotifKind = "refus" | "revocation";

/**
 * Asks for the reason of a refusal or of a revocation (docs/spec/back-office.md section 6), checked with
 * the contract's schema; the server's field error is shown under the field.
 */
export function MotifDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  confirmLabel,
  kind,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  label: string;
  confirmLabel: string;
  kind: MotifKind;
  onConfirm: (motif: string) => Promise<unknown>;
}) {
  return (
    <ModalDialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {open && (
        <MotifForm
          label={label}
          confirmLabel={confirmLabel}
          kind={kind}
          onCancel={() => onOpenChange(false)}
          onConfirm={onConfirm}
        />
      )}
    </ModalDialog>
  );
}

function MotifForm({
  label,
  confirmLabel,
  kind,
  onCancel,
  onConfirm,
}: {
  label: string;
  confirmLabel: string;
  kind: MotifKind;
  onCancel: () => void;
  onConfirm: (motif: string) => Promise<unknown>;
}) {
  const id = useId();
  const form = useFormErrors<"motif">();
  const [motif, setMotif] = useState("");
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const valid =
      kind === "refus"
        ? await form.check((schemas) => schemas.certificateStatusChange, { status: "Refuser", motif })
        : await form.check((schemas) => schemas.certificateRevocation, { motif });
    if (!valid) return;
    setSending(true);
    try {
      await onConfirm(motif.trim());
    } catch (error) {
      form.fail(error, ["motif"]);
      setSending(false);
    }
  }

  const error = form.errors.motif;
  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} className="space-y-5">
      {form.alert && <FormAlert>{form.alert}</FormAlert>}
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink">
          {label}
        </label>
        <textarea
          id={id}
          name="motif"
          rows={4}
          maxLength={500}
          value={motif}
          onChange={(event) => setMotif(event.target.value)}
          disabled={sending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className={inputClass}
        />
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-brand-700">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="mt-1 text-sm text-gray-600">
            {kind === "refus"
              ? "L'étudiant verra ce motif dans l'historique de ses demandes."
              : "La vérification de l'attestation dira qu'elle est révoquée ; l'étudiant verra ce motif."}
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onCancel} className={secondaryButtonClass} disabled={sending}>
          Annuler
        </button>
        <button type="submit" className={dangerButtonClass} disabled={sending}>
          {sending ? "Envoi…" : confirmLabel}
        </button>
      </div>
    </form>
  );
}
