import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/** Pages whose hash target is scrolled to after a delay (docs/spec/marketing-site.md section 1: /caplife, 100 ms). */
const DELAYED_HASH_SCROLL_MS: Record<string, number> = { "/caplife": 100 };

function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/**
 * On every route change: scroll smoothly to the hash target when there is one, otherwise
 * to the top. Back/forward navigations keep the position the browser restores.
 */
export function useRouteScroll() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if (!hash) {
      if (navigationType !== "POP") window.scrollTo({ top: 0, left: 0, behavior: "instant" });
      return;
    }
    const scroll = () => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      target?.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
    };
    const delay = DELAYED_HASH_SCROLL_MS[pathname];
    if (delay === undefined) {
      scroll();
      return;
    }
    const timer = window.setTimeout(scroll, delay);
    return () => window.clearTimeout(timer);
  }, [pathname, hash, navigationType]);
}
