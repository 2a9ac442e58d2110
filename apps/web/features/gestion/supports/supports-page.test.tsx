import type { Page, StaffCourseDocument, SupportSubjects } from "@puerta/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Answer, serveByPath } from "../../../test/network.ts";
import { PEDAGOGIE, renderStaffScreen, SECRETARIAT } from "../shared/test-support.tsx";
import SupportsPage from "./supports-page.tsx";

const SUBJECTS = "/api/gestion/supports/matieres";
const DOCUMENTS = "/api/gestion/supports/documents?matiere_id=4&niveau_id=aucun&sort=ordre&per_page=200";
const subjects: SupportSubjects = { matieres: [{ id: 4, nom: "Civilisation", niveaux: [], documents: 2 }] };

const doc = (id: number, titre: string, ordre: number): StaffCourseDocument => ({
  id,
  matiere: { id: 4, nom: "Civilisation" },
  niveau: null,
  titre,
  description: null,
  mois: 10,
  annee: 2026,
  ordre,
  file_name: `${id}.pdf`,
  taille_fichier: 80_000,
  fichier_url: `/api/gestion/supports/documents/${id}/fichier`,
  created_at: "2026-10-01T08:00:00.000Z",
});
const page = (data: StaffCourseDocument[]): Page<StaffCourseDocument> => ({
  data,
  page: 1,
  per_page: 200,
  total: data.length,
});

afterEach(() => vi.unstubAllGlobals());

function showSupports(documents: Answer | Answer[], more: Record<string, Answer> = {}) {
  const calls = serveByPath({ [SUBJECTS]: { status: 200, body: subjects }, [DOCUMENTS]: documents, ...more });
  renderStaffScreen("/gestion/supports", <SupportsPage />, PEDAGOGIE);
  return calls;
}

async function chooseCivilisation() {
  await screen.findByRole("option", { name: "Civilisation (2 documents)" });
  fireEvent.change(screen.getByRole("combobox", { name: "Matière" }), { target: { value: "4" } });
}

describe("/gestion/supports", () => {
  it("asks for a subject first, then lists its documents in the students' order", async () => {
    showSupports({ status: 200, body: page([doc(1, "La Movida", 1), doc(2, "Le Siècle d'or", 2)]) });
    expect(
      await screen.findByText("Les documents s'affichent dans l'ordre où les étudiants les voient."),
    ).toBeVisible();
    await chooseCivilisation();
    const items = within(await screen.findByRole("region", { name: "Civilisation" })).getAllByRole("listitem");
    expect(items.map((item) => item.querySelector("p")?.textContent)).toEqual(["La Movida", "Le Siècle d'or"]);
  });

  it("says when a subject has no document yet", async () => {
    showSupports({ status: 200, body: page([]) });
    await chooseCivilisation();
    expect(await screen.findByText("Aucun document")).toBeVisible();
    expect(screen.getByText("Ajoutez le premier document de Civilisation.")).toBeVisible();
  });

  it("says in French that the documents could not be loaded", async () => {
    showSupports("offline");
    await chooseCivilisation();
    expect(await screen.findByRole("alert", {}, { timeout: 4000 })).toHaveTextContent(
      "Impossible de contacter le serveur. Vérifiez votre connexion.",
    );
  });

  it("moves a document down, saves the new order, and reads the documents again", async () => {
    const calls = showSupports(
      [
        { status: 200, body: page([doc(1, "La Movida", 1), doc(2, "Le Siècle d'or", 2)]) },
        { status: 200, body: page([doc(2, "Le Siècle d'or", 1), doc(1, "La Movida", 2)]) },
      ],
      { "/api/gestion/supports/documents/ordre": { status: 200, body: { data: [] } } },
    );
    await chooseCivilisation();
    fireEvent.click(await screen.findByRole("button", { name: "Descendre « La Movida »" }));
    expect(await screen.findByText("« La Movida » déplacé en position 2 sur 2.")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "PUT")).toMatchObject({
      path: "/api/gestion/supports/documents/ordre",
      body: { matiere_id: 4, niveau_id: null, ids: [2, 1] },
    });
    await waitFor(() => expect(calls.filter((call) => call.path === DOCUMENTS)).toHaveLength(2));
  });

  it("is the pedagogie's and the direction's: the secretariat is refused", async () => {
    const calls = serveByPath({});
    renderStaffScreen("/gestion/supports", <SupportsPage />, SECRETARIAT);
    expect(await screen.findByRole("heading", { name: "Accès refusé" })).toBeVisible();
    expect(calls).toEqual([]);
  });
});
