import type { StaffMeResponse, StaffUser } from "@puerta/contract";
import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext } from "react";
import { STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";

/**
 * Who is signed in to the back-office: asked of the server (GET /api/gestion/me), kept in the
 * query cache only. The session itself is an HttpOnly cookie; nothing of it is stored in the
 * browser (docs/spec/back-office.md section 2).
 */
export const staffMeQuery = queryOptions({
  queryKey: [STAFF_QUERY_KEY, "me"],
  queryFn: ({ signal }) => staffJson<StaffMeResponse>("/api/gestion/me", { signal }),
  staleTime: 60_000,
  retry: false,
});

/** After the second step: the user is known without asking again. */
export function rememberStaffUser(client: QueryClient, user: StaffUser) {
  client.setQueryData(staffMeQuery.queryKey, { user });
}

/** Forgets everything the back-office loaded (sign-out, end of session). */
export function forgetStaffData(client: QueryClient) {
  client.removeQueries({ queryKey: [STAFF_QUERY_KEY] });
}

/** When a call finds the session ended: everything the back-office loaded is forgotten. */
export function useForgetStaffData(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => forgetStaffData(queryClient), [queryClient]);
}

/** "Se déconnecter": the server ends the session; whatever it answered, it is forgotten here too. */
export function useStaffSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => staffJson<void>("/api/gestion/logout", { method: "POST" }).catch(() => undefined),
    onSettled: () => forgetStaffData(queryClient),
  });
}

export const StaffUserContext = createContext<StaffUser | null>(null);

/** The signed-in staff member, inside the back-office's layout. */
export function useStaffUser(): StaffUser {
  const user = useContext(StaffUserContext);
  if (!user) throw new Error("useStaffUser() must be used inside the back-office's layout");
  return user;
}

/** Where the sign-in page sends back to: only a back-office path of this site. */
export function safeReturnPath(value: string | null): string {
  if (!value || !/^\/gestion(\/|$|\?)/.test(value) || value.startsWith("/gestion/connexion")) return "/gestion";
  return value;
}
