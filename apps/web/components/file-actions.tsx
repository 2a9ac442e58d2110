import { Download, Eye } from "lucide-react";
import { useState } from "react";
import { downloadFile, openFileInNewTab } from "../lib/file-download.ts";

type Props = {
  /** The authorised download route of the file. */
  path: string | null;
  fileName: string;
  /** The document's title, so each button says which file it acts on. */
  title: string;
  /** The alert text for a failed action (each screen has its own, docs/spec/student-portal.md section 8). */
  errorText: (error: unknown) => string;
  /** 'Voir le PDF' is offered when true. */
  viewable?: boolean;
  downloadLabel?: string;
};

const button =
  "inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold disabled:cursor-wait disabled:opacity-60";

/** 'Voir le PDF' (in a new tab) and download buttons of a document, with a busy state and an alert on failure. */
export function FileActions({
  path,
  fileName,
  title,
  errorText,
  viewable = true,
  downloadLabel = "Télécharger",
}: Props) {
  const [busy, setBusy] = useState<"view" | "download" | null>(null);

  async function run(kind: "view" | "download") {
    setBusy(kind);
    try {
      if (!path) throw new Error("Invalid file path");
      if (kind === "view") await openFileInNewTab(path);
      else await downloadFile(path, fileName);
    } catch (error) {
      window.alert(errorText(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    // Kept whole beside a long title: the title wraps, not the button's label.
    <div className="flex shrink-0 flex-wrap gap-2">
      {viewable && (
        <button
          type="button"
          onClick={() => void run("view")}
          disabled={busy !== null}
          aria-label={`Voir le PDF : ${title}`}
          className={`${button} border border-brand-600 text-brand-700 hover:bg-brand-50`}
        >
          <Eye aria-hidden="true" className="size-4" />
          {busy === "view" ? "Ouverture..." : "Voir le PDF"}
        </button>
      )}
      <button
        type="button"
        onClick={() => void run("download")}
        disabled={busy !== null}
        aria-label={`${downloadLabel} : ${title}`}
        className={`${button} bg-brand-600 text-white hover:bg-brand-700`}
      >
        <Download aria-hidden="true" className="size-4" />
        {busy === "download" ? "Téléchargement..." : downloadLabel}
      </button>
    </div>
  );
}
