import { dehydrate, type QueryClient } from "@tanstack/react-query";
import { data, type LoaderFunctionArgs, Outlet, redirect } from "react-router";
import { ApiError } from "../../lib/api.ts";
import { type PageData, serverQueryClient } from "../../lib/page-data.tsx";
import { policyStatusQuery } from "../../lib/policy-status.ts";
import { appQueryClient } from "../../lib/query-client.tsx";
import { userQuery } from "../../lib/session.ts";
import { signedOutRedirect } from "../../lib/signed-out-redirect.ts";

/**
 * The API down for a moment (503: the database slow or unreachable) is not a refused check: the
 * page says so, answered 503 as the API was (app/root.tsx's outage screen), and a student who
 * accepted is not sent to the policy (decision 107). Any other failure counts as not accepted.
 */
function outageOf(error: unknown) {
  return error instanceof ApiError && error.status === 503 ? data(error.message, { status: 503 }) : undefined;
}

/**
 * A former student is not asked to accept the policy (docs/spec/school-year-and-data.md section 3):
 * it is about an enrolment they no longer have, and the pages they keep do not depend on it.
 * Asked only when the check did not pass (the API refuses a former student the policy's routes).
 */
const isFormerStudent = (client: QueryClient) =>
  client.fetchQuery(userQuery).then(
    (user) => user.etudiant?.statut_scolaire === "ancien_eleve",
    () => false,
  );

/**
 * The policy gate (docs/spec/student-portal.md section 4), on the server (decision 101): opening
 * a gated page checks GET /api/policy/status; a student who has not accepted, or whose check
 * fails, is redirected to /policy-acceptance before anything of the page is sent; one whose
 * session has ended, to /login; an outage shows the outage page.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<PageData> {
  const client = serverQueryClient();
  const accepted = await client.fetchQuery(policyStatusQuery).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 401) throw signedOutRedirect(request);
    const outage = outageOf(error);
    if (outage) throw outage;
    return false;
  });
  if (!accepted && !(await isFormerStudent(client))) throw redirect("/policy-acceptance");
  return { queries: dehydrate(client) };
}

/** The same gate for a navigation inside the app, asked from the browser. */
export async function clientLoader(): Promise<null> {
  const accepted = await appQueryClient()
    .fetchQuery({ ...policyStatusQuery, staleTime: 0 })
    .catch((error: unknown) => {
      const outage = outageOf(error);
      if (outage) throw outage;
      return false;
    });
  if (!accepted && !(await isFormerStudent(appQueryClient()))) throw redirect("/policy-acceptance");
  return null;
}

/** The layout stays mounted from one gated page to the next: the gate checks again on each. */
export const shouldRevalidate = () => true;

export default function RequirePolicy() {
  return <Outlet />;
}
