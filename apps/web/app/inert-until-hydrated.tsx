import { createContext, type ReactNode, use } from "react";
import { useHydrated } from "../lib/use-hydrated.ts";

/**
 * Whether the page is rendered for a request (true) or prerendered at build time (false, set by
 * app/entry.server.tsx). In the browser the app only ever hydrates pages rendered for a request:
 * the prerendered ones have islands instead (decision 008), hence the default.
 */
export const RenderedForRequest = createContext(true);

/**
 * Until the app has hydrated, every button, field and list of a page rendered for a request is
 * disabled, links alone work (decision 102). A disabled fieldset disables every form control
 * inside it (not links): a tap lands on nothing rather than on a control that does nothing, and
 * a form cannot be sent natively (its fields cannot be focused, its buttons cannot be pressed),
 * which would put a password in an address. `display: contents`: the fieldset has no box of its
 * own, so the page's layout is the same with it; `role="none"`: it is no group for assistive
 * technologies, whose users hear each control as unavailable until then.
 *
 * The server and the hydration write it disabled (useHydrated's server value), so they agree;
 * it is enabled by the render that follows the hydration. Prerendered pages do not have it: their
 * HTML stays what it was, and their islands keep their own replay (lib/before-hydration.ts).
 */
export function InertUntilHydrated({ children }: { children: ReactNode }) {
  const renderedForRequest = use(RenderedForRequest);
  const hydrated = useHydrated();
  if (!renderedForRequest) return children;
  return (
    <fieldset disabled={!hydrated} role="none" className="contents">
      {children}
    </fieldset>
  );
}
