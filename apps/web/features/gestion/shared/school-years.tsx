import { PUBLISHED_YEAR_MESSAGES, type PublishedYear } from "@puerta/contract";
import type { ListFilter } from "../../../components/data-table.tsx";
import type { useToast } from "../../../components/toaster.tsx";
import { staffErrorMessage } from "../../../lib/staff-api.ts";
import { useSchoolYears } from "./api.ts";
import { rowButtonClass } from "./publishing.tsx";

/**
 * The *Année* filter of a publishing list (plannings, notifications, events;
 * docs/spec/school-year-and-data.md section 2): nothing chosen is the current year, as the API
 * reads it; the other years bring back their items, read-only. `enabled`: whether the caller may
 * read the list at all (no call otherwise).
 */
export function useYearFilter(enabled: boolean): ListFilter {
  const years = useSchoolYears(enabled).data?.data ?? [];
  const current = years.find((year) => year.statut === "en_cours");
  return {
    name: "annee",
    label: PUBLISHED_YEAR_MESSAGES.yearLabel,
    allLabel: current ? `${current.label} (en cours)` : "Année en cours",
    options: years.filter((year) => year !== current).map((year) => ({ value: String(year.id), label: year.label })),
  };
}

/** A row of a year that is not the current one: shown, never edited. */
export const isPastYear = (row: { annee: PublishedYear }) => row.annee.statut !== "en_cours";

/** The actions of a closed year's row: *Republier* (for whoever may create), and the read-only mark. */
export function PastYearActions({
  name,
  canRepublish,
  pending,
  onRepublish,
}: {
  /** What the row is, for screen readers ("le planning Semaine 48"). */
  name: string;
  canRepublish: boolean;
  pending: boolean;
  onRepublish: () => void;
}) {
  return (
    <span className="flex flex-wrap items-center justify-end gap-2">
      <span className="text-xs text-gray-700">{PUBLISHED_YEAR_MESSAGES.readOnly}</span>
      {canRepublish && (
        <button type="button" onClick={onRepublish} disabled={pending} className={rowButtonClass}>
          {PUBLISHED_YEAR_MESSAGES.republish}
          <span className="sr-only"> {name}</span>
        </button>
      )}
    </span>
  );
}

/**
 * Sends *Republier* (the screen's `mutateAsync`) and says how it went: "Republié pour l'année
 * 2026-2027." (or the draft's message for a notification), or the server's French refusal.
 */
export async function republishWithToast(
  toast: ReturnType<typeof useToast>,
  send: () => Promise<{ annee: PublishedYear }>,
  { name, draft = false }: { name: string; draft?: boolean },
) {
  try {
    const copy = await send();
    const message = draft ? PUBLISHED_YEAR_MESSAGES.republishedDraft : PUBLISHED_YEAR_MESSAGES.republished;
    toast({ title: message(copy.annee.label), description: name });
  } catch (error) {
    toast({ kind: "error", title: "La republication n'a pas abouti.", description: staffErrorMessage(error) });
  }
}
