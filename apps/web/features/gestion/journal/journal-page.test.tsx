import type { AuditEntry, Page, StaffAccount } from "@puerta/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveByPath } from "../../../test/network.ts";
import { auditEntry } from "../shared/audit-fixtures.ts";
import { renderStaffScreen, SECRETARIAT } from "../shared/test-support.tsx";
import JournalEntryPage from "./journal-entry-page.tsx";
import JournalPage from "./journal-page.tsx";

const LIST = "/api/gestion/journal?sort=-at&page=1&per_page=50";
const PEOPLE = "/api/gestion/comptes?per_page=200&sort=name";
const page = <T,>(data: T[]): Page<T> => ({ data, page: 1, per_page: 50, total: data.length });
const salma = { id: 2, name: "Salma Secrétariat" } as StaffAccount;

afterEach(() => vi.unstubAllGlobals());

describe("/gestion/journal", () => {
  it("lists the entries with who did what, linked to their details", async () => {
    serveByPath({
      [LIST]: { status: 200, body: page([auditEntry(31, "Fiche de Aïcha Benali modifiée")]) },
      [PEOPLE]: { status: 200, body: page([salma]) },
    });
    renderStaffScreen("/gestion/journal", <JournalPage />);
    const row = await screen.findByRole("row", { name: /Fiche de Aïcha Benali modifiée/ });
    expect(row).toHaveTextContent("Salma Secrétariat");
    expect(row).toHaveTextContent("Modification");
    expect(row).toHaveTextContent("Étudiants");
    expect(screen.getByRole("link", { name: "Fiche de Aïcha Benali modifiée" })).toHaveAttribute(
      "href",
      "/gestion/journal/31",
    );
  });

  it("says the journal is empty", async () => {
    serveByPath({ [LIST]: { status: 200, body: page([]) }, [PEOPLE]: { status: 200, body: page([]) } });
    renderStaffScreen("/gestion/journal", <JournalPage />);
    expect(await screen.findByText("Journal vide")).toBeVisible();
  });

  it("says in French that the journal could not be read", async () => {
    serveByPath({
      [LIST]: { status: 500, body: { message: "Erreur du serveur" } },
      [PEOPLE]: { status: 200, body: page([]) },
    });
    renderStaffScreen("/gestion/journal", <JournalPage />);
    expect(await screen.findByRole("alert", {}, { timeout: 4000 })).toHaveTextContent("Erreur du serveur");
  });

  it("asks the server for one person's entries when filtered by person", async () => {
    const calls = serveByPath({
      [LIST]: { status: 200, body: page([auditEntry(31, "Fiche de Aïcha Benali modifiée")]) },
      [PEOPLE]: { status: 200, body: page([salma]) },
      "/api/gestion/journal?staff_id=2&sort=-at&page=1&per_page=50": { status: 200, body: page([]) },
    });
    renderStaffScreen("/gestion/journal", <JournalPage />);
    await screen.findByRole("option", { name: "Salma Secrétariat" });
    fireEvent.change(screen.getByRole("combobox", { name: "Personne" }), { target: { value: "2" } });
    expect(await screen.findByText("Aucun résultat")).toBeVisible();
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain("/api/gestion/journal?staff_id=2&sort=-at&page=1&per_page=50"),
    );
  });

  it("is the direction's: another role is refused, and nothing is asked of the API", async () => {
    const calls = serveByPath({});
    renderStaffScreen("/gestion/journal", <JournalPage />, SECRETARIAT);
    expect(await screen.findByRole("heading", { name: "Accès refusé" })).toBeVisible();
    expect(calls).toEqual([]);
  });
});

describe("/gestion/journal/{id}", () => {
  it("shows an entry's facts and each changed field before and after", async () => {
    const entry: AuditEntry = auditEntry(31, "Fiche de Aïcha Benali modifiée", {
      telephone: { before: null, after: "+212661001234" },
    });
    serveByPath({ "/api/gestion/journal/7": { status: 200, body: entry } });
    renderStaffScreen("/gestion/journal/:id", <JournalEntryPage />);
    const changed = await screen.findByRole("row", { name: /telephone/ });
    expect(changed).toHaveTextContent("—");
    expect(changed).toHaveTextContent("+212661001234");
    expect(screen.getByText("203.0.113.5")).toBeVisible();
  });

  it("says when the entry does not exist", async () => {
    serveByPath({});
    renderStaffScreen("/gestion/journal/:id", <JournalEntryPage />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Cette entrée du journal n'existe pas.");
  });
});
