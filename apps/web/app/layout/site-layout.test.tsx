import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, MemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthProvider } from "../../lib/auth-provider.tsx";
import { createQueryClient } from "../../lib/query-client.tsx";
import { signInAs, studentUser } from "../../test/session.ts";
import { SiteHeader } from "./site-header.tsx";
import SiteLayout from "./site-layout.tsx";

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider>
            <SiteLayout />
          </AuthProvider>
        ),
        children: [{ path: "*", element: <h1>Contenu</h1> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  // No call of the layout may reach a real server in these tests.
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ success: true, data: [] }), { status: 200 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("SiteLayout", () => {
  it("frames the page with the visitor navigation, the footer © 2025 and the chat link", async () => {
    renderAt("/dele");
    await screen.findByRole("heading", { name: "Contenu" });
    expect(screen.getByRole("link", { name: "Connexion" })).toHaveAttribute("href", "/login");
    expect(screen.getAllByRole("link", { name: "Vlog" })[0]).toHaveAttribute("href", "/vlog");
    expect(screen.getByRole("contentinfo")).toHaveTextContent("© 2025 Puerta. Tous droits réservés.");
    const chat = screen.getByRole("link", { name: /Discuter avec Puerta sur WhatsApp/ });
    expect(chat.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/\d+\?text=Bonjour/);
  });

  it("shows the student navigation and 'Docs Administratifs' once signed in", async () => {
    signInAs();
    renderAt("/planning");
    expect(await screen.findByRole("button", { name: "Déconnexion" })).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Docs Administratifs" })[0]).toHaveAttribute(
      "href",
      "/demande-attestation",
    );
    expect(within(screen.getByRole("banner")).queryByRole("link", { name: "Blog" })).not.toBeInTheDocument();
  });

  it("shows a former student only their attestations, profile and password (docs/spec/school-year-and-data.md section 3)", async () => {
    signInAs(studentUser({ statut_scolaire: "ancien_eleve" }));
    renderAt("/demande-attestation");
    const navigation = await screen.findByRole("navigation", { name: "Navigation principale" });
    expect(
      within(navigation)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["/demande-attestation", "/profile", "/modifier-mot-de-passe"]);
    expect(within(navigation).queryByRole("link", { name: "Planning" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Déconnexion" })).toBeInTheDocument();
  });

  it("prerenders a student page with the student's header, and a public page with the visitor's", () => {
    // Prerendering knows no session: the header is written from the page's path alone.
    const header = (path: string) => {
      document.body.innerHTML = renderToString(
        <MemoryRouter initialEntries={[path]}>
          <AuthProvider>
            <SiteHeader />
          </AuthProvider>
        </MemoryRouter>,
      );
      const banner = screen.getByRole("banner");
      return {
        button: within(banner).queryByRole("button", { name: "Déconnexion" }) ? "Déconnexion" : "Connexion",
        studentNav: within(banner).queryAllByRole("link", { name: "Docs Administratifs" }).length > 0,
      };
    };
    expect(header("/planning")).toEqual({ button: "Déconnexion", studentNav: true });
    expect(header("/etudiants/orientation")).toEqual({ button: "Déconnexion", studentNav: true });
    expect(header("/dele")).toEqual({ button: "Connexion", studentNav: false });
    expect(header("/login")).toEqual({ button: "Connexion", studentNav: false });
    document.body.innerHTML = "";
  });

  it("hides the navigation, not the header, when isApp=true", async () => {
    renderAt("/login?isApp=true");
    await screen.findByRole("heading", { name: "Contenu" });
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Navigation principale" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Menu" })).not.toBeInTheDocument();
  });

  it("has no header on /policy-acceptance but keeps the footer", async () => {
    signInAs();
    renderAt("/policy-acceptance");
    await screen.findByRole("heading", { name: "Contenu" });
    expect(screen.queryByRole("banner")).not.toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
  });

  it("the menu button toggles the mobile navigation; Escape closes it and gives the focus back", async () => {
    const router = renderAt("/");
    const menu = await screen.findByRole("button", { name: "Menu" });
    expect(menu).toHaveAttribute("aria-expanded", "false");
    const panel = document.getElementById(menu.getAttribute("aria-controls") ?? "");
    expect(panel).not.toBeVisible();

    fireEvent.click(menu);
    expect(menu).toHaveAttribute("aria-expanded", "true");
    expect(panel).toBeVisible();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(menu).toHaveAttribute("aria-expanded", "false");
    expect(menu).toHaveFocus();

    fireEvent.click(menu);
    if (!panel) throw new Error("no menu panel");
    fireEvent.click(within(panel).getByRole("link", { name: "Blog" }));
    await act(async () => {});
    expect(router.state.location.pathname).toBe("/blog-2");
    expect(menu).toHaveAttribute("aria-expanded", "false");
  });
});
