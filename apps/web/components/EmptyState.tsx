import type { LucideIcon } from "lucide-react";

/** Nothing to show: a title and a sentence saying why. */
export function EmptyState({ title, message, icon: Icon }: { title: string; message: string; icon?: LucideIcon }) {
  return (
    <div className="mt-8 rounded-2xl bg-gray-50 p-10 text-center">
      {Icon && <Icon aria-hidden="true" className="mx-auto size-10 text-gray-500" />}
      <h2 className="mt-3 text-lg font-bold text-ink">{title}</h2>
      <p className="mt-1 text-gray-700">{message}</p>
    </div>
  );
}
