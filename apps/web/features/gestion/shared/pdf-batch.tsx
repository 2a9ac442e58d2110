import { PUBLISHING_TEXT, UPLOAD_LIMITS } from "@puerta/contract";
import { type ComponentProps, useState } from "react";
import { FileUpload, type UploadItem } from "../../../components/file-upload.tsx";
import { TextField } from "../../../components/form-fields.tsx";
import { serverFieldErrors } from "../../../lib/staff-api.ts";
import { pdfSender, titleFromFileName, usePdfQueue } from "./publishing.tsx";

/** A PDF field: the file upload that accepts PDFs only. */
export function PdfUpload(props: Omit<ComponentProps<typeof FileUpload>, "accept">) {
  return <FileUpload accept={UPLOAD_LIMITS.pdf.accept} {...props} />;
}

/**
 * Several PDFs dropped at once (plannings, course documents), each published with its own title
 * (from its file name until edited) and the same other fields.
 */
export function usePdfBatch() {
  const queue = usePdfQueue(true);
  const [titles, setTitles] = useState<Record<string, string>>({});
  const [titleErrors, setTitleErrors] = useState<Record<string, string>>({});
  const [fileError, setFileError] = useState<string>();
  const titleOf = (item: UploadItem) => titles[item.id] ?? titleFromFileName(item.file.name);
  const setTitle = (id: string, titre: string) => setTitles((current) => ({ ...current, [id]: titre }));

  /**
   * Checks the files, their titles and (`check`) the shared fields, then sends each waiting file
   * to `url` with its title; null when nothing was sent. A title the server refuses is shown by
   * its file; a refused shared field goes to `failShared`.
   */
  async function publish(
    url: string,
    shared: Record<string, string>,
    check: () => Promise<unknown>,
    failShared: (error: unknown) => void,
  ) {
    const waiting = queue.items.filter((item) => item.state !== "done");
    setFileError(waiting.length === 0 ? "Choisissez au moins un fichier PDF." : undefined);
    const checked = await check();
    const missingTitles = Object.fromEntries(
      waiting.filter((item) => !titleOf(item).trim()).map((item) => [item.id, PUBLISHING_TEXT.titleRequired]),
    );
    setTitleErrors(missingTitles);
    if (!checked || waiting.length === 0 || Object.keys(missingTitles).length > 0) return null;
    const outcomes = await queue.run(pdfSender(url, (item) => ({ ...shared, titre: titleOf(item) })));
    const failed = outcomes.filter((outcome) => outcome.error);
    if (failed.length > 0) {
      setTitleErrors(
        Object.fromEntries(
          failed.flatMap((outcome) => {
            const message = serverFieldErrors(outcome.error).titre;
            return message ? [[outcome.item.id, message]] : [];
          }),
        ),
      );
      const byField = serverFieldErrors(failed[0]?.error);
      if (Object.keys(byField).some((field) => field !== "file" && field !== "titre")) failShared(failed[0]?.error);
    }
    return { published: outcomes.length - failed.length, failed: failed.length };
  }

  return { queue, titleOf, setTitle, titleErrors, fileError, publish };
}

/** The files of a batch, each with its title field until it is sent. */
export function PdfBatchUpload({
  batch,
  titleLabel,
  hint,
}: {
  batch: ReturnType<typeof usePdfBatch>;
  /** "Titre du planning": the file's name follows in brackets. */
  titleLabel: string;
  hint: string;
}) {
  const sending = batch.queue.busy;
  return (
    <PdfUpload
      label="Fichiers PDF"
      queue={batch.queue}
      multiple
      hint={hint}
      error={batch.fileError}
      disabled={sending}
      renderItem={(item) =>
        item.state === "done" ? null : (
          <div className="mt-2">
            <TextField
              label={`${titleLabel} (${item.file.name})`}
              name={`titre-${item.id}`}
              value={batch.titleOf(item)}
              onChange={(titre) => batch.setTitle(item.id, titre)}
              error={batch.titleErrors[item.id]}
              disabled={sending}
              maxLength={200}
            />
          </div>
        )
      }
    />
  );
}
