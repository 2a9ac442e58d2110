import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CertificateHistory } from "./certificate-history.tsx";

describe("CertificateHistory", () => {
  it("says so when there is no request", () => {
    render(<CertificateHistory requests={[]} />);
    expect(screen.getByText("Aucune demande pour le moment.")).toBeInTheDocument();
  });

  it("shows each request with '-' for empty values and a coloured status", () => {
    render(
      <CertificateHistory
        requests={[
          {
            id: 2,
            type: "langue",
            niveau: "B1",
            langues: [],
            status: "Disponible",
            created_at: "2025-03-02T10:00:00Z",
          },
          {
            id: 1,
            type: "scolaire",
            niveau: null,
            langues: ["Español", "Français"],
            status: "En Cours",
            created_at: "2025-03-01T10:00:00Z",
          },
          { id: 3, type: "scolaire", niveau: null, langues: ["Français"], status: "Archivée", created_at: "" },
        ]}
      />,
    );
    const headers = screen.getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["Type", "Niveau", "Langues", "Statut", "Date"]);
    const rows = screen.getAllByRole("row").slice(1);
    const cells = (i: number) =>
      within(rows[i] as HTMLElement)
        .getAllByRole("cell")
        .map((c) => c.textContent);
    expect(cells(0)).toEqual(["Attestation de langue", "B1", "-", "Disponible", "2 mars 2025"]);
    expect(cells(1)).toEqual(["Attestation scolaire", "-", "Español, Français", "En Cours", "1 mars 2025"]);
    expect(cells(2)?.[4]).toBe("-");
    expect(screen.getByText("Disponible")).toHaveClass("bg-green-100");
    expect(screen.getByText("En Cours")).toHaveClass("bg-blue-100");
    expect(screen.getByText("Archivée")).toHaveClass("bg-gray-100");
  });
});

describe("CertificateHistory after the office's answer", () => {
  it("shows the refusal reason and, for an available request, 'Télécharger l'attestation'", () => {
    render(
      <CertificateHistory
        requests={[
          {
            id: 4,
            type: "scolaire",
            niveau: null,
            langues: ["Français"],
            status: "Disponible",
            created_at: "2026-11-02T10:00:00Z",
            document: { numero: "PUE-2026-000004", verification_url: "https://example.test/verifier/ABC" },
          },
          {
            id: 3,
            type: "langue",
            niveau: "B2",
            langues: [],
            status: "Refuser",
            motif: "Le niveau B2 n'est pas encore validé.",
            created_at: "2026-11-01T10:00:00Z",
          },
        ]}
      />,
    );
    const [available, refused] = screen.getAllByRole("row").slice(1);
    if (!available || !refused) throw new Error("two rows expected");
    expect(within(available).getByRole("button", { name: "Télécharger l'attestation" })).toBeEnabled();
    expect(within(refused).getByText("Motif : Le niveau B2 n'est pas encore validé.")).toBeInTheDocument();
    expect(within(refused).queryByRole("button")).toBeNull();
  });
});

describe("CertificateHistory after a revocation", () => {
  it("says 'Révoquée' with the direction's reason and date, not a second 'Refuser'", () => {
    render(
      <CertificateHistory
        requests={[
          {
            id: 5,
            type: "scolaire",
            niveau: null,
            langues: ["Français"],
            status: "Refuser",
            motif: "Attestation PUE-2026-000005 révoquée : Inscription annulée",
            revocation: { revoquee_le: "2026-11-20T10:00:00Z", motif: "Inscription annulée" },
            created_at: "2026-11-02T10:00:00Z",
          },
        ]}
      />,
    );
    const [row] = screen.getAllByRole("row").slice(1);
    if (!row) throw new Error("one row expected");
    expect(within(row).getByText("Révoquée")).toHaveClass("bg-red-100");
    expect(within(row).queryByText("Refuser")).toBeNull();
    expect(
      within(row).getByText("Attestation révoquée par la direction le 20 nov. 2026. Motif : Inscription annulée"),
    ).toBeInTheDocument();
    expect(within(row).queryByRole("button")).toBeNull();
  });
});
