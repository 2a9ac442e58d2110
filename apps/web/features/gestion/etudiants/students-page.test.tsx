import type { Page, StaffStudent } from "@puerta/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveByPath } from "../../../test/network.ts";
import { PEDAGOGIE, renderStaffScreen } from "../shared/test-support.tsx";
import StudentsPage from "./students-page.tsx";

const student = (id: number, prenom: string, statut: StaffStudent["statut"]): StaffStudent => ({
  id,
  user_id: 100 + id,
  nom: `Nom${id}`,
  prenom,
  email: `eleve${id}@example.com`,
  telephone: null,
  cin: null,
  numero_etudiant: `PU-2026-000${id}`,
  centre: { id: 1, nom: "Ain Sebaa" },
  option: null,
  filiere: null,
  statut,
  promotion: "2026-2027",
  statut_scolaire: "inscrit",
  sorti_le: null,
  motif_sortie: null,
  politique_version: null,
  politique_acceptee: false,
  last_login_at: null,
  created_at: "2026-09-01T08:00:00.000Z",
});

const PAGE: Page<StaffStudent> = {
  data: [student(1, "Rim", "invitation_envoyee"), student(2, "Omar", "actif"), student(3, "Inès", "actif")],
  page: 1,
  per_page: 3,
  total: 42,
};

afterEach(() => vi.unstubAllGlobals());

function showList() {
  const calls = serveByPath({
    "/api/gestion/etudiants?sort=nom&page=1&per_page=50": { status: 200, body: PAGE },
    "/api/gestion/etudiants/referentiel": {
      status: 200,
      body: { centres: [{ id: 1, nom: "Ain Sebaa" }], options: [], filieres: [] },
    },
    "/api/gestion/etudiants/actions/invitation": {
      status: 200,
      body: {
        done: 1,
        skipped: 1,
        message: "Invitation renvoyée à 1 étudiant ; 1 déjà activé ou désactivé, sans invitation.",
      },
    },
    "/api/gestion/etudiants/actions/desactiver": {
      status: 200,
      body: { done: 42, skipped: 0, message: "42 comptes désactivés." },
    },
  });
  renderStaffScreen("/gestion/etudiants", <StudentsPage />);
  return calls;
}

describe("/gestion/etudiants: bulk actions", () => {
  it("resends invitations to the rows picked, after a confirmation that says how many", async () => {
    const calls = showList();
    fireEvent.click(await screen.findByRole("checkbox", { name: "Sélectionner Rim Nom1" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Sélectionner Omar Nom2" }));
    const bar = screen.getByRole("region", { name: "Actions sur la sélection" });
    expect(within(bar).getByRole("status")).toHaveTextContent("2 étudiants sélectionnés");
    expect(within(bar).getByRole("link", { name: "Exporter la sélection (CSV)" }).getAttribute("href")).toContain(
      "ids=1%2C2",
    );
    fireEvent.click(within(bar).getByRole("button", { name: "Renvoyer les invitations" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Renvoyer l'invitation à 2 étudiants ?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Renvoyer (2)" }));
    await screen.findByText("Invitation renvoyée à 1 étudiant ; 1 déjà activé ou désactivé, sans invitation.");
    const sent = calls.find((call) => call.path === "/api/gestion/etudiants/actions/invitation");
    expect(sent).toMatchObject({ method: "POST", body: { ids: [1, 2] } });
    await waitFor(() => expect(screen.queryByRole("region", { name: "Actions sur la sélection" })).toBeNull());
  });

  it("selects every student the filters keep, and deactivates them after confirming the count", async () => {
    const calls = showList();
    await screen.findByRole("checkbox", { name: "Sélectionner Rim Nom1" });
    fireEvent.click(screen.getByRole("checkbox", { name: "Sélectionner les étudiants de cette page" }));
    fireEvent.click(
      screen.getByRole("button", { name: "Sélectionner les 42 étudiants qui correspondent aux filtres" }),
    );
    const bar = screen.getByRole("region", { name: "Actions sur la sélection" });
    expect(within(bar).getByRole("status")).toHaveTextContent("42 étudiants sélectionnés");
    fireEvent.click(within(bar).getByRole("button", { name: "Désactiver" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Désactiver 42 comptes ?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Désactiver (42)" }));
    await screen.findByText("42 comptes désactivés.");
    const sent = calls.find((call) => call.path === "/api/gestion/etudiants/actions/desactiver");
    expect(sent).toMatchObject({ method: "POST", body: { all: true } });
  });

  it("shows the whole search hint", async () => {
    showList();
    expect(await screen.findByRole("searchbox", { name: "Rechercher un étudiant" })).toHaveAttribute(
      "placeholder",
      "Nom, e-mail, n° étudiant, CIN",
    );
  });
});

const LIST = "/api/gestion/etudiants?sort=nom&page=1&per_page=50";
const REFERENCE = {
  "/api/gestion/etudiants/referentiel": {
    status: 200,
    body: { centres: [{ id: 1, nom: "Ain Sebaa" }], options: [], filieres: [] },
  },
};

describe("/gestion/etudiants: the list", () => {
  it("shows each student's e-mail, centre and status to the direction", async () => {
    serveByPath({ ...REFERENCE, [LIST]: { status: 200, body: PAGE } });
    renderStaffScreen("/gestion/etudiants", <StudentsPage />);
    const row = await screen.findByRole("row", { name: /Omar/ });
    expect(row).toHaveTextContent("eleve2@example.com");
    expect(row).toHaveTextContent("Ain Sebaa");
    expect(screen.getByRole("link", { name: "Nom2" })).toHaveAttribute("href", "/gestion/etudiants/2");
    expect(screen.getByRole("button", { name: "Nouvel étudiant" })).toBeVisible();
  });

  it("says when no student matches", async () => {
    serveByPath({ ...REFERENCE, [LIST]: { status: 200, body: { data: [], page: 1, per_page: 50, total: 0 } } });
    renderStaffScreen("/gestion/etudiants", <StudentsPage />);
    expect(await screen.findByText("Aucun étudiant")).toBeVisible();
  });

  it("says in French that the list could not be loaded", async () => {
    serveByPath({ ...REFERENCE, [LIST]: "offline" });
    renderStaffScreen("/gestion/etudiants", <StudentsPage />);
    expect(await screen.findByRole("alert", {}, { timeout: 4000 })).toHaveTextContent(
      "Impossible de contacter le serveur. Vérifiez votre connexion.",
    );
  });

  it("gives the pedagogie names and centres only: no e-mail, no fiche, no selection, no creation", async () => {
    serveByPath({
      ...REFERENCE,
      [LIST]: {
        status: 200,
        body: {
          data: [{ id: 2, nom: "Nom2", prenom: "Omar", centre: { id: 1, nom: "Ain Sebaa" } }],
          page: 1,
          per_page: 50,
          total: 1,
        },
      },
    });
    renderStaffScreen("/gestion/etudiants", <StudentsPage />, PEDAGOGIE);
    const row = await screen.findByRole("row", { name: /Omar/ });
    expect(row).toHaveTextContent("Ain Sebaa");
    expect(within(row).queryByRole("link")).toBeNull();
    expect(within(row).queryByRole("checkbox")).toBeNull();
    expect(screen.queryByRole("button", { name: "Nouvel étudiant" })).toBeNull();
    expect(screen.getByRole("searchbox", { name: "Rechercher un étudiant" })).toHaveAttribute(
      "placeholder",
      "Nom ou prénom",
    );
  });
});

describe("/gestion/etudiants: a new student", () => {
  it("creates the student once: the retry after a lost answer carries the same Idempotency-Key, then the list is read again", async () => {
    const created = student(4, "Salma", "invitation_envoyee");
    const calls = serveByPath({
      "/api/gestion/etudiants?sort=nom&page=1&per_page=50": [
        { status: 200, body: PAGE },
        { status: 200, body: { ...PAGE, data: [...PAGE.data, created], total: 43 } },
      ],
      "/api/gestion/etudiants/referentiel": {
        status: 200,
        body: { centres: [{ id: 1, nom: "Ain Sebaa" }], options: [], filieres: [] },
      },
      "/api/gestion/etudiants": ["offline", { status: 201, body: created }],
    });
    renderStaffScreen("/gestion/etudiants", <StudentsPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Nouvel étudiant" }));
    const dialog = await screen.findByRole("dialog", { name: "Nouvel étudiant" });
    fireEvent.change(within(dialog).getByLabelText("Nom"), { target: { value: "Nom4" } });
    fireEvent.change(within(dialog).getByLabelText("Prénom"), { target: { value: "Salma" } });
    fireEvent.change(within(dialog).getByLabelText("Adresse e-mail"), { target: { value: "eleve4@example.com" } });
    fireEvent.change(within(dialog).getByLabelText("Centre"), { target: { value: "1" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Créer et inviter" }));
    // The answer was lost: the form says so and can be sent again.
    expect(await within(dialog).findByRole("alert")).toBeVisible();
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Créer et inviter" })).toBeEnabled());
    fireEvent.click(within(dialog).getByRole("button", { name: "Créer et inviter" }));
    expect(await screen.findByText("Étudiant créé, invitation envoyée.")).toBeVisible();
    expect(screen.getByText("Salma Nom4 · eleve4@example.com")).toBeVisible();
    const posts = calls.filter((call) => call.method === "POST" && call.path === "/api/gestion/etudiants");
    expect(posts).toHaveLength(2);
    expect(posts[0]?.body).toMatchObject({ nom: "Nom4", prenom: "Salma", email: "eleve4@example.com", centre_id: 1 });
    expect(posts[0]?.idempotencyKey).toMatch(/^"[0-9a-f-]{32,36}"$/);
    expect(posts[1]?.idempotencyKey).toBe(posts[0]?.idempotencyKey);
    expect(await screen.findByRole("checkbox", { name: "Sélectionner Salma Nom4" })).toBeVisible();
  });
});
