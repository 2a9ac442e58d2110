import type { ReactNode } from "react";
import { Link } from "react-router";
import { ApiError } from "../../../lib/api.ts";
import { staffErrorMessage } from "../../../lib/staff-api.ts";

/**
 * The body of a page about one record (a request, a message, a journal entry…): "not found" with
 * a way back, the error, "loading", then the record itself.
 */
export function RecordView<Data>({
  query,
  valid,
  missing,
  back,
  loading,
  children,
}: {
  query: { data: Data | undefined; error: unknown; isError: boolean };
  /** Whether the address names a record at all (a 404 from the server counts as not found too). */
  valid: boolean;
  /** "Cette demande n'existe pas." */
  missing: ReactNode;
  back: { to: string; label: string };
  /** "Chargement de la demande…" */
  loading: string;
  children: (data: Data) => ReactNode;
}) {
  if (!valid || (query.error instanceof ApiError && query.error.status === 404))
    return (
      <p role="alert" className="text-gray-700">
        {missing}{" "}
        <Link to={back.to} className="font-semibold text-brand-700 underline underline-offset-4">
          {back.label}
        </Link>
      </p>
    );
  if (query.isError)
    return (
      <p role="alert" className="text-brand-800">
        {staffErrorMessage(query.error)}
      </p>
    );
  if (query.data === undefined)
    return (
      <p role="status" className="text-gray-700">
        {loading}
      </p>
    );
  return children(query.data);
}
