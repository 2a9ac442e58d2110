import type { TrashItemView, TrashPage } from "@puerta/contract";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveByPath } from "../../../test/network.ts";
import { renderStaffScreen } from "../shared/test-support.tsx";
import CorbeillePage from "./corbeille-page.tsx";

const LIST = "/api/gestion/corbeille?page=1&per_page=50";

const item = (id: number, title: string): TrashItemView => ({
  kind: "notifications",
  kind_label: "Notification",
  id,
  title,
  withdrawn_at: "2026-11-20T09:00:00.000Z",
  withdrawn_by: "Nadia Direction",
  purge_at: "2026-12-20T09:00:00.000Z",
});
const page = (data: TrashItemView[]): TrashPage => ({
  data,
  page: 1,
  per_page: 50,
  total: data.length,
  kinds: [{ kind: "notifications", label: "Notification" }],
});

afterEach(() => vi.unstubAllGlobals());

describe("/gestion/corbeille", () => {
  it("lists what was withdrawn, with who withdrew it", async () => {
    serveByPath({ [LIST]: { status: 200, body: page([item(3, "Fermeture exceptionnelle")]) } });
    renderStaffScreen("/gestion/corbeille", <CorbeillePage />);
    const row = await screen.findByRole("row", { name: /Fermeture exceptionnelle/ });
    expect(row).toHaveTextContent("Notification");
    expect(row).toHaveTextContent("par Nadia Direction");
  });

  it("says the bin is empty", async () => {
    serveByPath({ [LIST]: { status: 200, body: page([]) } });
    renderStaffScreen("/gestion/corbeille", <CorbeillePage />);
    expect(await screen.findByText("La corbeille est vide")).toBeVisible();
    expect(screen.getByText("Rien n'a été retiré ces 30 derniers jours.")).toBeVisible();
  });

  it("says in French that the bin could not be read", async () => {
    serveByPath({ [LIST]: { status: 403, body: { message: "Action non autorisée." } } });
    renderStaffScreen("/gestion/corbeille", <CorbeillePage />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Action non autorisée.");
  });

  it("restores an item after confirming, then reads the bin again", async () => {
    const calls = serveByPath({
      [LIST]: [
        { status: 200, body: page([item(3, "Fermeture exceptionnelle")]) },
        { status: 200, body: page([]) },
      ],
      // (The stub answers 200: a Response cannot carry a body with 204.)
      "/api/gestion/corbeille/notifications/3/restaurer": { status: 200, body: {} },
    });
    renderStaffScreen("/gestion/corbeille", <CorbeillePage />);
    await screen.findByRole("row", { name: /Fermeture exceptionnelle/ });
    fireEvent.click(screen.getByRole("button", { name: /^Restaurer ?Fermeture exceptionnelle$/ }));
    const dialog = await screen.findByRole("alertdialog", { name: "Restaurer cet élément ?" });
    expect(dialog).toHaveTextContent("Notification : « Fermeture exceptionnelle » sera de nouveau visible");
    fireEvent.click(within(dialog).getByRole("button", { name: "Restaurer" }));
    expect(await screen.findByText("Élément restauré.")).toBeVisible();
    expect(calls.find((call) => call.path.endsWith("/restaurer"))).toMatchObject({ method: "POST" });
    expect(await screen.findByText("La corbeille est vide")).toBeVisible();
  });
});
