import { NavLink } from "react-router";

/** A counter beside a nav label, only when above 0, read out as "N non lues". */
export function NavBadge({ count }: { count?: number }) {
  if (!count || count <= 0) return null;
  return (
    <span className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs leading-5 font-bold text-white">
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span className="sr-only">{` (${count} non ${count > 1 ? "lues" : "lue"})`}</span>
    </span>
  );
}

type Props = {
  to: string;
  label: string;
  /** Shown instead of the label below 1280 px; the link keeps the full label as its name. */
  shortLabel?: string;
  badgeCount?: number;
  className: string;
  onNavigate?: () => void;
};

/** One navigation link; the current page is marked with aria-current and the brand colour. */
export function NavItemLink({ to, label, shortLabel, badgeCount, className, onNavigate }: Props) {
  return (
    <NavLink
      to={to}
      end={to === "/"}
      onClick={onNavigate}
      className={({ isActive }) =>
        `${className} ${isActive ? "text-brand-700 aria-[current=page]:font-bold" : "text-gray-700 hover:text-brand-700"}`
      }
    >
      {shortLabel ? (
        <>
          <span aria-hidden="true" className="xl:hidden">
            {shortLabel}
          </span>
          <span className="sr-only xl:not-sr-only">{label}</span>
        </>
      ) : (
        label
      )}
      <NavBadge count={badgeCount} />
    </NavLink>
  );
}
