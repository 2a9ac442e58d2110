import type { ContactMessageDetail, ContactMessageSummary, Page } from "@puerta/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveByPath } from "../../../test/network.ts";
import { PEDAGOGIE, renderStaffScreen, SECRETARIAT } from "../shared/test-support.tsx";
import MessagePage from "./message-page.tsx";
import MessagesPage from "./messages-page.tsx";

const LIST = "/api/gestion/messages?sort=-created_at&page=1&per_page=50";

const summary = (id: number, sujet: string, lu: boolean): ContactMessageSummary => ({
  id,
  nom: "Leila Chraibi",
  email: "leila.parent@example.com",
  telephone: "+212 6 12 34 56 78",
  sujet,
  extrait: "Bonjour, quelles pièces faut-il ?",
  statut: "nouveau",
  lu,
  reponses: 0,
  created_at: "2026-11-20T09:00:00.000Z",
});
const detail = (statut: ContactMessageDetail["statut"]): ContactMessageDetail => ({
  ...summary(7, "Inscription", true),
  statut,
  message: "Bonjour, quelles pièces faut-il ?",
  read_at: "2026-11-20T10:00:00.000Z",
  handled_at: statut === "traite" ? "2026-11-21T10:00:00.000Z" : null,
  handled_by: statut === "traite" ? "Salma Secrétariat" : null,
  replies: [],
});
const page = (data: ContactMessageSummary[]): Page<ContactMessageSummary> => ({
  data,
  page: 1,
  per_page: 50,
  total: data.length,
});

afterEach(() => vi.unstubAllGlobals());

describe("/gestion/messages", () => {
  it("lists the messages, an unread one said so", async () => {
    serveByPath({
      [LIST]: { status: 200, body: page([summary(7, "Inscription", false), summary(8, "Horaires", true)]) },
    });
    renderStaffScreen("/gestion/messages", <MessagesPage />, SECRETARIAT);
    const unread = await screen.findByRole("row", { name: /Inscription/ });
    expect(unread).toHaveTextContent("Non lu");
    expect(unread).toHaveTextContent("leila.parent@example.com");
    expect(screen.getByRole("row", { name: /Horaires/ })).not.toHaveTextContent("Non lu");
  });

  it("says the inbox is empty", async () => {
    serveByPath({ [LIST]: { status: 200, body: page([]) } });
    renderStaffScreen("/gestion/messages", <MessagesPage />, SECRETARIAT);
    expect(await screen.findByText("Aucun message")).toBeVisible();
    expect(screen.getByText("Les messages du formulaire de contact apparaîtront ici.")).toBeVisible();
  });

  it("says in French that the inbox could not be loaded", async () => {
    serveByPath({ [LIST]: "offline" });
    renderStaffScreen("/gestion/messages", <MessagesPage />, SECRETARIAT);
    expect(await screen.findByRole("alert", {}, { timeout: 4000 })).toHaveTextContent(
      "Impossible de contacter le serveur. Vérifiez votre connexion.",
    );
  });

  it("asks the server for the unread messages only when filtered", async () => {
    const calls = serveByPath({
      [LIST]: { status: 200, body: page([summary(7, "Inscription", false)]) },
      "/api/gestion/messages?lecture=non_lu&sort=-created_at&page=1&per_page=50": { status: 200, body: page([]) },
    });
    renderStaffScreen("/gestion/messages", <MessagesPage />, SECRETARIAT);
    await screen.findByRole("row", { name: /Inscription/ });
    fireEvent.change(screen.getByRole("combobox", { name: "Lecture" }), { target: { value: "non_lu" } });
    expect(await screen.findByText("Aucun résultat")).toBeVisible();
    expect(calls.map((call) => call.path)).toContain(
      "/api/gestion/messages?lecture=non_lu&sort=-created_at&page=1&per_page=50",
    );
  });

  it("is refused to the pedagogie, without asking the API", async () => {
    const calls = serveByPath({});
    renderStaffScreen("/gestion/messages", <MessagesPage />, PEDAGOGIE);
    expect(await screen.findByRole("heading", { name: "Accès refusé" })).toBeVisible();
    expect(calls).toEqual([]);
  });
});

describe("/gestion/messages/{id}", () => {
  it("marks a message handled and shows the server's answer", async () => {
    const calls = serveByPath({
      "/api/gestion/messages/7": [
        { status: 200, body: detail("nouveau") },
        { status: 200, body: detail("traite") },
      ],
    });
    renderStaffScreen("/gestion/messages/:id", <MessagePage />, SECRETARIAT);
    fireEvent.click(await screen.findByRole("button", { name: "Marquer comme traité" }));
    expect(await screen.findByText("Message marqué comme traité.")).toBeVisible();
    expect(calls.find((call) => call.method === "PATCH")).toMatchObject({
      path: "/api/gestion/messages/7",
      body: { statut: "traite" },
    });
    expect(screen.getByText(/Traité le .* par Salma Secrétariat/)).toBeVisible();
    expect(screen.getByRole("button", { name: "Marquer comme nouveau" })).toBeVisible();
    // Opening it reads it once: the message is not asked again after the change.
    await waitFor(() => expect(calls.filter((call) => call.method === "GET")).toHaveLength(1));
  });

  it("says when the message does not exist", async () => {
    serveByPath({});
    renderStaffScreen("/gestion/messages/:id", <MessagePage />, SECRETARIAT);
    expect(await screen.findByRole("alert")).toHaveTextContent("Ce message n'existe pas.");
  });
});
