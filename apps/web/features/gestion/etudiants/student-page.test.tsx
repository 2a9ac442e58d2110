import type { StaffStudent, StudentDetail, StudentPreview } from "@puerta/contract";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveByPath } from "../../../test/network.ts";
import { DIRECTION as DIRECTION_USER, PEDAGOGIE, renderStaffScreen, SECRETARIAT } from "../shared/test-support.tsx";
import StudentPage from "./student-page.tsx";

const STUDENT: StaffStudent = {
  id: 7,
  user_id: 70,
  nom: "Benali",
  prenom: "Aïcha",
  email: "aicha.benali@example.com",
  telephone: "+212661001234",
  cin: "BE123456",
  numero_etudiant: "PU-2026-0007",
  centre: { id: 1, nom: "Ain Sebaa" },
  option: null,
  filiere: null,
  statut: "actif",
  promotion: "2026-2027",
  statut_scolaire: "inscrit",
  sorti_le: null,
  motif_sortie: null,
  politique_version: 2,
  politique_acceptee: true,
  last_login_at: null,
  created_at: "2026-09-01T08:00:00.000Z",
};

const DETAIL: StudentDetail = {
  student: STUDENT,
  demandes: [
    { id: 1, type: "langue", niveau: "B2", langues: [], status: "En Cours", created_at: "2026-10-01T08:00:00.000Z" },
    {
      id: 2,
      type: "scolaire",
      niveau: null,
      langues: ["Español"],
      status: "Refuser",
      created_at: "2026-10-02T08:00:00.000Z",
    },
  ],
  notifications: [],
  acceptations: [],
};

const PREVIEW: StudentPreview = {
  planning: [],
  documents: {
    success: true,
    data: { cours_par_niveau: {} },
    message: "Aucun support.",
  } as unknown as StudentPreview["documents"],
  notifications: [],
};

afterEach(() => vi.unstubAllGlobals());

function showFiche(user = DIRECTION_USER) {
  const calls = serveByPath({
    "/api/gestion/etudiants/7/fiche": { status: 200, body: DETAIL },
    "/api/gestion/etudiants/7/apercu": { status: 200, body: PREVIEW },
  });
  renderStaffScreen("/gestion/etudiants/:id", <StudentPage />, user);
  return calls;
}

describe("/gestion/etudiants/{id}", () => {
  it("names requests and their status in words, and shows the phone as people read it", async () => {
    showFiche();
    expect(await screen.findByText("Attestation de langue B2")).toBeInTheDocument();
    expect(screen.getByText("Attestation scolaire (Español)")).toBeInTheDocument();
    expect(screen.getByText(/^En cours · /)).toBeInTheDocument();
    expect(screen.getByText(/^Refusée · /)).toBeInTheDocument();
    expect(screen.queryByText(/langue \(B2\)/)).not.toBeInTheDocument();
    expect(screen.getByText("06 61 00 12 34")).toBeInTheDocument();
  });

  it("opens « Voir comme l'étudiant » in a dialog, where the eye is, with the focus in it", async () => {
    const calls = showFiche();
    fireEvent.click(await screen.findByRole("button", { name: "Voir comme l'étudiant" }));
    const dialog = await screen.findByRole("dialog", { name: "Ce que voit Aïcha Benali" });
    expect(within(dialog).getByRole("heading", { name: "Planning" })).toBeInTheDocument();
    expect(within(dialog).getByText("Aucun support.")).toBeInTheDocument();
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(calls.some((call) => call.path === "/api/gestion/etudiants/7/apercu")).toBe(true);
  });

  it.each([
    ["the direction", DIRECTION_USER],
    ["the secretariat of the student's centre", SECRETARIAT],
  ])("offers %s « Exporter les données », the ZIP downloaded from the API", async (_who, user) => {
    showFiche(user);
    const link = await screen.findByRole("link", { name: "Exporter les données" });
    expect(link).toHaveAttribute("href", "/api/gestion/etudiants/7/donnees");
    expect(link).toHaveAttribute("download");
  });

  it("offers the pedagogie no export: the page is not theirs", async () => {
    showFiche(PEDAGOGIE);
    expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Exporter les données" })).not.toBeInTheDocument();
    expect(screen.queryByText("aicha.benali@example.com")).not.toBeInTheDocument();
  });

  it("asks before deactivating in words that fit anyone", async () => {
    showFiche();
    fireEvent.click(await screen.findByRole("button", { name: "Désactiver" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Toutes les sessions d'Aïcha Benali seront fermées");
    expect(dialog).not.toHaveTextContent("déconnecté");
  });

  it("shows the cohort and the school status: enrolled, or former student since a day, for a reason", async () => {
    showFiche();
    const enrolled = await screen.findByText("Statut scolaire");
    expect(enrolled.nextElementSibling).toHaveTextContent(/^Inscrit$/);
    expect(screen.getByText("Promotion").nextElementSibling).toHaveTextContent("2026-2027");
  });

  it("says when and why a former student left", async () => {
    serveByPath({
      "/api/gestion/etudiants/7/fiche": {
        status: 200,
        body: {
          ...DETAIL,
          student: {
            ...STUDENT,
            promotion: "2025-2026",
            statut_scolaire: "ancien_eleve",
            sorti_le: "2026-06-30",
            motif_sortie: "fin_de_formation",
          },
        },
      },
    });
    renderStaffScreen("/gestion/etudiants/:id", <StudentPage />);
    const status = (await screen.findByText("Statut scolaire")).nextElementSibling;
    expect(status).toHaveTextContent("Ancien élève");
    expect(status).toHaveTextContent("Sorti le 30 juin 2026 · Fin de formation");
    expect(screen.getByText("Promotion").nextElementSibling).toHaveTextContent("2025-2026");
  });
});
