import type { StaffUser } from "@puerta/contract";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client.tsx";
import { serveByPath } from "../../../test/network.ts";
import { StaffUserContext } from "../session/staff-session.ts";
import { EventFormDialog } from "./event-form-dialog.tsx";
import { HolidayFormDialog } from "./holiday-form-dialog.tsx";

const SECRETARY: StaffUser = {
  id: 2,
  name: "Salma Secrétariat",
  email: "secretariat.demo@example.com",
  role: "secretariat",
  centre_ids: [1],
};
const PEDAGOGIE: StaffUser = { ...SECRETARY, id: 3, role: "pedagogie", centre_ids: [] };
const DIRECTION: StaffUser = { ...SECRETARY, id: 1, role: "direction", centre_ids: [] };

const CENTRES = {
  status: 200,
  body: {
    data: [
      { id: 1, name: "Ain Sebaa" },
      { id: 2, name: "Moulay Youssef" },
      { id: 3, name: "Zenith" },
    ],
  },
};

afterEach(() => vi.unstubAllGlobals());

const noSave = async () => undefined;

/** A form as the back-office layout gives it: the signed-in staff member and the query cache. */
function renderAs(user: StaffUser, form: ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <StaffUserContext.Provider value={user}>{form}</StaffUserContext.Provider>
    </QueryClientProvider>,
  );
}

/**
 * Which centres the event and holiday forms offer follows the contract's permissions (decision
 * 099): a secretary publishes for her centres only, never "Tous les centres".
 */
describe("the calendar forms offer the centres the permission reaches", () => {
  it("a secretary of Ain Sebaa: her centre only, ticked, and no every-centre box", async () => {
    serveByPath({ "/api/gestion/referentiel/centres": CENTRES });
    renderAs(SECRETARY, <EventFormDialog open onOpenChange={() => {}} onSave={noSave} />);
    expect(await screen.findByRole("checkbox", { name: "Ain Sebaa" })).toBeChecked();
    expect(screen.queryByRole("checkbox", { name: "Zenith" })).not.toBeInTheDocument();
    expect(screen.queryByRole("checkbox", { name: "Tous les centres" })).not.toBeInTheDocument();
  });

  it("the pedagogie: every centre by default", async () => {
    serveByPath({ "/api/gestion/referentiel/centres": CENTRES });
    renderAs(PEDAGOGIE, <EventFormDialog open onOpenChange={() => {}} onSave={noSave} />);
    expect(await screen.findByRole("checkbox", { name: "Tous les centres" })).toBeChecked();
  });

  it("a closure by a secretary: her centres only, and no every-centre box", async () => {
    serveByPath({ "/api/gestion/referentiel/centres": CENTRES });
    renderAs(SECRETARY, <HolidayFormDialog open onOpenChange={() => {}} onSave={noSave} />);
    expect(await screen.findByRole("checkbox", { name: "Ain Sebaa" })).toBeInTheDocument();
    expect(screen.queryByRole("checkbox", { name: "Moulay Youssef" })).not.toBeInTheDocument();
    expect(screen.queryByRole("checkbox", { name: "Tous les centres" })).not.toBeInTheDocument();
  });

  it("the direction's closure form offers every centre", async () => {
    serveByPath({ "/api/gestion/referentiel/centres": CENTRES });
    renderAs(DIRECTION, <HolidayFormDialog open onOpenChange={() => {}} onSave={noSave} />);
    expect(await screen.findByRole("checkbox", { name: "Tous les centres" })).toBeInTheDocument();
  });
});
