import { Outlet } from "react-router";
import { useRouteScroll } from "../../components/use-route-scroll.ts";

/** Wraps the public pages: scroll to the top, or to the hash target, on each route change. */
export default function PublicPagesLayout() {
  useRouteScroll();
  return <Outlet />;
}
