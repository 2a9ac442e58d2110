import { Link, useLocation } from "react-router";

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
  /** Path prefixes of the item's detail pages (NavItem.sections). */
  sections?: readonly string[];
  className: string;
  onNavigate?: () => void;
};

/** Whether a path is the item's page ("page"), one of its pages below or detail pages ("true"), or neither. */
export function currentness(
  pathname: string,
  to: string,
  sections: readonly string[] = [],
): "page" | "true" | undefined {
  // Case-insensitive, as React Router's NavLink is: /DELE is the /dele page.
  const path = (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname).toLowerCase();
  to = to.toLowerCase();
  if (path === to) return "page";
  if (to !== "/" && path.startsWith(`${to}/`)) return "true";
  return sections.some((prefix) => path === prefix || path.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`))
    ? "true"
    : undefined;
}

/**
 * One navigation link; the current page is marked with aria-current="page" and the brand
 * colour, and its section (a post, an event, a notification) with aria-current="true".
 */
export function NavItemLink({ to, label, shortLabel, badgeCount, sections, className, onNavigate }: Props) {
  const current = currentness(useLocation().pathname, to, sections);
  return (
    <Link
      to={to}
      onClick={onNavigate}
      aria-current={current}
      className={`${className} ${current ? "text-brand-700 aria-[current=page]:font-bold aria-[current=true]:font-bold" : "text-gray-700 hover:text-brand-700"}`}
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
    </Link>
  );
}
