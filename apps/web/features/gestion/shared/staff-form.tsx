import { type FormEvent, type ReactNode, type RefObject, useState } from "react";
import { primaryButtonClass, secondaryButtonClass } from "../../../components/button-styles.ts";
import { FormAlert, useFormErrors } from "../../../components/form-fields.tsx";
import { ModalDialog } from "../../../components/modal-dialog.tsx";

/*
 * The shell of the back-office's forms (docs/spec/back-office.md section 3): checked with the
 * contract's schema, sent once at a time, the server's field errors next to their fields.
 */

/**
 * A form's errors and its sending state. `submit` checks, then saves; a failed save shows its
 * errors and lets the person try again. A dialog's form stays disabled once saved, while its
 * dialog closes; a form that stays on screen (`stays`) is ready again.
 */
export function useStaffForm<Field extends string>(fields: readonly Field[], { stays = false } = {}) {
  const form = useFormErrors<Field>();
  const [sending, setSending] = useState(false);

  async function submit<Body>(check: () => Promise<Body | null>, save: (body: Body) => Promise<unknown>) {
    if (sending) return;
    const body = await check();
    if (!body) return;
    setSending(true);
    try {
      await save(body);
      if (stays) setSending(false);
    } catch (error) {
      form.fail(error, fields);
      setSending(false);
    }
  }

  return { ...form, sending, submit };
}

/** The `<form>` of a staff form, with its alert above the fields. */
export function StaffForm({
  form,
  onSubmit,
  className = "space-y-5",
  children,
}: {
  form: { formRef: RefObject<HTMLFormElement | null>; alert: string | null };
  onSubmit: () => unknown;
  className?: string;
  children: ReactNode;
}) {
  function submitted(event: FormEvent) {
    event.preventDefault();
    void onSubmit();
  }
  return (
    <form ref={form.formRef} noValidate onSubmit={submitted} className={className}>
      {form.alert && <FormAlert>{form.alert}</FormAlert>}
      {children}
    </form>
  );
}

/** "Annuler" and the submit button at the foot of a dialog's form. */
export function FormActions({
  onCancel,
  busy,
  submitDisabled = false,
  children,
}: {
  onCancel: () => void;
  busy: boolean;
  submitDisabled?: boolean;
  /** The submit button's label. */
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <button type="button" onClick={onCancel} disabled={busy} className={secondaryButtonClass}>
        Annuler
      </button>
      <button type="submit" disabled={busy || submitDisabled} className={primaryButtonClass}>
        {children}
      </button>
    </div>
  );
}

/** "Autres actions" under a record's form (deactivate, resend an invitation…). */
export function OtherActions({ id, children }: { id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-6 border-t border-gray-200 pt-4">
      <h3 id={id} className="mb-2 text-sm font-bold text-ink">
        Autres actions
      </h3>
      {children}
    </section>
  );
}

/** "Retirer" under a published file's form: students stop seeing it, the bin keeps it 30 days. */
export function WithdrawSection({ label, onWithdraw }: { label: string; onWithdraw: () => void }) {
  return (
    <section aria-labelledby="withdraw-title" className="space-y-2 border-t border-gray-200 pt-4">
      <h3 id="withdraw-title" className="text-sm font-bold text-ink">
        Retirer
      </h3>
      <p className="text-sm text-gray-700">Les étudiants ne le voient plus ; il reste 30 jours dans la corbeille.</p>
      <button type="button" onClick={onWithdraw} className={secondaryButtonClass}>
        {label}
      </button>
    </section>
  );
}

/** A dialog whose form mounts as it opens, so that each opening starts from the record's values. */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** The dialog's content; `close` is its form's "Annuler". */
  children: (close: () => void) => ReactNode;
}) {
  return (
    <ModalDialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {open && children(() => onOpenChange(false))}
    </ModalDialog>
  );
}
