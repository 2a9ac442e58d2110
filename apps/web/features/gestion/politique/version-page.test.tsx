import type { PolicyVersion, StaffUser } from "@puerta/contract";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../components/toaster.tsx";
import { createQueryClient } from "../../../lib/query-client.tsx";
import { StaffUserContext } from "../session/staff-session.ts";
import VersionPage from "./version-page.tsx";

const DIRECTION = {
  id: 1,
  name: "Nadia Berrada",
  email: "direction.demo@example.com",
  role: "direction",
  centre_ids: [],
} as unknown as StaffUser;

const DRAFT: PolicyVersion = {
  id: 5,
  version: null,
  titre: "Politique de non-remboursement",
  contenu: "## Article 1\nLes frais ne sont pas remboursés.",
  date_effet: "2026-12-01",
  statut: "brouillon",
  en_vigueur: false,
  published_at: null,
  updated_at: "2026-11-25T10:00:00.000Z",
  acceptations: 0,
};
const PUBLISHED: PolicyVersion = {
  ...DRAFT,
  version: 3,
  statut: "publiee",
  en_vigueur: true,
  published_at: "2026-11-26T10:00:00.000Z",
} as PolicyVersion;
const report = (version: PolicyVersion) => ({
  data: [],
  page: 1,
  per_page: 50,
  total: 0,
  last_page: 1,
  version,
  acceptees: 0,
  etudiants_actifs: 2,
});

afterEach(() => vi.unstubAllGlobals());

describe("publishing a policy version", () => {
  it("brings the page back to its top, on a focused confirmation", async () => {
    let published = false;
    const scrollTo = vi.fn();
    vi.stubGlobal("scrollTo", scrollTo);
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string, init?: RequestInit) => {
        const path = String(input).split("?")[0];
        if (init?.method === "POST" && path === "/api/gestion/politique/5/publier") {
          published = true;
          return Response.json(PUBLISHED);
        }
        if (path === "/api/gestion/politique/5/acceptations")
          return Response.json(report(published ? PUBLISHED : DRAFT));
        if (path === "/sanctum/csrf-cookie") return new Response(null, { status: 204 });
        return Response.json({ message: "Ressource introuvable." }, { status: 404 });
      }),
    );
    const router = createMemoryRouter([{ path: "/gestion/politique/:id", element: <VersionPage /> }], {
      initialEntries: ["/gestion/politique/5"],
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <StaffUserContext value={DIRECTION}>
          <Toaster>
            <RouterProvider router={router} />
          </Toaster>
        </StaffUserContext>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Publier cette version" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Publier" }));
    const confirmation = await screen.findByText(/^Version 3 publiée : elle est en vigueur/);
    await waitFor(() => expect(confirmation).toHaveFocus());
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(screen.getByRole("heading", { name: "Rapport d'acceptation" })).toBeInTheDocument();
  });
});
