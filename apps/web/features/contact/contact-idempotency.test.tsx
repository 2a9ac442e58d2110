import { CONTACT_MESSAGES as M } from "@puerta/contract";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterAll, afterEach, expect, it, vi } from "vitest";
import { captchaScriptLoaded } from "../../test/captcha.ts";
import { ContactForm } from "./contact-form.tsx";

afterAll(captchaScriptLoaded);

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The server as the browser sees it: each POST gets the next answer; the keys it carried are kept. */
function server(...answers: ("offline" | number)[]) {
  const keys: (string | null)[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path === "/sanctum/csrf-cookie") {
        // biome-ignore lint/suspicious/noDocumentCookie: the test plays the browser storing the server's cookie
        document.cookie = "XSRF-TOKEN=jeton; path=/";
        return new Response(null, { status: 204 });
      }
      if (init?.method === "POST") keys.push(new Headers(init.headers).get("Idempotency-Key"));
      const answer = answers.shift() ?? 500;
      if (answer === "offline") throw new TypeError("Failed to fetch");
      const body = answer < 300 ? { message: M.sent } : { message: "Erreur du serveur" };
      return new Response(JSON.stringify(body), { status: answer, headers: { "Content-Type": "application/json" } });
    }),
  );
  return keys;
}

it("the contact form: a message sent again after a lost answer carries the first key", async () => {
  const keys = server("offline", 200, 200);
  render(<ContactForm />);
  const fill: [string, string][] = [
    ["Nom complet", "Salma Bennani"],
    ["Adresse e-mail", "salma@example.com"],
    ["Téléphone", "+212 6 12 34 56 78"],
    ["Sujet", "Inscription"],
    ["Message", "Bonjour, quelles sont les dates ?"],
  ];
  const fillIn = () => {
    for (const [label, value] of fill) fireEvent.change(screen.getByLabelText(label), { target: { value } });
  };
  const solveCaptcha = (payload: string) => {
    const widget = document.querySelector("altcha-widget");
    act(() => {
      widget?.dispatchEvent(new CustomEvent("statechange", { detail: { state: "verified", payload } }));
    });
  };
  const sendButton = () => screen.getByRole("button", { name: /Envoyer le message|Envoi en cours/ });

  fillIn();
  solveCaptcha("payload-1");
  fireEvent.click(sendButton());
  expect(await screen.findByText("Une erreur s'est produite. Veuillez réessayer plus tard.")).toBeInTheDocument();
  // The parent solves a new captcha and sends again: the same submission.
  solveCaptcha("payload-2");
  fireEvent.click(sendButton());
  expect(await screen.findByRole("status")).toHaveTextContent("Votre message a été envoyé avec succès !");
  // A new message afterwards is a new submission.
  fillIn();
  solveCaptcha("payload-3");
  fireEvent.click(sendButton());
  await vi.waitFor(() => expect(keys).toHaveLength(3));
  expect(keys[1]).toBe(keys[0]);
  expect(keys[0]).toMatch(/^"[0-9a-f-]{32,36}"$/);
  expect(keys[2]).not.toBe(keys[0]);
});
