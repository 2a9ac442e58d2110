import type { AuditEntry } from "@puerta/contract";
import { Link } from "react-router";
import { actionLabel, actorLabel } from "./audit-labels.ts";
import { formatDateTime } from "./format.ts";

/** One entry in a short list (the dashboard): when, who, what; a link to its details. */
export function AuditEntryLine({ entry, linked }: { entry: AuditEntry; linked: boolean }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:items-baseline sm:gap-4">
      <span className="shrink-0 text-sm text-gray-700 tabular-nums">{formatDateTime(entry.at)}</span>
      <span className="min-w-0">
        {linked ? (
          <Link
            to={`/gestion/journal/${entry.id}`}
            className="font-semibold text-ink underline-offset-4 hover:underline"
          >
            {entry.summary}
          </Link>
        ) : (
          <span className="font-semibold text-ink">{entry.summary}</span>
        )}
        <span className="block text-sm text-gray-700">
          {actorLabel(entry)} · {actionLabel(entry.action)}
        </span>
      </span>
    </div>
  );
}
