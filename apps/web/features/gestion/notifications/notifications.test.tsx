import type { NotificationStaff, StaffUser } from "@puerta/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ComponentType, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../components/toaster.tsx";
import { type Answer, type Call, serveByPath } from "../../../test/network.ts";
import { renderRoutes } from "../../../test/render.tsx";
import { StaffUserContext } from "../session/staff-session.ts";
import { CLOSED_YEAR, CURRENT_YEAR } from "../shared/school-year-fixtures.ts";
import { AudienceBuilder, type AudienceValue } from "./audience-builder.tsx";
import NotificationComposePage from "./notification-compose-page.tsx";
import NotificationPage from "./notification-page.tsx";
import NotificationsPage from "./notifications-page.tsx";

const DIRECTION: StaffUser = {
  id: 1,
  name: "Nadia Direction",
  email: "d@example.com",
  role: "direction",
  centre_ids: [],
};

const make = (id: number, overrides: Partial<NotificationStaff> = {}): NotificationStaff => ({
  id,
  titre: `Notification ${id}`,
  message: "Bonjour.",
  priority: "normal",
  link: null,
  photo: null,
  sender: "Administration",
  audience: { type: "tous", ids: [], centre_ids: [] },
  audience_summary: "Tous les étudiants",
  state: "publiee",
  published_at: "2026-01-05T09:00:00.000Z",
  created_at: "2026-01-05T09:00:00.000Z",
  updated_at: "2026-01-05T09:00:00.000Z",
  withdrawn_at: null,
  email_copy: false,
  emailed_at: null,
  created_by: "Nadia Direction",
  read_count: 0,
  recipient_count: 0,
  annee: CURRENT_YEAR,
  ...overrides,
});

/** A back-office page inside its layout's signed-in user. */
const asStaff = (Page: ComponentType, user = DIRECTION) =>
  function Staff() {
    return (
      <Toaster>
        <StaffUserContext value={user}>
          <Page />
        </StaffUserContext>
      </Toaster>
    );
  };

/** Answers by path without its query string; `/api/gestion/me` says who is signed in. */
function serve(routes: Record<string, Answer>, me = DIRECTION): Call[] {
  const calls = serveByPath({});
  const fetchStub = vi.mocked(fetch);
  fetchStub.mockImplementation(async (input: string | URL | Request, init?: RequestInit) => {
    const path = String(input).split("?")[0] ?? "";
    calls.push({
      method: init?.method ?? "GET",
      path: String(input),
      body: init?.body,
      idempotencyKey: new Headers(init?.headers).get("Idempotency-Key") ?? undefined,
    });
    const reply = path === "/api/gestion/me" ? { status: 200, body: { user: me } } : routes[path];
    if (!reply || reply === "offline") return new Response(JSON.stringify({ message: "?" }), { status: 404 });
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { "Content-Type": "application/json" },
    });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe("/gestion/notifications", () => {
  it("shows each priority by name (a normal one says Normale) and each notification's own read count", async () => {
    serve({
      "/api/gestion/notifications": {
        status: 200,
        body: {
          data: [
            make(1, { priority: "normal", read_count: 2, recipient_count: 56 }),
            make(2, { priority: null, read_count: 1, recipient_count: 3 }),
            make(3, { priority: "high", read_count: 0, recipient_count: 56 }),
          ],
          page: 1,
          per_page: 50,
          total: 3,
        },
      },
    });
    renderRoutes([{ path: "/gestion/notifications", Component: asStaff(NotificationsPage) }], "/gestion/notifications");
    const row = async (title: string) =>
      (await screen.findByRole("link", { name: title })).closest("tr") as HTMLElement;
    const first = await row("Notification 1");
    expect(within(first).getByText("Normale")).toBeInTheDocument();
    expect(within(first).getByText("lue par 2 / 56")).toBeInTheDocument();
    const second = await row("Notification 2");
    expect(within(second).getByText("Normale")).toBeInTheDocument();
    expect(within(second).getByText("lue par 1 / 3")).toBeInTheDocument();
    expect(within(await row("Notification 3")).getByText("Haute")).toBeInTheDocument();
    expect(screen.queryByText("—")).toBeNull();
  });

  it("the detail and the form say Normale for a notification stored without a priority", async () => {
    const stored = make(7, { priority: null, state: "brouillon", published_at: null });
    serve({
      "/api/gestion/notifications/7": { status: 200, body: stored },
      "/api/gestion/notifications/7/lectures": {
        status: 200,
        body: { data: [], page: 1, per_page: 50, total: 0, read_count: 0, recipient_count: 0 },
      },
      "/api/gestion/notifications/choix": { status: 200, body: { centres: [], options: [], filieres: [] } },
      "/api/gestion/notifications/destinataires": { status: 200, body: { count: 0 } },
    });
    renderRoutes(
      [
        { path: "/gestion/notifications/:id", Component: asStaff(NotificationPage) },
        { path: "/gestion/notifications/:id/modifier", Component: asStaff(NotificationComposePage) },
      ],
      "/gestion/notifications/7",
    );
    expect(await screen.findByText("Normale")).toBeInTheDocument();
  });

  it("shows a closed year's notification read-only: no Modifier nor Retirer, Republier as a draft instead", async () => {
    const past = make(8, { annee: CLOSED_YEAR });
    const copy = make(9, { state: "brouillon", published_at: null, annee: CURRENT_YEAR });
    const calls = serve({
      "/api/gestion/notifications/8": { status: 200, body: past },
      "/api/gestion/notifications/8/lectures": {
        status: 200,
        body: { data: [], page: 1, per_page: 50, total: 0, read_count: 0, recipient_count: 0 },
      },
      "/api/gestion/notifications/8/republier": { status: 201, body: copy },
    });
    renderRoutes(
      [{ path: "/gestion/notifications/:id", Component: asStaff(NotificationPage) }],
      "/gestion/notifications/8",
    );
    const republish = await screen.findByRole("button", { name: /^Republier/ });
    expect(screen.getByText("Année clôturée : lecture seule")).toBeVisible();
    expect(screen.queryByRole("link", { name: /Corriger|Modifier/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Retirer" })).toBeNull();
    await userEvent.setup().click(republish);
    expect(await screen.findByRole("status")).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/api/gestion/notifications/8/republier")).toHaveLength(1);
  });
});

const SECRETARY: StaffUser = {
  id: 2,
  name: "Salma Secrétariat",
  email: "s@example.com",
  role: "secretariat",
  centre_ids: [1],
};

function Builder() {
  const [value, setValue] = useState<AudienceValue>({ type: "", ids: [], centre_ids: [] });
  return <AudienceBuilder value={value} onChange={setValue} />;
}

describe("the audience builder", () => {
  const choices = {
    status: 200,
    body: {
      centres: [{ id: 1, name: "Ain Sebaa" }],
      options: [
        { id: 5, name: "Selectividad Santé" },
        { id: 6, name: "Préparation DELE / SIELE" },
      ],
      filieres: [{ id: 9, name: "Sciences de la santé" }],
    },
  } as const;

  it("lets a secretary send an option inside her centres, and counts it with them", async () => {
    const calls = serve(
      {
        "/api/gestion/notifications/choix": choices,
        "/api/gestion/notifications/destinataires": { status: 200, body: { count: 12, why: null } },
      },
      SECRETARY,
    );
    const user = userEvent.setup();
    renderRoutes([{ path: "/", Component: asStaff(Builder, SECRETARY) }], "/");
    const type = screen.getByLabelText("Destinataires");
    expect(within(type).getByRole("option", { name: "Options" })).toBeInTheDocument();
    await user.selectOptions(type, "option");
    await user.click(await screen.findByRole("checkbox", { name: "Selectividad Santé" }));
    expect(screen.getByText("Cochez au moins un de vos centres pour voir combien la recevront.")).toBeInTheDocument();
    const centres = screen.getByRole("group", { name: "Dans vos centres" });
    await user.click(within(centres).getByRole("checkbox", { name: "Ain Sebaa" }));
    expect(await screen.findByText("12 étudiants la recevront")).toBeInTheDocument();
    expect(calls.find((call) => call.path === "/api/gestion/notifications/destinataires")?.body).toBe(
      JSON.stringify({ audience: { type: "option", ids: [5], centre_ids: [1] } }),
    );
  });

  it("marks a deactivated student in the picker and says why nobody would receive it", async () => {
    serve({
      "/api/gestion/notifications/choix": choices,
      "/api/gestion/notifications/etudiants": {
        status: 200,
        body: {
          data: [
            { id: 3, name: "Yasmine Amrani", student_id: "PU-3", centre: "Ain Sebaa", desactive: true },
            { id: 4, name: "Yassine Bennani", student_id: "PU-4", centre: "Ain Sebaa", desactive: false },
          ],
        },
      },
      "/api/gestion/notifications/destinataires": {
        status: 200,
        body: { count: 0, why: "le seul étudiant concerné a un compte désactivé." },
      },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: "/", Component: asStaff(Builder) }], "/");
    await user.selectOptions(screen.getByLabelText("Destinataires"), "etudiant_specifique");
    await user.type(screen.getByLabelText("Rechercher un étudiant"), "Yas");
    const results = await screen.findByRole("region", { name: "Résultats de la recherche" });
    const [gone, active] = (await within(results).findAllByRole("listitem")) as [HTMLElement, HTMLElement];
    expect(gone).toHaveTextContent("Yasmine Amrani (PU-3, Ain Sebaa)");
    expect(within(gone).getByText("compte désactivé, ne la recevra pas")).toBeInTheDocument();
    expect(active).toHaveTextContent("Yassine Bennani (PU-4, Ain Sebaa)");
    expect(within(active).queryByText("compte désactivé, ne la recevra pas")).toBeNull();
    await user.click(within(gone).getByRole("button", { name: /Ajouter/ }));
    expect(
      await screen.findByText("Aucun étudiant ne la recevra : le seul étudiant concerné a un compte désactivé."),
    ).toBeInTheDocument();
  });
});
