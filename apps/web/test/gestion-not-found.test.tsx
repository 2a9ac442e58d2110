import type { StaffUser } from "@puerta/contract";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../components/toaster.tsx";
import StudentPage from "../features/gestion/etudiants/student-page.tsx";
import NotificationComposePage from "../features/gestion/notifications/notification-compose-page.tsx";
import NotificationStaffPage from "../features/gestion/notifications/notification-page.tsx";
import { StaffUserContext } from "../features/gestion/session/staff-session.ts";
import { createQueryClient } from "../lib/query-client.tsx";
import { serveByPath } from "./network.ts";

const DIRECTION = {
  id: 1,
  name: "Nadia Berrada",
  email: "direction.demo@example.com",
  role: "direction",
  centre_ids: [],
} as unknown as StaffUser;

function renderAt(path: string, url: string, page: ReactElement, list: string) {
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: list, element: <h1>La liste</h1> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <StaffUserContext value={DIRECTION}>
        <Toaster>
          <RouterProvider router={router} />
        </Toaster>
      </StaffUserContext>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("a record the server does not know (404)", () => {
  const cases = [
    [
      "/gestion/notifications/:id",
      "/gestion/notifications/999",
      <NotificationStaffPage key="n" />,
      "/gestion/notifications",
      "Cette notification n'existe pas.",
      "Retour aux notifications",
    ],
    [
      "/gestion/notifications/:id/modifier",
      "/gestion/notifications/999/modifier",
      <NotificationComposePage key="c" />,
      "/gestion/notifications",
      "Cette notification n'existe pas.",
      "Retour aux notifications",
    ],
    [
      "/gestion/etudiants/:id",
      "/gestion/etudiants/999",
      <StudentPage key="s" />,
      "/gestion/etudiants",
      "Cette fiche étudiant n'existe pas.",
      "Retour aux étudiants",
    ],
  ] as const;
  for (const [path, url, page, list, missing, back] of cases) {
    it(`${url}: says so, with a link back to the list`, async () => {
      serveByPath({});
      renderAt(path, url, page, list);
      expect(await screen.findByRole("alert")).toHaveTextContent(missing);
      fireEvent.click(screen.getByRole("link", { name: back }));
      expect(await screen.findByRole("heading", { name: "La liste" })).toBeInTheDocument();
    });
  }
});
