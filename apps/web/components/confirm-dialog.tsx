import { type ReactNode, useState } from "react";
import { dangerButtonClass, primaryButtonClass, secondaryButtonClass } from "./button-styles.ts";
import { ModalDialog } from "./modal-dialog.tsx";

/**
 * Asks before a destructive action (docs/spec/back-office.md section 3). The action runs on "confirm"; while it
 * runs both buttons wait; once it is done the dialog closes. If it fails the dialog closes too:
 * the caller shows the error (a toast).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  destructive = true,
  progress,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  destructive?: boolean;
  /** For a long action: what is being done, said (and shown with a moving bar) while it runs. */
  progress?: string;
}) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onOpenChange(false);
    }
  }
  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => busy || onOpenChange(next)}
      title={title}
      description={description}
      role="alertdialog"
    >
      {busy && progress && (
        <div role="status" className="mb-4">
          <p className="text-sm font-medium text-ink">{progress}</p>
          <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-brand-100" aria-hidden="true">
            <div className="h-full w-1/3 animate-pulse rounded-full bg-brand-600 motion-reduce:animate-none" />
          </div>
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" disabled={busy} onClick={() => onOpenChange(false)} className={secondaryButtonClass}>
          Annuler
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={confirm}
          className={destructive ? dangerButtonClass : primaryButtonClass}
        >
          {busy ? (progress ? "En cours…" : "Patientez…") : confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
