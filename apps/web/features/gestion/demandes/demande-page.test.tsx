import type { CertificateStaffDetail, StaffUser } from "@puerta/contract";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../components/toaster.tsx";
import { createQueryClient } from "../../../lib/query-client.tsx";
import { serveWith } from "../../../test/network.ts";
import { StaffUserContext } from "../session/staff-session.ts";
import DemandePage from "./demande-page.tsx";
import DemandesPage from "./demandes-page.tsx";

const SECRETARY: StaffUser = {
  id: 2,
  name: "Salma Tazi",
  email: "secretariat.demo@example.com",
  role: "secretariat",
  centre_ids: [1],
} as StaffUser;
const DIRECTION: StaffUser = { ...SECRETARY, id: 1, role: "direction", centre_ids: [] } as StaffUser;

const REQUEST: CertificateStaffDetail = {
  id: 12,
  etudiant_id: 3,
  student_id: "E2026001",
  nom: "El Amrani",
  prenom: "Salma",
  cin: "BE123456",
  email: "etudiant.demo@example.com",
  option: "Sciences",
  centre_id: 1,
  centre: "Ain Sebaa",
  type: "scolaire",
  niveau: null,
  langues: ["Français"],
  status: "En Cours",
  motif: null,
  created_at: "2026-11-20T09:00:00.000Z",
  updated_at: null,
  document: null,
  annee: "2026-2027",
  dossier: null,
  reemise_de: null,
  reemise: null,
  history: [],
};

/** The network: GETs answered at once; the PATCH held until the test lets it go. */
function serve(paths: Record<string, unknown>) {
  let release: (() => void) | undefined;
  const patched = new Promise<void>((resolve) => {
    release = resolve;
  });
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      calls.push(`${method} ${input}`);
      if (method === "PATCH") {
        await patched;
        return Response.json({ ...REQUEST, status: "Disponible" });
      }
      const path = String(input).split("?")[0] ?? "";
      if (path in paths) return Response.json(paths[path]);
      if (path === "/sanctum/csrf-cookie") return new Response(null, { status: 204 });
      return Response.json({ message: "Ressource introuvable." }, { status: 404 });
    }),
  );
  return { calls, release: () => release?.() };
}

function renderAt(url: string, user: StaffUser) {
  const router = createMemoryRouter(
    [
      { path: "/gestion/demandes", element: <DemandesPage /> },
      { path: "/gestion/demandes/:id", element: <DemandePage /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <StaffUserContext value={user}>
        <Toaster>
          <RouterProvider router={router} />
        </Toaster>
      </StaffUserContext>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("an attestation request in the back-office", () => {
  it("names the signatory set once for all, and shows progress while the attestation is made", async () => {
    const network = serve({
      "/api/gestion/demandes/12": REQUEST,
      "/api/gestion/demandes/signataire": { name: "Nadia Berrada", title: "Directrice pédagogique" },
    });
    renderAt("/gestion/demandes/12", SECRETARY);
    fireEvent.click(await screen.findByRole("button", { name: "Rendre disponible" }));
    const dialog = await screen.findByRole("alertdialog");
    await waitFor(() => expect(dialog).toHaveTextContent("signée par Nadia Berrada (Directrice pédagogique)"));
    // The confirmation promises what the student will see: a revocation is said as such.
    expect(dialog).toHaveTextContent("l'étudiant la verra alors « Révoquée », avec le motif");
    expect(dialog).not.toHaveTextContent("ne pourra plus être refusée");
    // No signatory form on a request: it is not set per request.
    expect(screen.queryByRole("heading", { name: "Signataire des attestations" })).toBeNull();

    fireEvent.click(within(dialog).getByRole("button", { name: "Rendre disponible" }));
    const progress = await within(dialog).findByText(
      "Génération de l'attestation (PDF) et envoi de l'e-mail à l'étudiant…",
    );
    expect(progress.closest("[role='status']")).not.toBeNull();
    expect(within(dialog).getByRole("button", { name: "En cours…" })).toBeDisabled();
    network.release();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(network.calls).toContain("PATCH /api/gestion/demandes/12");
  });

  it("lets the direction set the signatory once, on the list of requests", async () => {
    serve({
      "/api/gestion/demandes": { data: [], page: 1, per_page: 50, total: 0, last_page: 1 },
      "/api/gestion/demandes/signataire": { name: "La Direction", title: "Direction de l'établissement" },
      "/api/gestion/referentiel/centres": { data: [] },
    });
    renderAt("/gestion/demandes", DIRECTION);
    expect(await screen.findByRole("heading", { name: "Signataire des attestations" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Nom du signataire")).toHaveValue("La Direction"));
  });

  it("does not offer the signatory to the secretariat", async () => {
    serve({
      "/api/gestion/demandes": { data: [], page: 1, per_page: 50, total: 0, last_page: 1 },
      "/api/gestion/referentiel/centres": { data: [] },
    });
    renderAt("/gestion/demandes", SECRETARY);
    expect(await screen.findByRole("heading", { level: 1, name: "Demandes d'attestation" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Signataire des attestations" })).toBeNull();
  });

  describe("rectification", () => {
    /** A revoked attestation whose request's name and CIN are no longer the record's. */
    const REVOKED: CertificateStaffDetail = {
      ...REQUEST,
      status: "Refuser",
      annee: "2025-2026",
      dossier: { nom: "Salma El Amrani Alaoui", cin: "BK765432" },
      document: {
        numero: "PUE-2026-000004",
        verification_url: "https://portail.example/verifier/ABC",
        issued_at: "2026-11-21T09:00:00.000Z",
        revoked_at: "2026-11-22T09:00:00.000Z",
        revoked_reason: "Nom mal orthographié",
      },
    };
    const REISSUED: CertificateStaffDetail = {
      ...REVOKED,
      id: 13,
      nom: "El Amrani Alaoui",
      cin: "BK765432",
      status: "Disponible",
      dossier: null,
      reemise_de: 12,
      document: {
        ...(REVOKED.document as NonNullable<CertificateStaffDetail["document"]>),
        numero: "PUE-2026-000005",
        revoked_at: null,
        revoked_reason: null,
      },
    };

    it("says the record's name and CIN, the year, and lets the direction re-issue from the record", async () => {
      const calls = serveWith(({ method, path }) => {
        if (method === "POST" && path === "/api/gestion/demandes/12/reemettre") return { status: 201, body: REISSUED };
        if (path === "/api/gestion/demandes/12") return { status: 200, body: REVOKED };
        if (path === "/api/gestion/demandes/13") return { status: 200, body: REISSUED };
        if (path === "/sanctum/csrf-cookie") return { status: 204, body: null };
        return { status: 404, body: { message: "Ressource introuvable." } };
      });
      renderAt("/gestion/demandes/12", DIRECTION);
      expect(await screen.findByText("Nom au dossier : Salma El Amrani Alaoui")).toBeInTheDocument();
      expect(screen.getByText("CIN au dossier : BK765432")).toBeInTheDocument();
      expect(screen.getByText("2025-2026")).toBeInTheDocument();

      fireEvent.click(screen.getByRole("button", { name: "Réémettre avec les données du dossier" }));
      const dialog = await screen.findByRole("alertdialog");
      expect(dialog).toHaveTextContent("L'ancien numéro reste révoqué.");
      fireEvent.click(within(dialog).getByRole("button", { name: "Réémettre avec les données du dossier" }));
      expect(await screen.findByText("Réémise depuis la demande n° 12")).toBeInTheDocument();
      expect(await screen.findByText("Attestation réémise : n° PUE-2026-000005.")).toBeInTheDocument();
      const sent = calls.filter((c) => c.method === "POST");
      expect(sent).toHaveLength(1);
      expect(sent[0]?.idempotencyKey).toBeTruthy();
    });

    it("does not offer the re-issue to the secretariat", async () => {
      serveWith(({ path }) =>
        path === "/api/gestion/demandes/12"
          ? { status: 200, body: REVOKED }
          : { status: 404, body: { message: "Ressource introuvable." } },
      );
      renderAt("/gestion/demandes/12", SECRETARY);
      expect(await screen.findByText("Nom au dossier : Salma El Amrani Alaoui")).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Réémettre avec les données du dossier" })).toBeNull();
    });
  });
});
