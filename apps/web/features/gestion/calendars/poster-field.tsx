import { type StaffEvent, UPLOAD_LIMITS, UPLOAD_TEXT } from "@puerta/contract";
import { useState } from "react";
import { primaryButtonClass, secondaryButtonClass } from "../../../components/button-styles.ts";
import { FileUpload, useUploadQueue } from "../../../components/file-upload.tsx";
import { useToast } from "../../../components/toaster.tsx";
import { staffErrorMessage } from "../../../lib/staff-api.ts";
import { eventsApi, useRefreshAfterPosterUpload, useRemoveEventPoster } from "./api.ts";

/**
 * The poster (affiche) of a saved event: JPEG, PNG or WebP up to 8 MB, sent with a progress
 * bar; the server checks and re-encodes it (docs/spec/back-office.md section 5).
 */
export function PosterField({ event }: { event: StaffEvent }) {
  const toast = useToast();
  const queue = useUploadQueue({ maxBytes: UPLOAD_LIMITS.image.maxBytes, tooLargeMessage: UPLOAD_TEXT.imageTooLarge });
  const [poster, setPoster] = useState(event.affiche);
  // A new poster under the same path: the version makes the browser fetch it again.
  const [version, setVersion] = useState(0);
  const [removing, setRemoving] = useState(false);
  const refreshAfterUpload = useRefreshAfterPosterUpload();
  const removal = useRemoveEventPoster();

  async function send() {
    const [outcome] = await queue.run(eventsApi.posterSender(event.id), "affiche");
    const saved = outcome?.result as StaffEvent | undefined;
    if (saved) {
      setPoster(saved.affiche);
      setVersion((n) => n + 1);
      queue.clear();
      toast({ title: "Affiche enregistrée.", description: event.nom });
      await refreshAfterUpload();
    }
  }

  async function remove() {
    setRemoving(true);
    try {
      await removal.mutateAsync(event.id);
      setPoster(null);
      toast({ title: "Affiche retirée.", description: event.nom });
    } catch (error) {
      toast({ kind: "error", title: "L'affiche n'a pas été retirée.", description: staffErrorMessage(error) });
    } finally {
      setRemoving(false);
    }
  }

  const pending = queue.items.some((item) => item.state !== "done");
  return (
    <section aria-labelledby="poster-title" className="mt-6 space-y-3 border-t border-gray-200 pt-4">
      <h3 id="poster-title" className="text-sm font-bold text-ink">
        Affiche
      </h3>
      {poster ? (
        <div className="flex flex-wrap items-end gap-3">
          <img
            src={`${poster}?v=${version}`}
            alt={`Affiche de « ${event.nom} »`}
            className="max-h-48 rounded-lg border border-gray-200"
          />
          <button type="button" onClick={remove} disabled={removing || queue.busy} className={secondaryButtonClass}>
            {removing ? "Retrait…" : "Retirer l'affiche"}
          </button>
        </div>
      ) : (
        <p className="text-sm text-gray-700">Aucune affiche pour le moment.</p>
      )}
      <FileUpload
        label={poster ? "Remplacer l'affiche" : "Ajouter une affiche"}
        queue={queue}
        accept={UPLOAD_LIMITS.image.accept}
        hint="JPEG, PNG ou WebP, 8 Mo au plus."
        disabled={removing}
      />
      {pending && (
        <button type="button" onClick={send} disabled={queue.busy} className={primaryButtonClass}>
          {queue.busy ? "Envoi…" : "Envoyer l'affiche"}
        </button>
      )}
    </section>
  );
}
