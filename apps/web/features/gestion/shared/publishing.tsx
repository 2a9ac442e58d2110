import { UPLOAD_LIMITS, UPLOAD_TEXT } from "@puerta/contract";
import { FileText } from "lucide-react";
import { type SendFile, useUploadQueue } from "../../../components/file-upload.tsx";
import { TextAreaField, TextField } from "../../../components/form-fields.tsx";
import { submissionKeyOf } from "../../../lib/submission-key.ts";
import { uploadWithProgress } from "../../../lib/upload.ts";

/*
 * Pieces shared by the back-office's file-bearing publishing screens (docs/spec/back-office.md
 * section 5: plannings, supports, orientation).
 */

/** The files of a PDF field, refused above 20 MB before sending (the server checks everything again). */
export const usePdfQueue = (multiple: boolean) =>
  useUploadQueue({ multiple, maxBytes: UPLOAD_LIMITS.pdf.maxBytes, tooLargeMessage: UPLOAD_TEXT.pdfTooLarge });

/** A file's title from its name: "planning_semaine-48.pdf" → "planning semaine-48". */
export const titleFromFileName = (name: string) =>
  name
    .replace(/\.[^.]+$/, "")
    .replace(/[_]+/g, " ")
    .trim()
    .slice(0, 200);

/**
 * Sends one file of an upload queue as multipart, in the field `fileField` with the fields
 * `fieldsOf` gives, with its progress (lib/upload.ts): a PDF, a poster, a photo.
 */
export function fileSender({
  url,
  fileField = "file",
  fieldsOf = () => ({}),
  method = "POST",
}: {
  url: string;
  fileField?: string;
  fieldsOf?: (item: Parameters<SendFile>[0]) => Record<string, string>;
  method?: "POST" | "PUT";
}): SendFile {
  return (item, onProgress, signal) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fieldsOf(item))) body.set(name, value);
    body.set(fileField, item.file, item.file.name);
    // One key per file sent: "Réessayer" on a failed one stores it once (decision 087).
    return submissionKeyOf(item.file).send((idempotencyKey) =>
      uploadWithProgress({ url, method, body, onProgress, signal, idempotencyKey }),
    );
  };
}

/** Sends one PDF with its fields. */
export const pdfSender = (
  url: string,
  fieldsOf: (item: Parameters<SendFile>[0]) => Record<string, string>,
  method: "POST" | "PUT" = "POST",
): SendFile => fileSender({ url, fieldsOf, method });

/** "2,4 Mo". */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024)
    return `${new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1024))} Ko`;
  return `${new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))} Mo`;
}

const day = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** "23 nov. 2026" from "2026-11-23"; "—" for none. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return "—";
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? "—" : day.format(date);
}

const monthName = new Intl.DateTimeFormat("fr-FR", { month: "long", timeZone: "UTC" });

/** The months of the year in French, for a select. */
export const MONTH_OPTIONS = Array.from({ length: 12 }, (_, index) => ({
  value: String(index + 1),
  label: monthName.format(new Date(Date.UTC(2026, index, 1))).replace(/^./, (c) => c.toUpperCase()),
}));

/** "novembre 2026"; "—" when unknown. */
export function formatMonthYear(mois: number | null, annee: number | null): string {
  if (!mois || !annee) return "—";
  return `${monthName.format(new Date(Date.UTC(annee, mois - 1, 1)))} ${annee}`;
}

/** The back-office's own link to a published PDF (opens in a new tab). */
export function PdfLink({ href, label }: { href: string; label: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className="inline-flex items-center gap-1 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
    >
      <FileText aria-hidden="true" className="size-4" />
      Voir le PDF<span className="sr-only"> « {label} » (nouvel onglet)</span>
    </a>
  );
}

export const rowButtonClass =
  "rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-ink hover:bg-gray-50 disabled:cursor-not-allowed disabled:text-gray-500";

type PublishingFieldProps = {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled: boolean;
};

/** What students see as the title of something published (200 characters at most). */
export function TitleField({ value, onChange, error, disabled }: PublishingFieldProps) {
  return (
    <TextField
      label="Titre"
      name="titre"
      value={value}
      onChange={onChange}
      error={error}
      disabled={disabled}
      maxLength={200}
    />
  );
}

/** A published file's optional description. */
export function DescriptionField({ value, onChange, error, disabled }: PublishingFieldProps) {
  return (
    <TextAreaField
      label="Description (facultative)"
      name="description"
      rows={3}
      maxLength={2000}
      value={value}
      onChange={onChange}
      error={error}
      disabled={disabled}
    />
  );
}
