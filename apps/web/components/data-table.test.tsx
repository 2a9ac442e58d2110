import type { Page } from "@puerta/contract";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useListParams } from "../lib/list-params.ts";
import { columnsOf, DataTable } from "./data-table.tsx";

type Person = { id: number; name: string; role: string };
const column = columnsOf<Person>();
const columns = [
  column.accessor("name", { header: "Nom" }),
  column.accessor("role", { header: "Rôle", enableSorting: false }),
];

function pageOf(total: number, page: number, perPage: number): Page<Person> {
  const start = (page - 1) * perPage;
  const data = Array.from({ length: Math.max(0, Math.min(perPage, total - start)) }, (_, i) => ({
    id: start + i + 1,
    name: `Personne ${start + i + 1}`,
    role: "direction",
  }));
  return { data, page, per_page: perPage, total };
}

/** The address the table writes, shown so the test reads it as a user would see it shared. */
function Address() {
  const { search } = useLocation();
  return <p data-testid="adresse">{search}</p>;
}

function Screen({ total, pending = false }: { total: number; pending?: boolean }) {
  const list = useListParams(["role"], "name");
  const data = pending ? undefined : pageOf(total, list.params.page, list.params.perPage);
  return (
    <>
      <DataTable
        caption="Personnes"
        columns={columns}
        list={list}
        result={{ data, isPending: pending, isError: false, isFetching: false, error: null, refetch: () => {} }}
        searchLabel="Rechercher une personne"
        filters={[
          {
            name: "role",
            label: "Rôle",
            allLabel: "Tous les rôles",
            options: [
              { value: "direction", label: "Direction" },
              { value: "pedagogie", label: "Pédagogie" },
            ],
          },
        ]}
        empty={{ title: "Aucune personne", message: "Invitez quelqu'un." }}
        getRowId={(row) => String(row.id)}
      />
      <Address />
    </>
  );
}

function renderAt(url: string, props: { total: number; pending?: boolean }) {
  const router = createMemoryRouter([{ path: "/liste", element: <Screen {...props} /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

const address = () => new URLSearchParams(screen.getByTestId("adresse").textContent ?? "");

afterEach(() => {
  vi.useRealTimers();
});

describe("the shared table keeps its state in the address", () => {
  it("shows what a shared address says: search, filter, sort, page and page size", () => {
    renderAt("/liste?q=sal&role=direction&sort=-name&page=2&per_page=25", { total: 60 });
    expect(screen.getByLabelText("Rechercher une personne")).toHaveValue("sal");
    expect(screen.getByLabelText("Rôle")).toHaveValue("direction");
    expect(screen.getByRole("columnheader", { name: /Nom/ })).toHaveAttribute("aria-sort", "descending");
    expect(screen.getByLabelText("Lignes par page")).toHaveValue("25");
    expect(screen.getByText("Page 2 sur 3")).toBeInTheDocument();
    expect(screen.getByText("Lignes 26–50 sur 60")).toBeInTheDocument();
    expect(screen.getAllByRole("row")).toHaveLength(26);
  });

  it("pages forward and back through the address, 50 a page by default", () => {
    renderAt("/liste", { total: 120 });
    expect(screen.getByText("Lignes 1–50 sur 120")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Suivante" }));
    expect(address().get("page")).toBe("2");
    expect(screen.getByText("Lignes 51–100 sur 120")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Suivante" }));
    expect(screen.getByRole("button", { name: "Suivante" })).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: "Précédente" }));
    fireEvent.click(screen.getByRole("button", { name: "Précédente" }));
    expect(address().has("page")).toBe(false);
    expect(screen.getByRole("button", { name: "Précédente" })).toBeDisabled();
  });

  it("a filter, a sort or a page size goes back to page 1", () => {
    renderAt("/liste?page=3", { total: 200 });
    fireEvent.change(screen.getByLabelText("Rôle"), { target: { value: "pedagogie" } });
    expect(address().get("role")).toBe("pedagogie");
    expect(address().has("page")).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Suivante" }));
    fireEvent.click(within(screen.getByRole("columnheader", { name: /Nom/ })).getByRole("button"));
    expect(address().get("sort")).toBe("-name");
    expect(address().has("page")).toBe(false);
    expect(screen.getByRole("columnheader", { name: /Nom/ })).toHaveAttribute("aria-sort", "descending");

    fireEvent.change(screen.getByLabelText("Lignes par page"), { target: { value: "100" } });
    expect(address().get("per_page")).toBe("100");
    expect(screen.getByText("Page 1 sur 2")).toBeInTheDocument();
  });

  it("the search box writes `q` once the typing pauses, replacing the history entry", () => {
    vi.useFakeTimers();
    const router = renderAt("/liste", { total: 3 });
    const box = screen.getByLabelText("Rechercher une personne");
    fireEvent.change(box, { target: { value: "Sal" } });
    fireEvent.change(box, { target: { value: "Salma" } });
    expect(address().has("q")).toBe(false);
    act(() => vi.advanceTimersByTime(400));
    expect(address().get("q")).toBe("Salma");
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("shows a skeleton while the first page loads, then the empty state", () => {
    const { unmount } = render(
      <RouterProvider
        router={createMemoryRouter([{ path: "/", element: <Screen total={0} pending /> }], { initialEntries: ["/"] })}
      />,
    );
    expect(screen.getAllByTestId("ligne-squelette").length).toBeGreaterThan(0);
    expect(screen.getByRole("table")).toHaveAttribute("aria-busy", "true");
    expect(screen.getByRole("status")).toHaveTextContent("Chargement de la liste…");
    unmount();

    renderAt("/liste", { total: 0 });
    expect(screen.queryByTestId("ligne-squelette")).toBeNull();
    expect(screen.getByText("Aucune personne")).toBeInTheDocument();
    expect(screen.getByText("Invitez quelqu'un.")).toBeInTheDocument();
  });

  it("an empty result under a filter says the filter is why", () => {
    renderAt("/liste?role=pedagogie", { total: 0 });
    expect(screen.getByText("Aucun résultat")).toBeInTheDocument();
    expect(screen.queryByText("Aucune personne")).toBeNull();
  });
});
