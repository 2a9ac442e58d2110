import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import type { NavBadges, NavItem } from "./nav-items.ts";
import { NavItemLink } from "./nav-link.tsx";

/**
 * The navigation below the layout breakpoint: a "Menu" button (aria-expanded) that opens the
 * list under the header. Escape closes it and gives the focus back to the button; following
 * a link closes it too.
 */
export function MobileMenu({ items, badges }: { items: readonly NavItem[]; badges: NavBadges }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation on purpose.
  useEffect(() => setOpen(false), [location.pathname, location.hash, location.search]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  const close = () => setOpen(false);
  const badgeTotal = Object.values(badges).reduce<number>((sum, n) => sum + (n && n > 0 ? n : 0), 0);

  return (
    <div className="nav:hidden">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="relative inline-flex items-center gap-2 rounded-xl border border-gray-200 px-3 py-2 text-sm font-semibold text-ink hover:bg-gray-50"
      >
        {open ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
        <span className="sr-only sm:not-sr-only">Menu</span>
        {badgeTotal > 0 && !open && (
          <span
            aria-hidden="true"
            className="absolute -top-1 -right-1 size-3 rounded-full bg-brand-600 ring-2 ring-white"
          />
        )}
      </button>
      <nav
        id={panelId}
        aria-label="Navigation principale"
        hidden={!open}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-gray-100 bg-white shadow-xl"
      >
        <ul className="mx-auto max-w-7xl space-y-1 px-4 py-4">
          {items.map((item) => (
            <li key={item.to}>
              <NavItemLink
                to={item.to}
                label={item.label}
                badgeCount={badges[item.to]}
                sections={item.sections}
                onNavigate={close}
                className="flex items-center rounded-xl px-3 py-3 text-base font-semibold hover:bg-brand-50"
              />
              {item.anchors && (
                <ul className="mb-2 ml-4 border-l-2 border-brand-100 pl-3">
                  {item.anchors.map((anchor) => (
                    <li key={anchor.hash}>
                      <Link
                        to={`${item.to}${anchor.hash}`}
                        onClick={close}
                        className="block rounded-lg px-3 py-2 text-sm font-medium text-gray-600 hover:bg-brand-50 hover:text-brand-700"
                      >
                        {anchor.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
