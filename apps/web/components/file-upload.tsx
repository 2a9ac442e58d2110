import { UPLOAD_TEXT } from "@puerta/contract";
import { FileText, X } from "lucide-react";
import { type DragEvent, type ReactNode, useCallback, useId, useRef, useState } from "react";
import { serverFieldErrors, staffErrorMessage } from "../lib/staff-api.ts";
import { FileInput } from "./file-input.tsx";

export type UploadState = "pending" | "uploading" | "done" | "failed" | "cancelled";

export type UploadItem = {
  id: string;
  file: File;
  /** Share of the file sent, 0 to 1. */
  progress: number;
  state: UploadState;
  /** The French reason of a failure, shown under the file. */
  error?: string;
};

/** How one file is sent: its request, reporting progress and honouring the signal (lib/upload.ts). */
export type SendFile = (
  item: UploadItem,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
) => Promise<unknown>;

export type UploadOutcome = {
  item: UploadItem;
  result?: unknown;
  /** The failure, for the form to put its other fields' 422 messages next to them. */
  error?: unknown;
};

const STATE_LABEL: Record<UploadState, string> = {
  pending: "Prêt à envoyer",
  uploading: "Envoi en cours",
  done: "Envoyé",
  failed: "Échec",
  cancelled: "Annulé",
};

let nextId = 0;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} o`;
  if (bytes < 1024 * 1024)
    return `${new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0 }).format(bytes / 1024)} Ko`;
  return `${new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))} Mo`;
}

/**
 * The files of one upload field and their sending: chosen or dropped files wait, `run` sends
 * them one after the other with their progress, `cancel` stops one. A file over `maxBytes` is
 * refused before sending; the server still judges every file by its content.
 */
export function useUploadQueue({
  multiple = false,
  maxBytes,
  tooLargeMessage,
}: {
  multiple?: boolean;
  maxBytes?: number;
  tooLargeMessage?: string;
} = {}) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  // The files as last drawn: `run` sends what the user saw when they pressed the button.
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const patch = useCallback((id: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const add = useCallback(
    (files: File[]) => {
      const added = files.map((file): UploadItem => {
        const tooLarge = maxBytes !== undefined && file.size > maxBytes;
        return {
          id: `upload-${++nextId}`,
          file,
          progress: 0,
          state: tooLarge ? "failed" : "pending",
          error: tooLarge ? tooLargeMessage : undefined,
        };
      });
      setItems((current) =>
        multiple ? [...current.filter((item) => item.state !== "done"), ...added] : added.slice(0, 1),
      );
    },
    [multiple, maxBytes, tooLargeMessage],
  );

  const remove = useCallback((id: string) => {
    controllers.current.get(id)?.abort();
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);

  const cancel = useCallback((id: string) => controllers.current.get(id)?.abort(), []);

  const clear = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    setItems([]);
  }, []);

  /**
   * Sends every file waiting (or failed, or cancelled: sending again retries it), one at a time.
   * `fileField` names the form field whose 422 message belongs to the file itself.
   */
  const run = useCallback(
    async (send: SendFile, fileField = "file"): Promise<UploadOutcome[]> => {
      const queue = itemsRef.current.filter((item) => item.state !== "done");
      const outcomes: UploadOutcome[] = [];
      for (const item of queue) {
        if (maxBytes !== undefined && item.file.size > maxBytes) {
          outcomes.push({ item, error: new Error(tooLargeMessage) });
          continue;
        }
        const controller = new AbortController();
        controllers.current.set(item.id, controller);
        patch(item.id, { state: "uploading", progress: 0, error: undefined });
        try {
          const result = await send(item, (progress) => patch(item.id, { progress }), controller.signal);
          patch(item.id, { state: "done", progress: 1 });
          outcomes.push({ item: { ...item, state: "done" }, result });
        } catch (error) {
          if ((error as Error).name === "AbortError") {
            patch(item.id, { state: "cancelled", progress: 0, error: UPLOAD_TEXT.cancelled });
            outcomes.push({ item: { ...item, state: "cancelled" }, error });
          } else {
            const message = serverFieldErrors(error)[fileField] ?? staffErrorMessage(error);
            patch(item.id, { state: "failed", error: message });
            outcomes.push({ item: { ...item, state: "failed" }, error });
          }
        } finally {
          controllers.current.delete(item.id);
        }
      }
      return outcomes;
    },
    [patch, maxBytes, tooLargeMessage],
  );

  const busy = items.some((item) => item.state === "uploading");
  return { items, add, remove, cancel, clear, run, busy, patch };
}

export type UploadQueue = ReturnType<typeof useUploadQueue>;

type FileUploadProps = {
  label: string;
  queue: UploadQueue;
  /** The input's `accept` (UPLOAD_LIMITS.pdf.accept…). */
  accept: string;
  multiple?: boolean;
  hint?: ReactNode;
  /** A message about the field as a whole (no file chosen…). */
  error?: string;
  disabled?: boolean;
  /** Extra content of each file's row (a title field per file…). */
  renderItem?: (item: UploadItem) => ReactNode;
};

/**
 * A file field of the back-office: a real file input (keyboard and screen readers) inside a
 * zone files can be dropped on, then one row per file with its size, a progress bar while it
 * is sent, "Annuler" and its French error from the server.
 */
export function FileUpload({
  label,
  queue,
  accept,
  multiple = false,
  hint,
  error,
  disabled,
  renderItem,
}: FileUploadProps) {
  const id = useId();
  const [over, setOver] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = [...event.dataTransfer.files];
    if (files.length > 0) queue.add(multiple ? files : files.slice(0, 1));
  };

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink">
        {label}
      </label>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone only adds dropping to the real input inside it */}
      <div
        data-testid="drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={`rounded-lg border-2 border-dashed px-4 py-5 text-center ${
          over ? "border-brand-600 bg-brand-50" : error ? "border-brand-600" : "border-gray-300 bg-white"
        }`}
      >
        <FileText aria-hidden="true" className="mx-auto mb-2 size-6 text-gray-600" />
        <p className="mb-3 text-sm text-gray-700">
          {multiple ? "Déposez les fichiers ici, ou" : "Déposez le fichier ici, ou"}
        </p>
        <FileInput
          centred
          inputRef={inputRef}
          id={id}
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          invalid={Boolean(error)}
          describedBy={describedBy}
          chosen={
            queue.items.length === 0
              ? null
              : queue.items.length === 1
                ? queue.items[0]?.file.name
                : `${queue.items.length} fichiers choisis`
          }
          onFiles={(files) => {
            if (files.length > 0) queue.add(files);
            // The same file chosen again after a failure is a new choice.
            if (inputRef.current) inputRef.current.value = "";
          }}
        />
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-brand-700">
          {error}
        </p>
      )}
      {queue.items.length > 0 && (
        <ul className="mt-3 space-y-2" aria-label={multiple ? "Fichiers choisis" : "Fichier choisi"}>
          {queue.items.map((item) => (
            <FileRow key={item.id} item={item} queue={queue} disabled={disabled}>
              {renderItem?.(item)}
            </FileRow>
          ))}
        </ul>
      )}
    </div>
  );
}

function FileRow({
  item,
  queue,
  disabled,
  children,
}: {
  item: UploadItem;
  queue: UploadQueue;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const errorId = `${item.id}-error`;
  const percent = Math.round(item.progress * 100);
  return (
    <li className="rounded-lg border border-gray-200 bg-white p-3" aria-describedby={item.error ? errorId : undefined}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="min-w-0 flex-1 truncate text-sm font-semibold text-ink" title={item.file.name}>
          {item.file.name}
        </span>
        <span className="text-sm text-gray-600">{formatBytes(item.file.size)}</span>
        <span className="text-sm text-gray-700">{STATE_LABEL[item.state]}</span>
        {item.state === "uploading" ? (
          <button
            type="button"
            onClick={() => queue.cancel(item.id)}
            aria-label={`Annuler l'envoi de ${item.file.name}`}
            className="rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-semibold text-ink hover:bg-gray-50"
          >
            Annuler
          </button>
        ) : (
          item.state !== "done" && (
            <button
              type="button"
              disabled={disabled}
              onClick={() => queue.remove(item.id)}
              aria-label={`Enlever ${item.file.name}`}
              className="inline-flex items-center gap-1 rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-semibold text-ink hover:bg-gray-50"
            >
              <X aria-hidden="true" className="size-4" />
              Enlever
            </button>
          )
        )}
      </div>
      {(item.state === "uploading" || item.state === "done") && (
        <progress
          className="mt-2 block h-2 w-full accent-brand-600"
          max={100}
          value={percent}
          aria-label={`Envoi de ${item.file.name}`}
          aria-valuetext={`${percent} %`}
        />
      )}
      {item.error && (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-brand-700">
          {item.error}
        </p>
      )}
      {children}
    </li>
  );
}
