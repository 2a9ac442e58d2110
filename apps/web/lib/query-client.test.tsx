import { STORAGE_KEYS } from "@puerta/contract";
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { expect, it, vi } from "vitest";
import { createQueryClient } from "./query-client.tsx";

function Plannings({ load }: { load: () => Promise<string> }) {
  const query = useQuery({ queryKey: ["planifications"], queryFn: load });
  return <p>{query.data ?? "Chargement des plannings..."}</p>;
}

const renderWith = (load: () => Promise<string>) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Plannings load={load} />
    </QueryClientProvider>,
  );

it("runs a student query once a token is stored", async () => {
  localStorage.setItem(STORAGE_KEYS.token, "jeton");
  const load = vi.fn(async () => "Semaine 12");
  renderWith(load);
  expect(await screen.findByText("Semaine 12")).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
});

it("asks nothing of the server without a token: the visitor is on the way to /login", async () => {
  const load = vi.fn(async () => "Semaine 12");
  renderWith(load);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.getByText("Chargement des plannings...")).toBeInTheDocument();
  expect(load).not.toHaveBeenCalled();
});
