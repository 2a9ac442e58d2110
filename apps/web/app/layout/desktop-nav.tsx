import { ChevronDown } from "lucide-react";
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import type { NavBadges, NavItem } from "./nav-items.ts";
import { NavItemLink } from "./nav-link.tsx";

const linkClass =
  "inline-flex items-center rounded-lg px-1 py-2 text-[0.8rem] lg:px-2 font-semibold whitespace-nowrap transition-colors xl:px-3 xl:text-sm";

/** The navigation bar at and above the layout breakpoint (about 900 px). */
export function DesktopNav({ items, badges }: { items: readonly NavItem[]; badges: NavBadges }) {
  return (
    <nav aria-label="Navigation principale" className="hidden border-t border-gray-100 nav:block">
      <ul className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-0.5 px-4">
        {items.map((item) => (
          <li key={item.to} className="relative">
            {item.anchors ? (
              <NavDropdown item={item} />
            ) : (
              <NavItemLink
                to={item.to}
                label={item.label}
                shortLabel={item.shortLabel}
                badgeCount={badges[item.to]}
                sections={item.sections}
                className={linkClass}
              />
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A page link with a disclosure button listing its sections; Escape or leaving it closes the list. */
function NavDropdown({ item }: { item: NavItem }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Following a link closes the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation on purpose.
  useEffect(() => setOpen(false), [location.pathname, location.hash]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      setOpen(false);
      toggle.current?.focus();
    }
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only listens for Escape and focus leaving.
    <div className="flex items-center" onKeyDown={onKeyDown} onBlur={onBlur} onMouseLeave={() => setOpen(false)}>
      <NavItemLink to={item.to} label={item.label} className={`${linkClass} pr-0.5 xl:pr-1`} />
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className="rounded-md p-1 text-gray-500 hover:bg-gray-100 hover:text-brand-700"
      >
        <ChevronDown aria-hidden="true" className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} />
        <span className="sr-only">Sections de la page {item.label}</span>
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute top-full left-0 z-50 mt-1 min-w-56 rounded-xl bg-white p-2 shadow-xl ring-1 ring-gray-200"
      >
        {item.anchors?.map((anchor) => (
          <li key={anchor.hash}>
            <Link
              to={`${item.to}${anchor.hash}`}
              className="block rounded-lg px-3 py-2 text-sm font-medium text-gray-700 hover:bg-brand-50 hover:text-brand-700"
            >
              {anchor.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
