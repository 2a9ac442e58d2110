import { STORAGE_KEYS } from "@puerta/contract";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client.tsx";
import RequirePolicy from "./require-policy.tsx";

/** The network is replaced, not our code: GET /api/policy/status answers `status` and `body`. */
function serveStatus(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderGate(path = "/profile") {
  // The gate sits inside the student area: a student is signed in.
  localStorage.setItem(STORAGE_KEYS.token, "jeton");
  const router = createMemoryRouter(
    [
      { element: <RequirePolicy />, children: [{ path: "/profile", element: <h1>Profil Étudiant</h1> }] },
      { path: "/policy-acceptance", element: <h1>Politique</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("RequirePolicy", () => {
  it("opens the gated page once the status says accepted", async () => {
    const fetchMock = serveStatus(200, { success: true, has_accepted: true, accepted: true });
    renderGate();
    expect(await screen.findByRole("heading", { name: "Profil Étudiant" })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/policy/status", expect.anything());
  });

  it("accepts either field: has_accepted or accepted", async () => {
    serveStatus(200, { success: true, accepted: true });
    renderGate();
    expect(await screen.findByRole("heading", { name: "Profil Étudiant" })).toBeInTheDocument();
  });

  it("sends a student who has not accepted to /policy-acceptance", async () => {
    serveStatus(200, { success: true, has_accepted: false, accepted: false });
    renderGate();
    expect(await screen.findByRole("heading", { name: "Politique" })).toBeInTheDocument();
  });

  it("counts a failed check as not accepted", async () => {
    serveStatus(500, { message: "Erreur du serveur" });
    renderGate();
    expect(await screen.findByRole("heading", { name: "Politique" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Profil Étudiant" })).not.toBeInTheDocument();
  });
});
