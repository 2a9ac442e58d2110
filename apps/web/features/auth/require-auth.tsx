import { dehydrate } from "@tanstack/react-query";
import { data, type LoaderFunctionArgs, Navigate, Outlet, useLocation } from "react-router";
import type { PaintFirstHandle } from "../../app/paint-first.ts";
import { ApiError } from "../../lib/api.ts";
import { useAuth } from "../../lib/auth-provider.tsx";
import { inTheBrowser, type PageData, serverQueryClient } from "../../lib/page-data.tsx";
import { userQuery } from "../../lib/session.ts";
import { signedOutRedirect } from "../../lib/signed-out-redirect.ts";
import { FormerStudentPage, outsideFormerStudentArea } from "./former-student-page.tsx";

/**
 * The student area's gate, on the server (decision 101): who is signed in (`GET /api/user`,
 * with the request's session cookie), in the page's query cache; a visitor without a session
 * is redirected to /login, with where they were going (docs/spec/student-portal.md section 2).
 * It runs for the document and for each navigation into the area, not between its pages.
 * A former student on a page their area does not keep gets the page that says so, answered 403
 * (docs/spec/school-year-and-data.md section 3; the component below shows it).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const client = serverQueryClient();
  try {
    const user = await client.fetchQuery(userQuery);
    if (outsideFormerStudentArea(user, new URL(request.url).pathname)) {
      return data<PageData>({ queries: dehydrate(client) }, { status: 403 });
    }
  } catch (error) {
    // Anything but an answer of the API (a bug) is the error page's.
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401) throw signedOutRedirect(request);
    // The database down for a moment: the page says so, answered 503 as the API was, not 500.
    if (error.status === 503) throw data(error.message, { status: 503 });
    throw error;
  }
  return { queries: dehydrate(client) } satisfies PageData;
}

/**
 * The area's pages are painted before their scripts are asked for (app/paint-first.ts): their
 * first screen is in the HTML, and their controls wait for the app (app/inert-until-hydrated.tsx).
 */
export const handle: PaintFirstHandle = { paintFirst: true };

/** Between the area's pages, the session is the browser's to know: the component below. */
export const clientLoader = inTheBrowser;

/**
 * The student area in the browser: a session that ends (logout, a 401 from any call, lib/api.ts)
 * leaves for /login. At least a screen tall (less the header), the footer stays below the fold.
 */
export default function RequireAuth() {
  const { status, session } = useAuth();
  const { pathname } = useLocation();
  if (status === "signedOut") return <Navigate to="/login" replace />;
  return (
    <div className="min-h-[calc(100svh-4rem)]">
      {outsideFormerStudentArea(session?.user, pathname) ? <FormerStudentPage /> : <Outlet />}
    </div>
  );
}
