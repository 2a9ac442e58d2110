import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client.tsx";
import { serveByPath } from "../../../test/network.ts";
import { SECRETARIAT } from "../shared/test-support.tsx";
import StaffLayout from "./staff-layout.tsx";
import StaffNotFoundPage from "./staff-not-found-page.tsx";

const ME = "/api/gestion/me";

/** The sign-in page as a stand-in that shows where the layout sent the person. */
function SignInStandIn() {
  const { pathname, search } = useLocation();
  return <p>Connexion : {decodeURIComponent(pathname + search)}</p>;
}

/** The back-office as routes.ts mounts it: the layout around the screens, sign-in outside it. */
function renderBackOffice(at: string) {
  const router = createMemoryRouter(
    [
      { path: "/gestion/connexion", element: <SignInStandIn /> },
      {
        path: "/gestion",
        element: <StaffLayout />,
        children: [
          { index: true, element: <p>Écran du tableau de bord</p> },
          { path: "comptes", element: <p>Écran des comptes</p> },
          { path: "*", element: <StaffNotFoundPage /> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe("the back-office's frame", () => {
  it("shows the screen with the sections the signed-in person's role may open, and who they are", async () => {
    serveByPath({ [ME]: { status: 200, body: { user: SECRETARIAT } } });
    renderBackOffice("/gestion/comptes");
    expect(await screen.findByText("Écran des comptes")).toBeVisible();
    const sections = screen.getByRole("navigation", { name: "Sections de la gestion" });
    expect(within(sections).getByRole("link", { name: "Étudiants" })).toBeVisible();
    // The secretariat manages no accounts and reads no journal.
    expect(within(sections).queryByRole("link", { name: "Comptes" })).toBeNull();
    expect(within(sections).queryByRole("link", { name: "Journal" })).toBeNull();
    expect(screen.getByText("Salma Secrétariat")).toBeVisible();
    expect(screen.getByText("Secrétariat")).toBeVisible();
  });

  it("sends someone without a session to the sign-in, to come back to the screen they asked for", async () => {
    serveByPath({ [ME]: { status: 401, body: { message: "Non authentifié." } } });
    renderBackOffice("/gestion/comptes?q=tazi");
    expect(await screen.findByText("Connexion : /gestion/connexion?retour=/gestion/comptes?q=tazi")).toBeVisible();
  });

  it("says in French when the back-office cannot be reached, and offers to try again", async () => {
    serveByPath({
      [ME]: [
        { status: 503, body: { message: "Service momentanément indisponible." } },
        { status: 200, body: { user: SECRETARIAT } },
      ],
    });
    renderBackOffice("/gestion");
    expect(await screen.findByRole("heading", { name: "La page n'a pas pu s'afficher" })).toBeVisible();
    expect(screen.getByRole("alert")).toHaveTextContent("Service momentanément indisponible.");
    fireEvent.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByText("Écran du tableau de bord")).toBeVisible();
  });

  it("signs out: the server ends the session, the sign-in shows, and the person is asked for again", async () => {
    const calls = serveByPath({
      [ME]: { status: 200, body: { user: SECRETARIAT } },
      "/api/gestion/logout": { status: 200, body: {} },
    });
    const router = renderBackOffice("/gestion");
    fireEvent.click(await screen.findByRole("button", { name: "Se déconnecter" }));
    // Straight to the sign-in, with no way back to the screen left.
    expect(await screen.findByText("Connexion : /gestion/connexion")).toBeVisible();
    expect(calls.filter((call) => call.path === "/api/gestion/logout").map((call) => call.method)).toEqual(["POST"]);
    // Nothing of the back-office was kept: coming back asks the server who is signed in.
    await act(() => router.navigate("/gestion"));
    expect(await screen.findByText("Écran du tableau de bord")).toBeVisible();
    expect(calls.filter((call) => call.path === ME)).toHaveLength(2);
  });

  it("signs out even when the server does not answer", async () => {
    serveByPath({ [ME]: { status: 200, body: { user: SECRETARIAT } }, "/api/gestion/logout": "offline" });
    renderBackOffice("/gestion");
    fireEvent.click(await screen.findByRole("button", { name: "Se déconnecter" }));
    expect(await screen.findByText("Connexion : /gestion/connexion")).toBeVisible();
  });

  it("says an unknown address does not exist, inside the frame", async () => {
    serveByPath({ [ME]: { status: 200, body: { user: SECRETARIAT } } });
    renderBackOffice("/gestion/inconnue");
    expect(await screen.findByRole("heading", { name: "Page introuvable" })).toBeVisible();
    expect(screen.getByText("Cette page de la gestion n'existe pas.")).toBeVisible();
    expect(screen.getByRole("link", { name: "Retour au tableau de bord" })).toHaveAttribute("href", "/gestion");
  });
});
