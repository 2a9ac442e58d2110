import type { ErasurePreview, ErasureResponse, StaffStudent, StudentDetail } from "@puerta/contract";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveByPath } from "../../../test/network.ts";
import { renderStaffScreen, SECRETARIAT } from "../shared/test-support.tsx";
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
const DETAIL: StudentDetail = { student: STUDENT, demandes: [], notifications: [], acceptations: [] };
const PREVIEW: ErasurePreview = {
  etudiant_id: 7,
  nom_complet: "Aïcha Benali",
  demandes_en_cours: 2,
  emails_en_attente: 3,
  emails_retenus: 1,
  conserve: ["Le registre des attestations délivrées : /verifier/{code} continue de confirmer un document."],
};
const DONE: ErasureResponse = { message: "Données de l'étudiant n° 7 effacées." };

afterEach(() => vi.unstubAllGlobals());

describe("Effacer les données on /gestion/etudiants/{id}", () => {
  it("says what will happen, asks the reason and the name typed exactly, then shows the answer and goes back to the list", async () => {
    const calls = serveByPath({
      "/api/gestion/etudiants/7/fiche": { status: 200, body: DETAIL },
      "/api/gestion/etudiants/7/effacement": [
        { status: 200, body: PREVIEW },
        { status: 200, body: DONE },
      ],
    });
    const router = renderStaffScreen("/gestion/etudiants/:id", <StudentPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Effacer les données" }));
    const dialog = await screen.findByRole("dialog", { name: "Effacer les données de l'étudiant ?" });
    expect(
      await within(dialog).findByText("2 demandes d'attestation en cours seront supprimées sans être traitées."),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        "3 e-mails le concernant, en attente d'envoi, ne partiront pas (dont 1 retenu depuis une restauration).",
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/\/verifier\/\{code\} continue de confirmer/)).toBeInTheDocument();

    const confirm = within(dialog).getByRole("button", { name: "Effacer définitivement" });
    expect(confirm).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText(/saisissez le nom de l'étudiant/), {
      target: { value: "Aicha Benali" },
    });
    expect(confirm).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText(/saisissez le nom de l'étudiant/), {
      target: { value: "Aïcha Benali" },
    });
    expect(confirm).toBeEnabled();

    // No reason: the contract's French message next to the field, nothing sent.
    fireEvent.click(confirm);
    expect(await within(dialog).findByText("Indiquez le motif de l'effacement.")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText("Motif de l'effacement"), {
      target: { value: "Demande de l'étudiante (art. 9)" },
    });
    fireEvent.click(confirm);
    expect(await screen.findByText("Données de l'étudiant n° 7 effacées.")).toBeInTheDocument();
    const posted = calls.find((call) => call.method === "POST");
    expect(posted).toMatchObject({
      path: "/api/gestion/etudiants/7/effacement",
      body: { motif: "Demande de l'étudiante (art. 9)" },
    });
    expect(posted?.idempotencyKey).toBeTruthy();
    expect(router.state.location.pathname).toBe("/gestion/etudiants");
  });

  it("is not offered to the secretariat", async () => {
    serveByPath({ "/api/gestion/etudiants/7/fiche": { status: 200, body: DETAIL } });
    renderStaffScreen("/gestion/etudiants/:id", <StudentPage />, SECRETARIAT);
    expect(await screen.findByRole("button", { name: "Désactiver" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Effacer les données" })).not.toBeInTheDocument();
  });
});
