import type { LucideIcon } from "lucide-react";

export type SummaryItem = { label: string; value: string | number; icon: LucideIcon };

/** A band of key figures above a list (the calendars' totals): the figure shows above its label; three across even on a phone. */
export function SummaryBand({ items, label }: { items: SummaryItem[]; label: string }) {
  return (
    <section aria-label={label} className="mt-6">
      <dl className="grid grid-cols-3 gap-2 sm:gap-3">
        {items.map(({ label: itemLabel, value, icon: Icon }) => (
          <div
            key={itemLabel}
            className="relative flex flex-col-reverse justify-center rounded-2xl border border-gray-200 bg-white p-3 text-center shadow-sm sm:min-h-19 sm:py-4 sm:pr-4 sm:pl-19 sm:text-left"
          >
            <dt className="text-xs text-gray-700 sm:text-sm">
              <span className="absolute top-1/2 left-4 hidden size-11 -translate-y-1/2 place-items-center rounded-xl bg-brand-50 text-brand-700 sm:grid">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              {itemLabel}
            </dt>
            <dd className="text-xl font-extrabold text-ink sm:text-2xl">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
