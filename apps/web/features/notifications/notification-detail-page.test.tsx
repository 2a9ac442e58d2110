import type { Notification } from "@puerta/contract";
import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { serveByPath } from "../../test/network.ts";
import { renderRoutes, type TestRoute } from "../../test/render.tsx";
import { signInAs, studentUser } from "../../test/session.ts";
import NotificationDetailPage from "./notification-detail-page.tsx";

const base: Notification = {
  id: 7,
  titre: "Réunion <b>importante</b>",
  message: "Ligne 1\n<img src=x onerror=alert(1)>",
  created_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  type_destinataire: "tous",
  etudiant_ids: null,
  option_ids: null,
  centre_ids: null,
  filiere_ids: null,
  viewed_by: [],
  statut: "envoye",
  sender: "Direction",
  priority: "medium",
  photo: null,
  link: null,
};

type Routes = Parameters<typeof serveByPath>[0];
const serve = (routes: Routes) => serveByPath(routes, { status: 404, body: { message: "Notification non trouvée" } });
const ROUTES: TestRoute[] = [{ path: "/notification/:id", Component: NotificationDetailPage }];
const renderAt = (path: string) => renderRoutes(ROUTES, path);

describe("NotificationDetailPage", () => {
  beforeEach(() => {
    signInAs(studentUser({ id: 5, option_id: 1, centre_id: 1, filiere_id: 1, nom: "A", prenom: "B" }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the message as text, the sender, the priority, and marks it read", async () => {
    const calls = serve({
      "/api/notifications/7": { status: 200, body: { success: true, data: base } },
      "/api/notifications/7/mark-viewed": { status: 200, body: { success: true } },
    });
    const { container } = renderAt("/notification/7");
    expect(await screen.findByRole("heading", { level: 1, name: "Réunion <b>importante</b>" })).toBeInTheDocument();
    expect(screen.getByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument();
    expect(container.querySelector("b, img")).toBeNull();
    expect(screen.getByText("De: Direction")).toBeInTheDocument();
    expect(screen.getByText("Priorité moyenne")).toBeInTheDocument();
    expect(screen.getByText("Il y a 2 heures")).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.path}`)).toContain("POST /api/notifications/7/mark-viewed"),
    );
  });

  it("offers only http(s) links, in a new tab without opener", async () => {
    serve({
      "/api/notifications/7": {
        status: 200,
        body: { success: true, data: { ...base, link: "https://example.com/x" } },
      },
      "/api/notifications/8": {
        status: 200,
        body: { success: true, data: { ...base, id: 8, link: "javascript:alert(1)" } },
      },
    });
    const first = renderAt("/notification/7");
    const link = await screen.findByRole("link", { name: /Voir plus de détails →/ });
    expect(link).toHaveAttribute("href", "https://example.com/x");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    first.unmount();
    renderAt("/notification/8");
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("link", { name: /Voir plus de détails/ })).toBeNull();
  });

  it("says when the notification does not exist or is not addressed to the student", async () => {
    serve({});
    renderAt("/notification/9");
    expect(await screen.findByRole("heading", { name: "Notification non trouvée" })).toBeInTheDocument();
    expect(screen.getByText("Cette notification n'existe pas ou a été supprimée.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Retour aux notifications" })).toHaveAttribute("href", "/notifications");
  });
});
