import {
  type NotificationReadsPage,
  type NotificationStaff,
  type Page,
  PUBLISHED_YEAR_MESSAGES,
} from "@puerta/contract";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveByPath } from "../../../test/network.ts";
import { CLOSED_YEAR, CURRENT_YEAR, SCHOOL_YEARS } from "../shared/school-year-fixtures.ts";
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
  annee: CURRENT_YEAR,
});
const NO_READS = { data: [], page: 1, per_page: 50, total: 0 } as unknown as NotificationReadsPage;
const empty: Page<NotificationStaff> = { data: [], page: 1, per_page: 50, total: 0 };
const page = (data: NotificationStaff[]): Page<NotificationStaff> => ({
  data,
  page: 1,
  per_page: 50,
  total: data.length,
});

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

  it("lists a closed year's notifications under Année, read-only, and republishes one as this year's draft", async () => {
    const PAST = "/api/gestion/notifications?annee=2&sort=-published_at&page=1&per_page=50";
    const old = { ...notification("publiee"), id: 3, titre: "Rentrée 2025", annee: CLOSED_YEAR };
    const calls = serveByPath({
      ...SCHOOL_YEARS,
      [LIST]: { status: 200, body: page([notification("publiee")]) },
      [PAST]: { status: 200, body: page([old]) },
      "/api/gestion/notifications/3/republier": {
        status: 201,
        body: { ...notification("brouillon"), id: 12, titre: "Rentrée 2025", published_at: null },
      },
    });
    renderStaffScreen("/gestion/notifications", <NotificationsPage />, SECRETARIAT);
    const current = await screen.findByRole("row", { name: /Fermeture exceptionnelle/ });
    expect(within(current).queryByRole("button", { name: /Republier/ })).toBeNull();
    fireEvent.change(screen.getByRole("combobox", { name: "Année" }), { target: { value: "2" } });
    const row = await screen.findByRole("row", { name: /Rentrée 2025/ });
    expect(row).toHaveTextContent(PUBLISHED_YEAR_MESSAGES.readOnly);
    fireEvent.click(within(row).getByRole("button", { name: /^Republier ?la notification Rentrée 2025$/ }));
    expect(await screen.findByText(PUBLISHED_YEAR_MESSAGES.republishedDraft("2026-2027"))).toBeVisible();
    const sent = calls.find((call) => call.method === "POST");
    expect(sent?.path).toBe("/api/gestion/notifications/3/republier");
    expect(sent?.idempotencyKey).toMatch(/\S/);
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
