import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { Spinner } from "../../components/spinner.tsx";
import { policyStatusQuery } from "../../lib/policy-status.ts";

/**
 * The policy gate (docs/spec/student-portal.md section 4): opening a gated page checks GET /api/policy/status; a
 * student who has not accepted, or whose check fails, is sent to /policy-acceptance.
 */
export default function RequirePolicy() {
  const { pathname } = useLocation();
  const status = useQuery({ ...policyStatusQuery, refetchOnMount: "always" });

  // The layout stays mounted from one gated page to the next: check again on each.
  const { refetch } = status;
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname !== firstPath.current) void refetch();
  }, [pathname, refetch]);

  if (status.isError || status.data === false) return <Navigate to="/policy-acceptance" replace />;
  if (status.data === true) return <Outlet />;
  return <Spinner label="Vérification de la politique..." />;
}
