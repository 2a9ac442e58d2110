import type { LucideIcon } from "lucide-react";

type Props = {
  title: string;
  message: string;
  icon?: LucideIcon;
  /** 1 when the empty state is the whole page (e.g. a missing item), 2 inside a page. */
  headingLevel?: 1 | 2;
};

/** Nothing to show: a title and a sentence saying why. */
export function EmptyState({ title, message, icon: Icon, headingLevel = 2 }: Props) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <div className="mt-8 rounded-2xl bg-gray-50 p-10 text-center">
      {Icon && <Icon aria-hidden="true" className="mx-auto size-10 text-gray-500" />}
      <Heading className="mt-3 text-lg font-bold text-ink">{title}</Heading>
      <p className="mt-1 text-gray-700">{message}</p>
    </div>
  );
}
