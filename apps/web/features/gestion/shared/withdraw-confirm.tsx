import { PUBLISHING_TEXT } from "@puerta/contract";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { useToast } from "../../../components/toaster.tsx";
import { staffErrorMessage } from "../../../lib/staff-api.ts";

/**
 * Asks before withdrawing something students see (it goes to the bin for 30 days), then
 * withdraws it and says how it went.
 */
export function WithdrawConfirm({
  title,
  name,
  gone = "pour les étudiants",
  withdraw,
  withdrawnTitle = PUBLISHING_TEXT.withdrawn,
  onClose,
}: {
  /** "Retirer ce planning ?" */
  title: string;
  /** What is withdrawn, as staff know it (its title or name). */
  name: string;
  /** Where it disappears from: "pour les étudiants" (a published file), "du calendrier des étudiants". */
  gone?: string;
  /** The screen's withdrawal mutation (its api.ts reads the list again before it resolves). */
  withdraw: () => Promise<unknown>;
  /** The toast once withdrawn; a published file's by default. */
  withdrawnTitle?: string;
  onClose: () => void;
}) {
  const toast = useToast();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => open || onClose()}
      title={title}
      description={`« ${name} » disparaît aussitôt ${gone}. Il reste 30 jours dans la corbeille, d'où il peut être restauré.`}
      confirmLabel="Retirer"
      onConfirm={async () => {
        try {
          await withdraw();
          toast({ title: withdrawnTitle, description: name });
        } catch (error) {
          toast({ kind: "error", title: "Le retrait n'a pas abouti.", description: staffErrorMessage(error) });
        }
      }}
    />
  );
}
