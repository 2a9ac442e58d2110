import type { Notification } from "@puerta/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Answer, serveInOrder, serveWith } from "../../test/network.ts";
import { renderRoutes } from "../../test/render.tsx";
import { signInAs, studentUser } from "../../test/session.ts";
import NotificationsPage from "./notifications-page.tsx";

const STUDENT = studentUser({ id: 5, option_id: 2, centre_id: 3, filiere_id: 4, nom: "A", prenom: "B" });

const make = (id: number, overrides: Partial<Notification> = {}): Notification => ({
  id,
  titre: `Notification ${id}`,
  message: `Message ${id}`,
  created_at: new Date(Date.now() - id * 86_400_000).toISOString(),
  type_destinataire: "tous",
  etudiant_ids: null,
  option_ids: null,
  centre_ids: null,
  filiere_ids: null,
  viewed_by: [],
  statut: "envoye",
  sender: null,
  priority: null,
  photo: null,
  link: null,
  ...overrides,
});

/** The list's first `limit` as the server answers them, counting the whole list (GET /api/notifications?limit=N). */
const screenOf = (all: Notification[], limit: number): Answer => ({
  status: 200,
  body: {
    success: true,
    data: all.slice(0, limit),
    total: all.length,
    unread: all.filter((n) => !n.viewed_by.includes(STUDENT.etudiant?.id ?? 0)).length,
  },
});

const NOT_FOUND: Answer = { status: 404, body: { message: "Ressource introuvable." } };

/** The server's answer to a screen of the list; undefined for any other path. */
const listAnswer = (all: Notification[], path: string) => {
  const limit = /^\/api\/notifications\?limit=(\d+)$/.exec(path)?.[1];
  return limit ? screenOf(all, Number(limit)) : undefined;
};

/** A server holding `all` for the student; `others` answers any other path (a 404 otherwise). */
const serveList = (all: Notification[], others: Record<string, Answer> = {}) =>
  serveWith(({ path }) => listAnswer(all, path) ?? others[path] ?? NOT_FOUND);

const renderPage = () => renderRoutes([{ path: "/notifications", Component: NotificationsPage }], "/notifications");

describe("NotificationsPage", () => {
  beforeEach(() => signInAs(STUDENT));
  afterEach(() => vi.unstubAllGlobals());

  it("lists what the server sends, in its order, marks the unread ones and counts them in the title", async () => {
    // The server is the one judge of the audience and sends newest first: nothing is filtered here.
    serveList([
      make(1, { statut: "echec" }),
      make(3, { viewed_by: [5] }),
      make(4, { type_destinataire: "option", option_ids: "[2]" }),
    ]);
    renderPage();
    const articles = await screen.findAllByRole("article");
    expect(articles.map((a) => within(a).getByRole("heading").textContent)).toEqual([
      "Notification 1",
      "Notification 3",
      "Notification 4",
    ]);
    expect(within(articles[0] as HTMLElement).getByText("Nouveau")).toBeInTheDocument();
    expect(within(articles[0] as HTMLElement).getByText("Échec de l'envoi")).toBeInTheDocument();
    expect(within(articles[1] as HTMLElement).queryByText("Nouveau")).toBeNull();
    expect(within(articles[1] as HTMLElement).getByText("Envoyée")).toBeInTheDocument();
    expect(within(articles[2] as HTMLElement).getByText("Il y a 4 jours")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Notifications2 non lues");
    expect(within(articles[0] as HTMLElement).getByRole("link", { name: /Voir détails/ })).toHaveAttribute(
      "href",
      "/notification/1",
    );
  });

  it("says when there is none, without a badge", async () => {
    serveList([]);
    renderPage();
    expect(await screen.findByText("Aucune notification")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(/^Notifications$/);
  });

  it("offers a retry after a failure", async () => {
    serveInOrder({ status: 500, body: { message: "Erreur du serveur" } }, screenOf([make(1)], 20));
    renderPage();
    expect(await screen.findByRole("alert")).toHaveTextContent("Error fetching notifications. Please try again later.");
    await userEvent.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByRole("article")).toHaveTextContent("Notification 1");
  });

  it("marks every notification read in one call: no unread item nor badge is left", async () => {
    const calls = serveList([make(1), make(2), make(3, { viewed_by: [5] })], {
      "/sanctum/csrf-cookie": { status: 204, body: null },
      "/api/notifications/read-all": { status: 200, body: { success: true, marked: 2 } },
    });
    renderPage();
    expect(await screen.findAllByText("Nouveau")).toHaveLength(2);
    await userEvent.click(screen.getByRole("button", { name: "Tout marquer comme lu" }));
    expect(screen.queryByText("Nouveau")).toBeNull();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(/^Notifications$/);
    expect(screen.queryByRole("button", { name: "Tout marquer comme lu" })).toBeNull();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual(["/api/notifications/read-all"]);
  });

  it("puts the unread items back and says so when the server refuses", async () => {
    serveList([make(1)], {
      "/sanctum/csrf-cookie": { status: 204, body: null },
      "/api/notifications/read-all": { status: 500, body: { message: "Erreur du serveur" } },
    });
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Tout marquer comme lu" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Les notifications n'ont pas pu être marquées comme lues. Réessayez.",
    );
    expect(screen.getByText("Nouveau")).toBeInTheDocument();
  });

  it("offers nothing to mark when everything is read", async () => {
    serveList([make(1, { viewed_by: [5] })]);
    renderPage();
    await screen.findByRole("article");
    expect(screen.queryByRole("button", { name: "Tout marquer comme lu" })).toBeNull();
  });

  it("shows the twenty newest, then older ones on demand, counting the unread of all of them", async () => {
    const all = Array.from({ length: 45 }, (_, i) => make(i + 1, i < 30 ? { viewed_by: [5] } : {}));
    const calls = serveList(all);
    renderPage();
    const headings = async () =>
      (await screen.findAllByRole("article")).map((a) => within(a).getByRole("heading").textContent);
    expect(await headings()).toEqual(all.slice(0, 20).map((n) => n.titre));
    // The unread ones are all older than the first screen: the title still counts them.
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Notifications15 non lues");
    expect(screen.getByText("20 notifications affichées sur 45")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Afficher les notifications plus anciennes" }));
    expect(await headings()).toEqual(all.slice(0, 40).map((n) => n.titre));
    // The keyboard goes on from the first card added.
    expect(document.activeElement).toHaveTextContent("Notification 21");
    expect(screen.getByText("40 notifications affichées sur 45")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Afficher les notifications plus anciennes" }));
    expect(await headings()).toEqual(all.map((n) => n.titre));
    expect(document.activeElement).toHaveTextContent("Notification 41");
    expect(screen.queryByRole("button", { name: "Afficher les notifications plus anciennes" })).toBeNull();
    expect(screen.queryByText(/notifications affichées sur/)).toBeNull();
    // One screen asked for at a time: the whole history never is.
    expect(calls.map((c) => c.path)).toEqual([
      "/api/notifications?limit=20",
      "/api/notifications?limit=40",
      "/api/notifications?limit=60",
    ]);
  });

  it("keeps the screen shown and says so when older ones cannot be loaded, then loads them on a new try", async () => {
    const all = Array.from({ length: 25 }, (_, i) => make(i + 1));
    const failures = [{ status: 500, body: { message: "Erreur du serveur" } }];
    serveWith(({ path }) => (path.endsWith("limit=40") && failures.shift()) || listAnswer(all, path) || NOT_FOUND);
    renderPage();
    expect(await screen.findAllByRole("article")).toHaveLength(20);
    const older = screen.getByRole("button", { name: "Afficher les notifications plus anciennes" });
    await userEvent.click(older);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Les notifications plus anciennes n'ont pas pu être chargées. Réessayez.",
    );
    expect(screen.getAllByRole("article")).toHaveLength(20);
    expect(screen.getByText("20 notifications affichées sur 25")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Afficher les notifications plus anciennes" }));
    expect(await screen.findByText("Notification 25")).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(25);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
