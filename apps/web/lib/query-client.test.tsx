import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { signInAs } from "../test/session.ts";
import { afterStartupQueries, createQueryClient } from "./query-client.tsx";

function Plannings({ load }: { load: () => Promise<string> }) {
  const query = useQuery({ queryKey: ["planifications"], queryFn: load });
  return <p>{query.data ?? "Chargement des plannings..."}</p>;
}

describe("afterStartupQueries", () => {
  it("waits for the page's queries, then runs once what they brought is on screen", async () => {
    signInAs();
    const client = createQueryClient();
    let answer: (value: string) => void = () => {};
    render(
      <QueryClientProvider client={client}>
        <Plannings load={() => new Promise((resolve) => (answer = resolve))} />
      </QueryClientProvider>,
    );
    const afterwards = vi.fn(() => screen.queryByText("Semaine 12") !== null);
    afterStartupQueries(client, afterwards);
    // A witness on a client with nothing to fetch, registered after: its run comes once the
    // paint and the settling time have passed, when "afterwards" would have come had it not waited.
    const witness = vi.fn();
    afterStartupQueries(createQueryClient(), witness);
    await waitFor(() => expect(witness).toHaveBeenCalledTimes(1));
    expect(afterwards).not.toHaveBeenCalled();

    act(() => answer("Semaine 12"));
    await waitFor(() => expect(afterwards).toHaveBeenCalledTimes(1));
    expect(afterwards).toHaveReturnedWith(true);
  });

  it("runs after the next paint when nothing is being fetched, and not at all once cancelled", async () => {
    const client = createQueryClient();
    const run = vi.fn();
    afterStartupQueries(client, run);
    const cancelledRun = vi.fn();
    afterStartupQueries(client, cancelledRun)();
    expect(run).not.toHaveBeenCalled();
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    expect(cancelledRun).not.toHaveBeenCalled();
  });
});
