import { dehydrate } from "@tanstack/react-query";
import { Outlet, redirect } from "react-router";
import { type PageData, serverQueryClient } from "../../lib/page-data.tsx";
import { policyStatusQuery } from "../../lib/policy-status.ts";

/**
 * The policy gate (docs/spec/student-portal.md section 4), on the server (decision 101): opening
 * a gated page checks GET /api/policy/status; a student who has not accepted, or whose check
 * fails, is redirected to /policy-acceptance before anything of the page is sent.
 */
export async function loader(): Promise<PageData> {
  const client = serverQueryClient();
  const accepted = await client.fetchQuery(policyStatusQuery).catch(() => false);
  if (!accepted) throw redirect("/policy-acceptance");
  return { queries: dehydrate(client) };
}

/** The layout stays mounted from one gated page to the next: the gate checks again on each. */
export const shouldRevalidate = () => true;

export default function RequirePolicy() {
  return <Outlet />;
}
