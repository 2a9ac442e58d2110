import { Navigate, Outlet, useLocation } from "react-router";
import { useAuth } from "../../lib/auth-provider.tsx";
import { rememberLoginReturn } from "../../lib/login-return.ts";

/** Whether this document has had a signed-in student: then a signed-out state is a logout. */
let signedInOnce = false;

/**
 * The student area: /login when logged out (docs/spec/student-portal.md section 2). The session is unknown only
 * while a prerendered shell is written and hydrated (decision 009); the page is rendered then
 * as it is once signed in, in the same place, so the title the shell painted stays the same
 * element. Its pages load their data after they appear; at least a screen tall (less the
 * header), they keep the footer below the fold meanwhile instead of pushing it down later.
 */
export default function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === "signedIn") signedInOnce = true;
  if (status === "signedOut") {
    // After the sign-in, back to the page a visitor arrived on (an e-mail's link, a bookmark);
    // not after a logout, whose next sign-in starts afresh.
    if (!signedInOnce) rememberLoginReturn(`${location.pathname}${location.search}`);
    return <Navigate to="/login" replace />;
  }
  return (
    <div className="min-h-[calc(100svh-4rem)]">
      <Outlet />
    </div>
  );
}
