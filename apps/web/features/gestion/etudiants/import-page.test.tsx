import type { ImportPreviewResponse } from "@puerta/contract";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveByPath } from "../../../test/network.ts";
import { renderStaffScreen } from "../shared/test-support.tsx";
import ImportPage from "./import-page.tsx";

const PREVIEW: ImportPreviewResponse = {
  import_id: "abcdefghijklmnopqrstuvwxyz012345",
  rows: [
    { line: 2, status: "nouveau", nom: "Alami", prenom: "Rim", email: "rim@example.com", errors: [] },
    {
      line: 3,
      status: "erreur",
      nom: "Bennani",
      prenom: "Youssef",
      email: "pas-une-adresse",
      errors: [{ column: "email", message: "L'adresse e-mail n'est pas valide." }],
    },
    { line: 4, status: "inchange", nom: "Chraibi", prenom: "Nora", email: "nora@example.com", errors: [] },
  ],
  counts: { nouveau: 1, mis_a_jour: 0, inchange: 1, erreur: 1 },
};

afterEach(() => vi.unstubAllGlobals());

async function previewAFile(routes: Parameters<typeof serveByPath>[0] = {}) {
  const calls = serveByPath({ "/api/gestion/etudiants/import/preview": { status: 200, body: PREVIEW }, ...routes });
  renderStaffScreen("/gestion/etudiants/import", <ImportPage />);
  const file = new File(["nom;prenom"], "etudiants.csv", { type: "text/csv" });
  fireEvent.change(screen.getByLabelText("Fichier CSV ou XLSX"), { target: { files: [file] } });
  fireEvent.click(screen.getByRole("button", { name: "Prévisualiser" }));
  await screen.findByRole("table", { name: "Aperçu de l'import" });
  return { table: screen.getByRole("table", { name: "Aperçu de l'import" }), calls };
}

describe("/gestion/etudiants/import", () => {
  it("offers the model file in XLSX and CSV before any upload", () => {
    serveByPath({});
    renderStaffScreen("/gestion/etudiants/import", <ImportPage />);
    expect(screen.getByRole("link", { name: "Télécharger le modèle (XLSX)" })).toHaveAttribute(
      "href",
      "/api/gestion/etudiants/import/modele.xlsx",
    );
    expect(screen.getByRole("link", { name: "Télécharger le modèle (CSV)" })).toHaveAttribute(
      "href",
      "/api/gestion/etudiants/import/modele.csv",
    );
  });

  it("filters the preview to its errors, and links the error report", async () => {
    const { table } = await previewAFile();
    expect(within(table).getAllByRole("row")).toHaveLength(4);
    fireEvent.click(screen.getByRole("checkbox", { name: "Erreurs seulement (1)" }));
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent("L'adresse e-mail n'est pas valide.");
    expect(screen.getByRole("link", { name: "Télécharger le rapport d'erreurs (CSV)" })).toHaveAttribute(
      "href",
      `/api/gestion/etudiants/import/${PREVIEW.import_id}/erreurs.csv`,
    );
    expect(screen.getByRole("button", { name: "Importer 1 ligne" })).toBeEnabled();
  });

  it("keeps the reason of an error in the detail column, which a phone shows (two columns there)", async () => {
    const { table } = await previewAFile();
    const headers = within(table).getAllByRole("columnheader");
    // The « Étudiant » column is the one a phone hides; « Détail » repeats who it is.
    expect(headers.map((h) => h.textContent)).toEqual(["Ligne", "Étudiant", "Détail"]);
    expect(headers[1]?.className).toMatch(/(^|\s)hidden(\s|$)/);
    expect(headers[2]?.className).not.toMatch(/(^|\s)hidden(\s|$)/);
    const errorRow = within(table).getAllByRole("row")[2];
    const detail = errorRow?.querySelectorAll("td")[2];
    expect(detail).toHaveTextContent("Youssef Bennani");
    expect(detail).toHaveTextContent("email : L'adresse e-mail n'est pas valide.");
  });

  it("confirms with one Idempotency-Key per preview: the retry after a lost answer carries the first one", async () => {
    const confirmUrl = `/api/gestion/etudiants/import/${PREVIEW.import_id}/confirm`;
    const { calls } = await previewAFile({
      [confirmUrl]: [
        "offline",
        {
          status: 200,
          body: { created: 1, updated: 0, unchanged: 1, errors: 1, invitations: 1, message: "1 étudiant créé." },
        },
      ],
    });
    fireEvent.click(screen.getByRole("button", { name: "Importer 1 ligne" }));
    expect(await screen.findByText("L'import n'a pas abouti.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Importer 1 ligne" }));
    expect(await screen.findByText("Import terminé.")).toBeInTheDocument();
    const keys = calls.filter((call) => call.path === confirmUrl).map((call) => call.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^"[0-9a-f-]{32,36}"$/);
    expect(keys[1]).toBe(keys[0]);
  });
});
