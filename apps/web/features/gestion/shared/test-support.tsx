import type { StaffUser } from "@puerta/contract";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { Toaster } from "../../../components/toaster.tsx";
import { createQueryClient } from "../../../lib/query-client.tsx";
import { StaffUserContext } from "../session/staff-session.ts";

export const DIRECTION: StaffUser = {
  id: 1,
  name: "Nadia Direction",
  email: "direction.demo@example.com",
  role: "direction",
  centre_ids: [],
};

export const SECRETARIAT: StaffUser = {
  id: 2,
  name: "Salma Secrétariat",
  email: "secretariat.demo@example.com",
  role: "secretariat",
  centre_ids: [1],
};

export const PEDAGOGIE: StaffUser = {
  id: 3,
  name: "Karim Pédagogie",
  email: "pedagogie.demo@example.com",
  role: "pedagogie",
  centre_ids: [],
};

/** A back-office screen as the layout gives it: the signed-in user, the toasts, the query cache, a router. */
export function renderStaffScreen(path: string, element: ReactNode, user: StaffUser = DIRECTION) {
  // Any other address (where a screen navigates to) shows a stand-in, for the test to read the location.
  const router = createMemoryRouter(
    [
      { path, element },
      { path: "*", element: <p>Autre page</p> },
    ],
    { initialEntries: [path.replace(":id", "7")] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <StaffUserContext.Provider value={user}>
        <Toaster>
          <RouterProvider router={router} />
        </Toaster>
      </StaffUserContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}
