import type {
  CentresResponse,
  ClosureRequest,
  ClosureResponse,
  CohortResponse,
  ReferentielData,
  SchoolYearsResponse,
} from "@puerta/contract";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Answer, serveWith } from "../../../test/network.ts";
import { renderStaffScreen, SECRETARIAT } from "../shared/test-support.tsx";
import ClosurePage from "./closure-page.tsx";
import YearsPage from "./years-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const YEARS: SchoolYearsResponse = {
  data: [
    {
      id: 7,
      label: "2026-2027",
      debut: "2026-09-01",
      fin: "2027-08-31",
      statut: "en_cours",
      inscrits: 3,
      anciens_eleves: 1,
    },
    {
      id: 6,
      label: "2025-2026",
      debut: "2025-09-01",
      fin: "2026-08-31",
      statut: "cloturee",
      inscrits: 40,
      anciens_eleves: 35,
    },
  ],
};
const CENTRES: CentresResponse = {
  data: [
    { id: 1, name: "Ain Sebaa" },
    { id: 2, name: "Zenith" },
  ],
};
const OPTIONS: { data: ReferentielData["options"] } = { data: [{ id: 5, nom: "Selectividad Santé", filiere_id: 9 }] };
const FILIERES: { data: ReferentielData["filieres"] } = { data: [{ id: 9, nom: "Sciences" }] };
const COHORT: CohortResponse = {
  data: [
    { id: 11, nom: "Alaoui", prenom: "Sara", numero_etudiant: "PU-11", centre_id: 1, option_id: 5, filiere_id: 9 },
    {
      id: 12,
      nom: "Bennani",
      prenom: "Omar",
      numero_etudiant: "PU-12",
      centre_id: 2,
      option_id: null,
      filiere_id: null,
    },
    {
      id: 13,
      nom: "Chraibi",
      prenom: "Lina",
      numero_etudiant: "PU-13",
      centre_id: 1,
      option_id: null,
      filiere_id: null,
    },
  ],
};

/** The server of these screens: the reads above, and the closure's answers in order. */
function serve(closures: Answer[] = []) {
  const reads: Record<string, Answer> = {
    "/api/gestion/annees": { status: 200, body: YEARS },
    "/api/gestion/referentiel/centres": { status: 200, body: CENTRES },
    "/api/gestion/referentiel/options": { status: 200, body: OPTIONS },
    "/api/gestion/referentiel/filieres": { status: 200, body: FILIERES },
    "/api/gestion/annees/7/cohorte": { status: 200, body: COHORT },
  };
  return serveWith((call) =>
    call.path === "/api/gestion/annees/7/cloture"
      ? (closures.shift() ?? { status: 500, body: { message: "Erreur du serveur" } })
      : (reads[call.path] ?? { status: 404, body: { message: "Ressource introuvable." } }),
  );
}

describe("/gestion/annees", () => {
  it("shows each year with its counts, the current one marked, each count linking to the students it counts", async () => {
    serve();
    renderStaffScreen("/gestion/annees", <YearsPage />);
    const current = (await screen.findByRole("heading", { name: "2026-2027" })).closest("li");
    if (!current) throw new Error("no card");
    expect(current).toHaveAttribute("aria-current", "true");
    expect(current).toHaveTextContent("En cours");
    expect(current).toHaveTextContent(/Du 1(er)? septembre 2026 au 31 août 2027/);
    expect(within(current).getByRole("link", { name: "3" })).toHaveAttribute(
      "href",
      "/gestion/etudiants?promotion=2026-2027",
    );
    const closed = screen.getByRole("heading", { name: "2025-2026" }).closest("li");
    if (!closed) throw new Error("no card");
    expect(closed).toHaveTextContent("Clôturée");
    expect(closed).toHaveTextContent("Inscrits cette année-là40");
    expect(within(closed).getByRole("link", { name: "35" })).toHaveAttribute(
      "href",
      "/gestion/etudiants?promotion=2025-2026&statut_scolaire=ancien_eleve",
    );
    expect(screen.getByRole("link", { name: "Clôturer l'année 2026-2027" })).toHaveAttribute(
      "href",
      "/gestion/annees/7/cloture",
    );
  });

  it("is the direction's: a secretary is told she may not open it", async () => {
    const calls = serve();
    renderStaffScreen("/gestion/annees", <YearsPage />, SECRETARIAT);
    expect(await screen.findByText(/Accès refusé|n'avez pas accès/)).toBeVisible();
    expect(calls.filter((call) => call.path === "/api/gestion/annees")).toHaveLength(0);
  });
});

describe("/gestion/annees/{id}/cloture", () => {
  const PREVIEW: ClosureResponse = {
    continuent: 1,
    anciens_eleves: 2,
    nouvelle_annee: { id: null, label: "2027-2028" },
  };
  const DONE: ClosureResponse = { continuent: 1, anciens_eleves: 2, nouvelle_annee: { id: 8, label: "2027-2028" } };

  it("ticks who continues by filters, changes their centre, previews, then closes with one key and says what changed", async () => {
    const calls = serve([
      { status: 200, body: PREVIEW },
      { status: 503, body: { message: "Service momentanément indisponible, réessayez dans un instant." } },
      { status: 200, body: DONE },
    ]);
    renderStaffScreen("/gestion/annees/:id/cloture", <ClosurePage />);
    expect(await screen.findByRole("heading", { name: "Qui continue en 2027-2028 ?" })).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent("0 étudiant(s) continuent en 2027-2028");

    // The filters keep Sara only (option Selectividad Santé): tick her with them.
    fireEvent.change(screen.getByLabelText("Option"), { target: { value: "5" } });
    const list = screen.getByRole("list", { name: "Inscrits" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Cocher les 1 étudiant(s) filtrés" }));
    expect(screen.getByRole("status")).toHaveTextContent("1 étudiant(s) continuent en 2027-2028");
    expect(screen.getByRole("checkbox", { name: /Sara Alaoui/ })).toBeChecked();

    fireEvent.change(screen.getByLabelText("Nouveau centre"), { target: { value: "2" } });
    fireEvent.click(screen.getByRole("button", { name: "Appliquer aux 1 étudiant(s)" }));
    expect(screen.getByText("En 2027-2028 : Zenith · Selectividad Santé · Sciences")).toBeVisible();

    fireEvent.click(screen.getByRole("button", { name: "Voir l'aperçu" }));
    expect(await screen.findByText("Deviennent anciens élèves (Fin de formation)")).toBeVisible();
    const expected: ClosureRequest = { continuent: [11], changements: [{ etudiant_id: 11, centre_id: 2 }] };
    const previewCall = calls.find((call) => call.path === "/api/gestion/annees/7/cloture");
    expect(previewCall?.body).toEqual({ ...expected, apercu: true });
    const counts = screen.getAllByRole("definition").map((cell) => cell.textContent);
    expect(counts).toEqual([String(PREVIEW.continuent), String(PREVIEW.anciens_eleves)]);
    expect(screen.getByText("Rien n'est encore enregistré.")).toBeVisible();

    fireEvent.click(screen.getByRole("button", { name: "Continuer vers la confirmation" }));
    fireEvent.click(await screen.findByRole("button", { name: "Clôturer l'année 2026-2027" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("réessayez dans un instant");
    fireEvent.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(
      await screen.findByRole("heading", {
        name: "L'année 2026-2027 est clôturée ; 2027-2028 est maintenant en cours.",
      }),
    ).toBeVisible();
    const closures = calls.filter((call) => call.path === "/api/gestion/annees/7/cloture").slice(1);
    expect(closures.map((call) => call.body)).toEqual([expected, expected]);
    // The retry after the failure is the same submission: the same Idempotency-Key.
    expect(closures[0]?.idempotencyKey).toBeTruthy();
    expect(closures[1]?.idempotencyKey).toBe(closures[0]?.idempotencyKey);
    expect(screen.getByRole("link", { name: "Voir les anciens élèves de 2026-2027" })).toHaveAttribute(
      "href",
      "/gestion/etudiants?promotion=2026-2027&statut_scolaire=ancien_eleve",
    );
  });

  it("shows the server's French refusal in the preview, and nothing is sent to close", async () => {
    const calls = serve([
      {
        status: 422,
        body: {
          message: "Les données envoyées ne sont pas valides.",
          errors: { continuent: ["Certains étudiants choisis ne sont pas inscrits dans l'année clôturée."] },
        },
      },
    ]);
    renderStaffScreen("/gestion/annees/:id/cloture", <ClosurePage />);
    fireEvent.click(await screen.findByRole("checkbox", { name: /Omar Bennani/ }));
    fireEvent.click(screen.getByRole("button", { name: "Voir l'aperçu" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Certains étudiants choisis ne sont pas inscrits dans l'année clôturée.",
    );
    expect(screen.getByRole("button", { name: "Continuer vers la confirmation" })).toBeDisabled();
    expect(calls.filter((call) => call.path === "/api/gestion/annees/7/cloture")).toHaveLength(1);
  });

  it("lets a name without a break wrap anywhere, so a long one does not widen a phone's page", async () => {
    serve();
    renderStaffScreen("/gestion/annees/:id/cloture", <ClosurePage />);
    // The label holds the name and its number: jsdom draws nothing, the class is the rule (e2e year-end.spec.ts looks at 390 px).
    const label = (await screen.findByText("Sara Alaoui")).closest("label");
    expect(label).toHaveClass("wrap-anywhere");
  });
});
