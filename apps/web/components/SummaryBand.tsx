import type { LucideIcon } from "lucide-react";

export type SummaryItem = { label: string; value: string | number; icon: LucideIcon };

/** A band of key figures above a list (the calendars' totals). */
export function SummaryBand({ items, label }: { items: SummaryItem[]; label: string }) {
  return (
    <section aria-label={label} className="mt-6">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {items.map(({ label: itemLabel, value, icon: Icon }) => (
          <div
            key={itemLabel}
            className="flex items-center gap-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm"
          >
            <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div className="flex flex-col-reverse">
              <dt className="text-sm text-gray-700">{itemLabel}</dt>
              <dd className="text-2xl font-extrabold text-ink">{value}</dd>
            </div>
          </div>
        ))}
      </dl>
    </section>
  );
}
