import type { CalendarColor } from "@puerta/contract";
import { CalendarDays, Clock, type LucideIcon, MapPin, Users } from "lucide-react";
import type { ReactNode } from "react";

/** Literal class names per colour token, so that Tailwind finds them in this file. */
export const COLOR_CLASSES: Record<CalendarColor, { accent: string; badge: string; border: string }> = {
  green: { accent: "bg-green-100 text-green-800", badge: "bg-green-100 text-green-900", border: "border-l-green-600" },
  purple: {
    accent: "bg-purple-100 text-purple-800",
    badge: "bg-purple-100 text-purple-900",
    border: "border-l-purple-600",
  },
  blue: { accent: "bg-blue-100 text-blue-800", badge: "bg-blue-100 text-blue-900", border: "border-l-blue-600" },
  red: { accent: "bg-red-100 text-red-800", badge: "bg-red-100 text-red-900", border: "border-l-red-600" },
  amber: { accent: "bg-amber-100 text-amber-800", badge: "bg-amber-100 text-amber-900", border: "border-l-amber-500" },
  teal: { accent: "bg-teal-100 text-teal-800", badge: "bg-teal-100 text-teal-900", border: "border-l-teal-600" },
  pink: { accent: "bg-pink-100 text-pink-800", badge: "bg-pink-100 text-pink-900", border: "border-l-pink-600" },
  indigo: {
    accent: "bg-indigo-100 text-indigo-800",
    badge: "bg-indigo-100 text-indigo-900",
    border: "border-l-indigo-600",
  },
  orange: {
    accent: "bg-orange-100 text-orange-800",
    badge: "bg-orange-100 text-orange-900",
    border: "border-l-orange-500",
  },
  slate: { accent: "bg-slate-100 text-slate-800", badge: "bg-slate-100 text-slate-900", border: "border-l-slate-600" },
  sky: { accent: "bg-sky-100 text-sky-800", badge: "bg-sky-100 text-sky-900", border: "border-l-sky-600" },
};

type Props = {
  icon: LucideIcon;
  color: CalendarColor;
  title: string;
  /** The day in French and its machine-readable form. */
  date: string;
  rawDate: string;
  /** An event's hours ("14:30 – 17:00", "Toute la journée"); a holiday has none. */
  hours?: string;
  description: string;
  location: string;
  participants: string;
  typeLabel: string;
  /** Wraps the title, e.g. in a link to the detail page (the whole card is then clickable). */
  renderTitle?: (title: string) => ReactNode;
};

/** One day of a calendar: an event or a holiday, with the fields of docs/spec/student-portal.md section 2. */
export function CalendarCard(props: Props) {
  const { icon: Icon, color, title, date, rawDate, description, location, participants, typeLabel } = props;
  const classes = COLOR_CLASSES[color];
  return (
    <article
      className={`relative flex h-full flex-col rounded-2xl border border-l-4 border-gray-200 bg-white p-5 shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md ${classes.border}`}
    >
      <div className="flex items-start gap-3">
        <span className={`grid size-11 shrink-0 place-items-center rounded-xl ${classes.accent}`}>
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm font-medium text-gray-700">
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays aria-hidden="true" className="size-4" />
              <time dateTime={rawDate.slice(0, 10)}>{date}</time>
            </span>
            {props.hours ? (
              <span className="inline-flex items-center gap-1.5">
                <Clock aria-hidden="true" className="size-4" />
                <span className="sr-only">Horaire : </span>
                {props.hours}
              </span>
            ) : null}
          </p>
          <h2 className="mt-1 text-lg font-bold leading-snug break-words text-ink">
            {props.renderTitle ? props.renderTitle(title) : title}
          </h2>
        </div>
      </div>
      <p className="mt-3 line-clamp-2 text-gray-700 break-words">{description}</p>
      <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2 pt-4 text-sm text-gray-700">
        <span className="inline-flex items-center gap-1.5">
          <MapPin aria-hidden="true" className="size-4" />
          <span className="sr-only">Lieu : </span>
          {location}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <Users aria-hidden="true" className="size-4" />
          <span className="sr-only">Participants : </span>
          {participants}
        </span>
        <span className={`ml-auto rounded-full px-2.5 py-0.5 text-xs font-bold ${classes.badge}`}>{typeLabel}</span>
      </div>
    </article>
  );
}

/** A list of cards in a responsive grid. */
export function CalendarGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <ul aria-label={label} className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
      {children}
    </ul>
  );
}
