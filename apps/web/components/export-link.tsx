import { Download } from "lucide-react";
import { secondaryButtonClass } from "./button-styles.ts";

/**
 * "Exporter": a list's `export.csv` with the filters on screen (docs/spec/back-office.md section 8).
 * A plain link: the staff session's cookie goes with it and the server answers a download.
 */
export function ExportLink({
  href,
  label = "Exporter",
  description,
}: {
  href: string;
  label?: string;
  description: string;
}) {
  return (
    <a href={href} download className={secondaryButtonClass}>
      <Download aria-hidden="true" className="size-4" />
      {label}
      <span className="sr-only"> {description} (CSV)</span>
    </a>
  );
}
