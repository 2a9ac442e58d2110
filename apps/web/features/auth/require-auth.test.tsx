import { MESSAGES, SCHOOL_YEAR_MESSAGES } from "@puerta/contract";
import { screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { Outlet } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "../../app/root.tsx";
import { AuthProvider } from "../../lib/auth-provider.tsx";
import { serveByPath } from "../../test/network.ts";
import { renderRoutes } from "../../test/render.tsx";
import { signInAs, studentUser } from "../../test/session.ts";
import RequireAuth, { loader } from "./require-auth.tsx";

/** The loader as the server calls it for `path` (it reads only the request). */
const load = (path: string) =>
  loader({ request: new Request(`http://localhost${path}`) } as Parameters<typeof loader>[0]);

/** The app's shell around the area: its session context and its own error page (app/root.tsx). */
function Shell() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}

/** The student area under the app's own error page, as app/routes.ts nests it. */
function renderArea(userAnswer: { status: number; body: unknown }, path = "/profile") {
  signInAs();
  serveByPath({ "/api/user": userAnswer });
  renderRoutes(
    [
      {
        Component: Shell,
        ErrorBoundary: ErrorBoundary as ComponentType,
        children: [
          {
            Component: RequireAuth,
            loader,
            children: [
              { path: "/profile", Component: () => <h1>Profil Étudiant</h1> },
              { path: "/planning", Component: () => <h1>Planning</h1> },
            ],
          },
        ],
      },
    ],
    path,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("RequireAuth (its loader runs on the server, decision 101)", () => {
  it("opens the page for a signed-in student", async () => {
    renderArea({ status: 200, body: studentUser() });
    expect(await screen.findByRole("heading", { name: "Profil Étudiant" })).toBeInTheDocument();
  });

  it("says the service is down for a moment when the API answers 503, not that something broke", async () => {
    renderArea({ status: 503, body: { message: MESSAGES.serviceUnavailable } });
    expect(await screen.findByRole("heading", { name: "Service momentanément indisponible" })).toBeInTheDocument();
    expect(screen.getByText("La page n'a pas pu lire vos données. Réessayez dans un instant.")).toBeInTheDocument();
    expect(screen.queryByText("Une erreur s'est produite")).not.toBeInTheDocument();
  });

  it("shows the error page for any other failure", async () => {
    renderArea({ status: 500, body: { message: MESSAGES.serverError } });
    expect(await screen.findByRole("heading", { name: "Une erreur s'est produite" })).toBeInTheDocument();
  });

  describe("a former student (docs/spec/school-year-and-data.md section 3)", () => {
    const former = () => studentUser({ statut_scolaire: "ancien_eleve" });

    it("opens the pages their area keeps", async () => {
      renderArea({ status: 200, body: former() });
      expect(await screen.findByRole("heading", { name: "Profil Étudiant" })).toBeInTheDocument();
    });

    it("shows that their training has ended on another student page, with a link to their attestations", async () => {
      renderArea({ status: 200, body: former() }, "/planning");
      expect(
        await screen.findByRole("heading", { name: SCHOOL_YEAR_MESSAGES.formerStudentPageTitle }),
      ).toBeInTheDocument();
      expect(screen.getByText(SCHOOL_YEAR_MESSAGES.formerStudentArea)).toBeInTheDocument();
      expect(screen.getByRole("link", { name: SCHOOL_YEAR_MESSAGES.formerStudentPageLink })).toHaveAttribute(
        "href",
        "/demande-attestation",
      );
      expect(screen.queryByRole("heading", { name: "Planning" })).not.toBeInTheDocument();
      // The site layout's <main> holds the area: the page brings no landmark of its own.
      expect(screen.queryByRole("main")).not.toBeInTheDocument();
    });

    it("has the server answer that page 403, as the API answers its calls", async () => {
      signInAs();
      serveByPath({ "/api/user": { status: 200, body: former() } });
      const answer = await load("/planning");
      expect(answer).toMatchObject({ init: { status: 403 } });
      const kept = await load("/demande-attestation");
      expect(kept).not.toHaveProperty("init");
    });

    it("lets an enrolled student open every page", async () => {
      renderArea({ status: 200, body: studentUser() }, "/planning");
      expect(await screen.findByRole("heading", { name: "Planning" })).toBeInTheDocument();
    });
  });
});
