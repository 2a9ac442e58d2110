import type { ContactMessageDetail } from "@puerta/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveByPath } from "../../../test/network.ts";
import { renderStaffScreen } from "../shared/test-support.tsx";
import { ReplyForm } from "./message-page.tsx";

const MESSAGE: ContactMessageDetail = {
  id: 7,
  nom: "Leila Chraibi",
  email: "leila.parent@example.com",
  telephone: "+212 6 12 34 56 78",
  sujet: "Inscription",
  extrait: "Bonjour",
  statut: "nouveau",
  lu: true,
  reponses: 0,
  created_at: "2026-11-20T09:00:00.000Z",
  message: "Bonjour, quelles pièces faut-il ?",
  read_at: "2026-11-20T10:00:00.000Z",
  handled_at: null,
  handled_by: null,
  replies: [],
};
const SIGNER = { name: "Salma Tazi", role: "secretariat" as const };
const DRAFT = "Bonjour Leila Chraibi,\n\n\n\nSalma Tazi\nSecrétariat — Puerta";

function renderForm(onSent = vi.fn()) {
  renderStaffScreen("/gestion/messages/:id", <ReplyForm message={MESSAGE} signer={SIGNER} onSent={onSent} />);
  return onSent;
}

afterEach(() => vi.unstubAllGlobals());

describe("the reply to a contact message", () => {
  it("starts from the greeting and the signature the e-mail will carry, and marks the message handled by default", () => {
    serveByPath({});
    renderForm();
    expect(screen.getByLabelText("Votre réponse")).toHaveValue(DRAFT);
    expect(screen.getByRole("checkbox", { name: "Marquer comme traité" })).toBeChecked();
  });

  it("refuses the untouched greeting and signature as an empty reply, and sends nothing", async () => {
    const calls = serveByPath({});
    renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Envoyer la réponse" }));
    expect(await screen.findByText("Écrivez votre réponse.")).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("sends exactly the text on screen, and leaves the message open when the box is unticked", async () => {
    const calls = serveByPath({
      "/api/gestion/messages/7/reponse": { status: 201, body: { ...MESSAGE, replies: [] } },
    });
    const onSent = renderForm();
    const typed = "Bonjour Madame Chraibi,\n\nLe relevé de notes suffit.\n\nSalma Tazi\nSecrétariat — Puerta";
    fireEvent.change(screen.getByLabelText("Votre réponse"), { target: { value: typed } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Marquer comme traité" }));
    fireEvent.click(screen.getByRole("button", { name: "Envoyer la réponse" }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ message: typed, marquer_traite: false });
    // Ready for the next reply: the greeting and signature again.
    expect(screen.getByLabelText("Votre réponse")).toHaveValue(DRAFT);
  });

  it("sends one Idempotency-Key per reply: the retry after a lost answer carries it, the next reply a new one", async () => {
    const calls = serveByPath({
      "/api/gestion/messages/7/reponse": ["offline", { status: 201, body: MESSAGE }, { status: 201, body: MESSAGE }],
    });
    const onSent = renderForm();
    const reply = (text: string) => {
      fireEvent.change(screen.getByLabelText("Votre réponse"), { target: { value: text } });
      fireEvent.click(screen.getByRole("button", { name: "Envoyer la réponse" }));
    };
    reply("Bonjour,\nle relevé de notes suffit.");
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole("button", { name: "Envoyer la réponse" })).toBeEnabled());
    expect(onSent).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Envoyer la réponse" }));
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    reply("Bonjour,\nune précision encore.");
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(2));
    const keys = calls.map((call) => call.idempotencyKey);
    expect(keys[0]).toMatch(/^"[0-9a-f-]{32,36}"$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
