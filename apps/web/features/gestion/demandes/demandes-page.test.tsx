import type { CertificateStaffItem, Page } from "@puerta/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveByPath } from "../../../test/network.ts";
import { PEDAGOGIE, renderStaffScreen, SECRETARIAT } from "../shared/test-support.tsx";
import DemandesPage from "./demandes-page.tsx";

const LIST = "/api/gestion/demandes?page=1&per_page=50";
const SIGNATORY = "/api/gestion/demandes/signataire";
const CENTRES = {
  "/api/gestion/referentiel/centres": { status: 200, body: { data: [{ id: 1, name: "Ain Sebaa" }] } },
};

const request = (id: number, prenom: string): CertificateStaffItem => ({
  id,
  etudiant_id: 70 + id,
  student_id: `PU-2026-00${id}`,
  nom: "Benali",
  prenom,
  cin: null,
  email: null,
  option: null,
  centre_id: 1,
  centre: "Ain Sebaa",
  type: "langue",
  niveau: "B2",
  langues: [],
  status: "En Cours",
  motif: null,
  created_at: "2026-11-20T09:00:00.000Z",
  updated_at: null,
  document: null,
  annee: "2026-2027",
  dossier: null,
  reemise_de: null,
  reemise: null,
});
const page = (data: CertificateStaffItem[]): Page<CertificateStaffItem> => ({
  data,
  page: 1,
  per_page: 50,
  total: data.length,
});

afterEach(() => vi.unstubAllGlobals());

describe("/gestion/demandes", () => {
  it("lists the requests with the student, the certificate asked for and its status", async () => {
    serveByPath({ ...CENTRES, [LIST]: { status: 200, body: page([request(3, "Aïcha")]) } });
    renderStaffScreen("/gestion/demandes", <DemandesPage />, SECRETARIAT);
    const row = await screen.findByRole("row", { name: /Aïcha/ });
    expect(row).toHaveTextContent("PU-2026-003");
    expect(row).toHaveTextContent("Ain Sebaa");
    expect(screen.getByRole("link", { name: /Aïcha/ })).toHaveAttribute("href", "/gestion/demandes/3");
  });

  it("says there is no request yet", async () => {
    serveByPath({ ...CENTRES, [LIST]: { status: 200, body: page([]) } });
    renderStaffScreen("/gestion/demandes", <DemandesPage />, SECRETARIAT);
    expect(await screen.findByText("Aucune demande")).toBeVisible();
  });

  it("says in French that the requests could not be loaded", async () => {
    serveByPath({ ...CENTRES, [LIST]: "offline" });
    renderStaffScreen("/gestion/demandes", <DemandesPage />, SECRETARIAT);
    expect(await screen.findByRole("alert", {}, { timeout: 4000 })).toHaveTextContent(
      "Impossible de contacter le serveur. Vérifiez votre connexion.",
    );
  });

  it("lets the direction name the signatory, and shows the name the server keeps", async () => {
    const calls = serveByPath({
      ...CENTRES,
      [LIST]: { status: 200, body: page([]) },
      [SIGNATORY]: [
        { status: 200, body: { name: "Nadia Direction", title: "Directrice" } },
        { status: 200, body: { name: "Omar Alaoui", title: "Directeur pédagogique" } },
        { status: 200, body: { name: "Omar Alaoui", title: "Directeur pédagogique" } },
      ],
    });
    renderStaffScreen("/gestion/demandes", <DemandesPage />);
    const name = await screen.findByRole("textbox", { name: "Nom du signataire" });
    await waitFor(() => expect(name).toHaveValue("Nadia Direction"));
    fireEvent.change(name, { target: { value: "Omar Alaoui" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Fonction" }), { target: { value: "Directeur pédagogique" } });
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer le signataire" }));
    expect(await screen.findByText("Signataire enregistré.")).toBeVisible();
    expect(calls.find((call) => call.method === "PATCH")).toMatchObject({
      path: SIGNATORY,
      body: { name: "Omar Alaoui", title: "Directeur pédagogique" },
    });
    await waitFor(() =>
      expect(calls.filter((call) => call.path === SIGNATORY && call.method === "GET")).toHaveLength(2),
    );
  });

  it("leaves the signatory to the direction", async () => {
    serveByPath({ ...CENTRES, [LIST]: { status: 200, body: page([]) } });
    renderStaffScreen("/gestion/demandes", <DemandesPage />, SECRETARIAT);
    await screen.findByText("Aucune demande");
    expect(screen.queryByRole("button", { name: "Enregistrer le signataire" })).toBeNull();
  });

  it("is refused to the pedagogie, without asking the API", async () => {
    const calls = serveByPath({});
    renderStaffScreen("/gestion/demandes", <DemandesPage />, PEDAGOGIE);
    expect(await screen.findByRole("heading", { name: "Accès refusé" })).toBeVisible();
    expect(calls.filter((call) => call.path.startsWith("/api/gestion/demandes"))).toEqual([]);
  });
});
