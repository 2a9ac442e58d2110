import type { LucideIcon } from "lucide-react";

export type SummaryItem = { label: string; value: string | number; icon: LucideIcon };

/** A band of key figures above a list (the calendars' totals): the figure shows above its label. */
export function SummaryBand({ items, label }: { items: SummaryItem[]; label: string }) {
  return (
    <section aria-label={label} className="mt-6">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {items.map(({ label: itemLabel, value, icon: Icon }) => (
          <div
            key={itemLabel}
            className="relative flex min-h-19 flex-col-reverse justify-center rounded-2xl border border-gray-200 bg-white py-4 pr-4 pl-19 shadow-sm"
          >
            <dt className="text-sm text-gray-700">
              <span className="absolute top-1/2 left-4 grid size-11 -translate-y-1/2 place-items-center rounded-xl bg-brand-50 text-brand-700">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              {itemLabel}
            </dt>
            <dd className="text-2xl font-extrabold text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
