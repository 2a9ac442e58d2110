import { Link } from "react-router";
import { ApiError } from "../../../lib/api.ts";
import { staffErrorMessage } from "../../../lib/staff-api.ts";

/**
 * A record that could not be shown: "not found" (or the error), then a link back to its list, so
 * that no screen ends on "Ressource introuvable." alone.
 */
export function LoadFailed({
  error,
  missing,
  back,
}: {
  error: unknown;
  /** Said for a 404: "Cette notification n'existe pas." */
  missing: string;
  back: { to: string; label: string };
}) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <p role="alert" className="rounded-xl border border-gray-200 bg-white p-6 text-gray-700">
      {notFound ? missing : staffErrorMessage(error)}{" "}
      <Link to={back.to} className="font-semibold text-brand-700 underline underline-offset-4">
        {back.label}
      </Link>
    </p>
  );
}
