import type { NotificationReadsPage, NotificationStaff, Page } from "@puerta/contract";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveByPath } from "../../../test/network.ts";
import { PEDAGOGIE, renderStaffScreen, SECRETARIAT } from "../shared/test-support.tsx";
import NotificationPage from "./notification-page.tsx";
import NotificationsPage from "./notifications-page.tsx";

const LIST = "/api/gestion/notifications?sort=-published_at&page=1&per_page=50";
const notification = (state: NotificationStaff["state"]): NotificationStaff => ({
  id: 7,
  titre: "Fermeture exceptionnelle",
  message: "Le centre est fermé lundi.",
  priority: "normal",
  link: null,
  photo: null,
  sender: "Administration",
  audience: { type: "tous", ids: [], centre_ids: [] },
  audience_summary: "Tous les étudiants",
  state,
  published_at: "2026-11-20T09:00:00.000Z",
  created_at: "2026-11-20T09:00:00.000Z",
  updated_at: "2026-11-20T09:00:00.000Z",
  withdrawn_at: state === "retiree" ? "2026-11-21T09:00:00.000Z" : null,
  email_copy: false,
  emailed_at: null,
  created_by: "Nadia Direction",
  read_count: 0,
  recipient_count: 0,
});
const NO_READS = { data: [], page: 1, per_page: 50, total: 0 } as unknown as NotificationReadsPage;
const empty: Page<NotificationStaff> = { data: [], page: 1, per_page: 50, total: 0 };

afterEach(() => vi.unstubAllGlobals());

describe("/gestion/notifications: states of the list", () => {
  it("says there is no notification yet", async () => {
    serveByPath({ [LIST]: { status: 200, body: empty } });
    renderStaffScreen("/gestion/notifications", <NotificationsPage />, SECRETARIAT);
    expect(await screen.findByText("Aucune notification")).toBeVisible();
    expect(screen.getByText("Rédigez une première notification pour vos étudiants.")).toBeVisible();
  });

  it("says in French that the list could not be loaded", async () => {
    serveByPath({ [LIST]: "offline" });
    renderStaffScreen("/gestion/notifications", <NotificationsPage />, SECRETARIAT);
    expect(await screen.findByRole("alert", {}, { timeout: 4000 })).toHaveTextContent(
      "Impossible de contacter le serveur. Vérifiez votre connexion.",
    );
  });

  it("is refused to the pedagogie, without asking the API", async () => {
    const calls = serveByPath({});
    renderStaffScreen("/gestion/notifications", <NotificationsPage />, PEDAGOGIE);
    expect(await screen.findByRole("heading", { name: "Accès refusé" })).toBeVisible();
    expect(calls).toEqual([]);
  });
});

describe("/gestion/notifications/{id}", () => {
  it("withdraws the notification after confirming, then shows it withdrawn as the server has it now", async () => {
    const calls = serveByPath({
      "/api/gestion/notifications/7": [
        { status: 200, body: notification("publiee") },
        { status: 200, body: notification("retiree") },
        { status: 200, body: notification("retiree") },
      ],
      "/api/gestion/notifications/7/lectures?page=1&per_page=50": { status: 200, body: NO_READS },
    });
    renderStaffScreen("/gestion/notifications/:id", <NotificationPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Retirer" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Retirer cette notification ?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Retirer" }));
    expect(await screen.findByText("Notification retirée.")).toBeVisible();
    expect(calls.find((call) => call.method === "DELETE")).toMatchObject({ path: "/api/gestion/notifications/7" });
    expect(await screen.findByText(/les étudiants ne la voient plus/)).toBeVisible();
  });

  it("says when the notification does not exist", async () => {
    serveByPath({});
    renderStaffScreen("/gestion/notifications/:id", <NotificationPage />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Cette notification n'existe pas.");
  });
});
