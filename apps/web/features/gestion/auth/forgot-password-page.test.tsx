import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client.tsx";
import { captchaScriptLoaded } from "../../../test/captcha.ts";
import { serveByPath } from "../../../test/network.ts";
import StaffForgotPasswordPage from "./forgot-password-page.tsx";

afterAll(captchaScriptLoaded);

afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const router = createMemoryRouter([{ path: "/gestion/mot-de-passe-oublie", element: <StaffForgotPasswordPage /> }], {
    initialEntries: ["/gestion/mot-de-passe-oublie"],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("/gestion/mot-de-passe-oublie (issue 28: the sign-in's captcha)", () => {
  it("shows the captcha, sends nothing until it is solved, then sends its payload as recaptcha_token", async () => {
    const message = "Si un compte correspond à cette adresse, un e-mail de réinitialisation vient de vous être envoyé.";
    const calls = serveByPath({ "/api/gestion/mot-de-passe-oublie": { status: 200, body: { message } } });
    renderPage();
    fireEvent.change(screen.getByLabelText("Adresse e-mail"), { target: { value: "salma@example.com" } });
    const send = screen.getByRole("button", { name: "Envoyer le lien" });
    expect(send).toBeDisabled();
    expect(screen.getByText("Veuillez compléter le reCAPTCHA")).toBeInTheDocument();

    const widget = document.querySelector("altcha-widget");
    if (!widget) throw new Error("no captcha widget");
    act(() => {
      widget.dispatchEvent(new CustomEvent("statechange", { detail: { state: "verified", payload: "charge-utile" } }));
    });
    expect(send).toBeEnabled();
    fireEvent.click(send);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/gestion/mot-de-passe-oublie")?.body).toEqual({
      email: "salma@example.com",
      recaptcha_token: "charge-utile",
    });
  });
});
