import { Navigate, Outlet } from "react-router";
import { Spinner } from "../../components/Spinner.tsx";
import { useAuth } from "./auth-provider.tsx";

/** The student area: a spinner while the login state loads, /login when logged out (spec section 2). */
export default function RequireAuth() {
  const { status } = useAuth();
  if (status === "loading") return <Spinner label="Chargement de votre session..." />;
  if (status === "signedOut") return <Navigate to="/login" replace />;
  return <Outlet />;
}
