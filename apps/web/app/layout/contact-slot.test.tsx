import { isContactSectionHidden } from "@puerta/contract";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthProvider } from "../../lib/auth-provider.tsx";
import { createQueryClient } from "../../lib/query-client.tsx";
import routes from "../routes.ts";
import ContactPages, { handle } from "./contact-pages.tsx";
import SiteLayout from "./site-layout.tsx";

/** Every page of the site layout, as a path one can visit, and whether it is below `contact-pages`. */
function sitePages(entries: RouteConfigEntry[], parentPath = "", underContactPages = false) {
  const pages: { path: string; underContactPages: boolean }[] = [];
  for (const entry of entries) {
    const segment = (entry.path ?? "").replace(/:\w+/g, "42").replace("*", "une-page-inconnue");
    const path = segment ? `${parentPath}/${segment}` : parentPath;
    const below = underContactPages || entry.file === "layout/contact-pages.tsx";
    if (entry.children) pages.push(...sitePages(entry.children, path, below));
    else pages.push({ path: path || "/", underContactPages: below });
  }
  return pages;
}

describe("the contact section's pages", () => {
  it("every page of the site that shows the section is below contact-pages, which carries its code", () => {
    const siteLayout = routes.find((entry) => entry.file === "layout/site-layout.tsx");
    const pages = sitePages(siteLayout?.children ?? []);
    expect(pages.length).toBeGreaterThan(30);
    const shownOutside = pages.filter((page) => !page.underContactPages && !isContactSectionHidden(page.path));
    expect(shownOutside).toEqual([]);
    // The student area never shows it, so none of its pages downloads it.
    expect(pages.filter((page) => page.path === "/planning" || page.path === "/notifications")).toEqual([
      { path: "/planning", underContactPages: false },
      { path: "/notifications", underContactPages: false },
    ]);
  });
});

describe("ContactSlot", () => {
  beforeEach(() => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ success: true, data: [] }), { status: 200 })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  function renderAt(path: string) {
    const page = <h1>Contenu</h1>;
    const router = createMemoryRouter(
      [
        {
          element: (
            <AuthProvider>
              <SiteLayout />
            </AuthProvider>
          ),
          children: [
            { path: "login", element: page },
            { path: "planning", element: page },
            {
              element: <ContactPages />,
              handle,
              children: [
                { path: "dele", element: page },
                { path: "selectividad-parallele", element: page },
                { path: "*", element: page },
              ],
            },
          ],
        },
      ],
      { initialEntries: [path] },
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  }

  it.each(["/dele", "/une-page-inconnue"])("puts the section with its form below the main area of %s", async (path) => {
    renderAt(path);
    await screen.findByRole("heading", { name: "Contenu" });
    const section = screen.getByRole("region", { name: "Contactez-nous" });
    expect(screen.getByRole("heading", { level: 2, name: "Contactez-nous" })).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Formulaire de contact" })).toBeInTheDocument();
    expect(screen.getByRole("main").compareDocumentPosition(section)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(section.compareDocumentPosition(screen.getByRole("contentinfo"))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it.each(["/selectividad-parallele", "/login", "/planning"])("shows no contact section on %s", async (path) => {
    renderAt(path);
    await screen.findByRole("heading", { name: "Contenu" });
    expect(screen.queryByRole("region", { name: "Contactez-nous" })).not.toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Formulaire de contact" })).not.toBeInTheDocument();
  });
});
