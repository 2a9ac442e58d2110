import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client.tsx";
import { serveByPath } from "../../../test/network.ts";
import StaffActivationPage from "./activation-page.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("/gestion/activer with a link already used", () => {
  it("says so and leads to the sign-in page, not to a dead end", async () => {
    serveByPath({});
    const router = createMemoryRouter(
      [
        { path: "/gestion/activer", element: <StaffActivationPage /> },
        { path: "/gestion/connexion", element: <h1>Connexion à la gestion</h1> },
      ],
      { initialEntries: ["/gestion/activer?token=deja-utilise"] },
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("Ce lien d'activation n'est plus valide.");
    fireEvent.click(screen.getByRole("link", { name: "Aller à la connexion" }));
    expect(await screen.findByRole("heading", { name: "Connexion à la gestion" })).toBeInTheDocument();
  });
});
