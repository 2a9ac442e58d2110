import { Navigate, Outlet } from "react-router";
import { Spinner } from "../../components/Spinner.tsx";
import { useAuth } from "./auth-provider.tsx";

/**
 * The student area: a spinner while the login state loads, /login when logged out (spec
 * section 2). Its pages load their data after they appear; at least a screen tall (less the
 * header), they keep the footer below the fold meanwhile instead of pushing it down later.
 */
export default function RequireAuth() {
  const { status } = useAuth();
  if (status === "signedOut") return <Navigate to="/login" replace />;
  return (
    <div className="min-h-[calc(100svh-4rem)]">
      {status === "loading" ? <Spinner label="Chargement de votre session..." /> : <Outlet />}
    </div>
  );
}
