import { CONTACT_MESSAGES as M } from "@puerta/contract";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { captchaScriptLoaded } from "../../test/captcha.ts";
import { type Answer, serveByPath } from "../../test/network.ts";
import { ContactForm } from "./contact-form.tsx";

afterAll(captchaScriptLoaded);

/** Each POST /api/contact gets the next answer; the calls' bodies are returned. */
function serve(...answers: Answer[]) {
  const calls = serveByPath({ "/api/contact": answers }, { status: 500, body: { message: "Erreur du serveur" } });
  return { bodies: () => calls.filter((c) => c.path === "/api/contact").map((c) => c.body) };
}

/** What the ALTCHA widget does once its proof of work is solved (or reset). */
function captchaState(state: "verified" | "unverified", payload: string | null = null) {
  const widget = document.querySelector("altcha-widget");
  if (!widget) throw new Error("no captcha widget");
  act(() => {
    widget.dispatchEvent(new CustomEvent("statechange", { detail: { state, payload } }));
  });
}

function fillIn() {
  const values: [string, string][] = [
    ["Nom complet", "Salma Bennani"],
    ["Adresse e-mail", "salma@example.com"],
    ["Téléphone", "+212 6 12 34 56 78"],
    ["Sujet", "Inscription"],
    ["Message", "Bonjour, quelles sont les dates ?"],
  ];
  for (const [label, value] of values) fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const sendButton = () => screen.getByRole("button", { name: /Envoyer le message|Réessayer dans|Envoi en cours/ });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("ContactForm", () => {
  it("keeps Send disabled until the captcha is solved", () => {
    serve();
    render(<ContactForm />);
    fillIn();
    expect(sendButton()).toBeDisabled();
    expect(screen.getByText(M.captchaRequired)).toBeInTheDocument();
    captchaState("verified", "payload-1");
    expect(sendButton()).toBeEnabled();
  });

  it("checks the fields before sending", async () => {
    const calls = serve();
    render(<ContactForm />);
    captchaState("verified", "payload-1");
    fireEvent.change(screen.getByLabelText("Téléphone"), { target: { value: "06 AB" } });
    fireEvent.click(sendButton());
    expect(await screen.findByText(M.nomRequired)).toBeInTheDocument();
    expect(screen.getByText(M.telephoneInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText("Téléphone")).toHaveAttribute("aria-invalid", "true");
    expect(calls.bodies()).toEqual([]);
  });

  it("on success shows the message, clears the form and resets the captcha", async () => {
    const calls = serve({ status: 200, body: { message: M.sent } });
    render(<ContactForm />);
    fillIn();
    captchaState("verified", "payload-1");
    fireEvent.click(sendButton());
    expect(await screen.findByRole("status")).toHaveTextContent("Votre message a été envoyé avec succès !");
    expect(calls.bodies()[0]).toMatchObject({
      nom: "Salma Bennani",
      telephone: "+212 6 12 34 56 78",
      recaptcha_token: "payload-1",
    });
    expect(screen.getByLabelText("Nom complet")).toHaveValue("");
    expect(screen.getByLabelText("Message")).toHaveValue("");
    // The captcha was reset: a new one is needed before the next send.
    expect(sendButton()).toBeDisabled();
  });

  it("puts each answer right after the button and gives it the focus, so a phone shows it", async () => {
    serve(
      { status: 200, body: { message: M.sent } },
      { status: 429, body: { message: M.tooMany, retry_after_seconds: 520 } },
    );
    render(<ContactForm />);
    const follows = (answer: Element) =>
      Boolean(sendButton().compareDocumentPosition(answer) & Node.DOCUMENT_POSITION_FOLLOWING);

    fillIn();
    captchaState("verified", "payload-1");
    fireEvent.click(sendButton());
    const sent = await screen.findByRole("status");
    expect(follows(sent)).toBe(true);
    await waitFor(() => expect(sent).toHaveFocus()); // the focus follows in an effect

    fillIn();
    captchaState("verified", "payload-2");
    fireEvent.click(sendButton());
    const locked = (await screen.findByText(M.tooMany)).closest("[role=alert]") as HTMLElement;
    expect(follows(locked)).toBe(true);
    await waitFor(() => expect(locked).toHaveFocus());
    // Every field sits before the button: none comes between it and the answer.
    for (const field of screen.getAllByRole("textbox")) expect(follows(field)).toBe(false);
  });

  it("shows the failure text when the send fails", async () => {
    serve({ status: 500, body: { message: "Erreur du serveur" } });
    render(<ContactForm />);
    fillIn();
    captchaState("verified", "payload-1");
    fireEvent.click(sendButton());
    expect(await screen.findByText("Une erreur s'est produite. Veuillez réessayer plus tard.")).toBeInTheDocument();
    expect(screen.getByLabelText("Nom complet")).toHaveValue("Salma Bennani");
  });

  it("after a 429 counts down on the button, then resets the message and the captcha", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve({ status: 429, body: { message: M.tooMany, retry_after_seconds: 65 }, headers: { "Retry-After": "65" } });
    render(<ContactForm />);
    fillIn();
    captchaState("verified", "payload-1");
    fireEvent.click(sendButton());
    // (The ALTCHA widget has alerts of its own: find ours by its text.)
    const alert = (await screen.findByText(M.tooMany)).closest("[role=alert]");
    expect(alert).not.toBeNull();
    expect(alert).toHaveTextContent("Vous pourrez envoyer un nouveau message dans 01:05 minutes.");
    expect(sendButton()).toHaveTextContent("Réessayer dans 1:05");
    expect(sendButton()).toBeDisabled();
    expect(screen.getByLabelText("Message")).toBeDisabled();

    await act(async () => vi.advanceTimersByTime(10_000));
    expect(sendButton()).toHaveTextContent("Réessayer dans 0:55");
    // A solved captcha does not unlock the form early.
    captchaState("verified", "payload-2");
    expect(sendButton()).toBeDisabled();

    await act(async () => vi.advanceTimersByTime(56_000));
    expect(screen.queryByText(M.tooMany)).not.toBeInTheDocument();
    expect(sendButton()).toHaveTextContent("Envoyer le message");
    expect(sendButton()).toBeDisabled(); // the captcha was reset with the countdown
    expect(screen.getByLabelText("Message")).toHaveValue("Bonjour, quelles sont les dates ?");
  });

  it("waits 300 seconds when the server gives no delay", async () => {
    serve({ status: 429, body: { message: M.tooMany } });
    render(<ContactForm />);
    fillIn();
    captchaState("verified", "payload-1");
    fireEvent.click(sendButton());
    expect(await screen.findByRole("button", { name: /Réessayer dans 5:00/ })).toBeDisabled();
  });
});
