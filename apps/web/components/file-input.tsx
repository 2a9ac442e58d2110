import type { Ref } from "react";

/**
 * A file input that reads in French: the native control stays the focusable element (keyboard,
 * screen readers, `setInputFiles`) but is visually hidden; a styled "Choisir un fichier" stands
 * for its button, and the chosen file's name (or "Aucun fichier choisi") is shown beside it,
 * instead of the browser's "Choose File / No file chosen".
 */
export function FileInput({
  id,
  name,
  accept,
  multiple = false,
  disabled,
  invalid,
  describedBy,
  chosen,
  onFiles,
  inputRef,
  centred = false,
}: {
  id: string;
  name?: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string | undefined;
  /** What is chosen, in words: the file's name; none for "Aucun fichier choisi". */
  chosen?: string | null;
  onFiles: (files: File[]) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** In a centred drop zone: the button and the file's name centred too. */
  centred?: boolean;
}) {
  return (
    <div className={`flex flex-wrap items-center gap-x-3 gap-y-2 ${centred ? "justify-center" : ""}`}>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
        }}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        className="inline-flex cursor-pointer items-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sun peer-disabled:cursor-not-allowed peer-disabled:bg-gray-300 peer-disabled:text-gray-700"
      >
        {multiple ? "Choisir des fichiers" : "Choisir un fichier"}
      </label>
      <span className="min-w-0 text-sm break-all text-gray-700" data-testid="file-input-chosen">
        {chosen || "Aucun fichier choisi"}
      </span>
    </div>
  );
}
