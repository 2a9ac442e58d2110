/**
 * What islands use of React Router, for pages without a client-side router (decision 008).
 * The islands build puts this module in place of "react-router": a link is a plain link,
 * a redirect loads a document, the location is the page's. The markup is React Router's own,
 * byte for byte (test/document-router.test.tsx), since pages are prerendered with the real one.
 * An import of anything else fails the islands build.
 */
import { type AnchorHTMLAttributes, type CSSProperties, createContext, type ReactNode, useContext } from "react";
import type { Location, Navigator, Path, To } from "react-router";

type PageLocation = Pick<Location, "pathname" | "search" | "hash">;

const LocationContext = createContext<PageLocation>({ pathname: "/", search: "", hash: "" });
const NavigatorContext = createContext<Navigator | null>(null);

export function createPath({ pathname = "/", search = "", hash = "" }: Partial<Path>): string {
  let path = pathname;
  if (search && search !== "?") path += search.startsWith("?") ? search : `?${search}`;
  if (hash && hash !== "#") path += hash.startsWith("#") ? hash : `#${hash}`;
  return path;
}

const pathnameOf = (to: To) => (typeof to === "string" ? (to.split(/[?#]/)[0] ?? "") : (to.pathname ?? "")) || "/";
const isAbsoluteUrl = (to: To) => typeof to === "string" && /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(to);

export function Router({
  location,
  navigator,
  children,
}: {
  location: Partial<Location>;
  navigator: Navigator;
  children?: ReactNode;
}) {
  const page = { pathname: "/", search: "", hash: "", ...location };
  return (
    <NavigatorContext value={navigator}>
      <LocationContext value={page}>{children}</LocationContext>
    </NavigatorContext>
  );
}

export function useLocation(): Location {
  return { ...useContext(LocationContext), state: null, key: "default", mask: undefined } as Location;
}

export function useNavigate() {
  const navigator = useContext(NavigatorContext);
  return (to: To | number, options?: { replace?: boolean }) => {
    if (!navigator) throw new Error("useNavigate() hors d'un <Router>");
    if (typeof to === "number") navigator.go(to);
    else if (options?.replace) navigator.replace(to);
    else navigator.push(to);
  };
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: To;
  replace?: boolean;
  reloadDocument?: boolean;
  discover?: "render" | "none";
};

/**
 * A document link: the browser follows it (no client-side router to hand it to). Its address
 * is the navigator's, as React Router's is.
 */
export function Link({ to, replace: _replace, reloadDocument: _reload, discover = "render", ...rest }: LinkProps) {
  const navigator = useContext(NavigatorContext);
  if (!navigator) throw new Error("<Link> hors d'un <Router>");
  const external = isAbsoluteUrl(to);
  const href = external ? String(to) : navigator.createHref(to);
  return <a {...rest} href={href} data-discover={!external && discover === "render" ? "true" : undefined} />;
}

type NavLinkRenderProps = { isActive: boolean; isPending: boolean; isTransitioning: boolean };
type NavLinkProps = Omit<LinkProps, "className" | "style" | "children"> & {
  end?: boolean;
  caseSensitive?: boolean;
  className?: string | ((props: NavLinkRenderProps) => string | undefined);
  style?: CSSProperties | ((props: NavLinkRenderProps) => CSSProperties | undefined);
  children?: ReactNode | ((props: NavLinkRenderProps) => ReactNode);
};

/** A link marked aria-current="page" when it leads to the page, by React Router's rule. */
export function NavLink({
  "aria-current": ariaCurrent = "page",
  caseSensitive = false,
  className = "",
  end = false,
  style,
  to,
  children,
  ...rest
}: NavLinkProps) {
  let toPathname = pathnameOf(to);
  let pathname = useContext(LocationContext).pathname;
  if (!caseSensitive) {
    toPathname = toPathname.toLowerCase();
    pathname = pathname.toLowerCase();
  }
  const endSlash = toPathname !== "/" && toPathname.endsWith("/") ? toPathname.length - 1 : toPathname.length;
  const isActive =
    pathname === toPathname || (!end && pathname.startsWith(toPathname) && pathname.charAt(endSlash) === "/");
  const state = { isActive, isPending: false, isTransitioning: false };
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? ariaCurrent : undefined}
      className={
        typeof className === "function"
          ? className(state)
          : [className, isActive ? "active" : null].filter(Boolean).join(" ")
      }
      style={typeof style === "function" ? style(state) : style}
    >
      {typeof children === "function" ? children(state) : children}
    </Link>
  );
}
