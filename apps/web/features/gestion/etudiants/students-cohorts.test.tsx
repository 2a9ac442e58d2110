import {
  calendarDay,
  type Page,
  type StaffStudent,
  type StudentBulkRequest,
  type StudentLeavingRequest,
  type StudentPromotionsResponse,
  studentBulkRequest,
  studentLeavingRequest,
} from "@puerta/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Answer, serveByPath } from "../../../test/network.ts";
import { renderStaffScreen } from "../shared/test-support.tsx";
import StudentsPage from "./students-page.tsx";

/** The list's cohorts and school status (docs/spec/school-year-and-data.md section 1): filters, column, bulk actions. */

const student = (id: number, prenom: string, extra: Partial<StaffStudent> = {}): StaffStudent => ({
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
  statut: "actif",
  promotion: "2026-2027",
  statut_scolaire: "inscrit",
  sorti_le: null,
  motif_sortie: null,
  politique_version: null,
  politique_acceptee: false,
  last_login_at: null,
  created_at: "2026-09-01T08:00:00.000Z",
  ...extra,
});

const page = (data: StaffStudent[], total = data.length): Page<StaffStudent> => ({
  data,
  page: 1,
  per_page: 50,
  total,
});

const LIST = "/api/gestion/etudiants?sort=nom&page=1&per_page=50";
const PROMOTIONS: StudentPromotionsResponse = {
  data: [
    { id: 3, label: "2026-2027", statut: "en_cours" },
    { id: 2, label: "2025-2026", statut: "cloturee" },
    { id: 1, label: "2024-2025", statut: "cloturee" },
  ],
};
const FORMER = student(5, "Yasmine", {
  promotion: "2025-2026",
  statut_scolaire: "ancien_eleve",
  sorti_le: "2026-06-30",
  motif_sortie: "fin_de_formation",
});
const ENROLLED = page([student(1, "Rim"), student(2, "Omar"), student(3, "Inès")], 42);

afterEach(() => vi.unstubAllGlobals());

/** The list, at an address with filters (`search`) when given, as a shared link opens it. */
function showList(routes: Record<string, Answer | Answer[]>, search = "") {
  const calls = serveByPath({
    [LIST]: { status: 200, body: ENROLLED },
    "/api/gestion/etudiants/promotions": { status: 200, body: PROMOTIONS },
    "/api/gestion/etudiants/referentiel": {
      status: 200,
      body: { centres: [{ id: 1, nom: "Ain Sebaa" }], options: [], filieres: [] },
    },
    ...routes,
  });
  const router = renderStaffScreen("/gestion/etudiants", <StudentsPage />);
  if (search) void router.navigate(`/gestion/etudiants${search}`);
  return { calls, router };
}

const sentTo = (calls: { path: string; method: string; body: unknown }[], action: string) =>
  calls.find((call) => call.method === "POST" && call.path === `/api/gestion/etudiants/actions/${action}`);

describe("/gestion/etudiants: cohorts and school status", () => {
  it("offers the years newest first and the school statuses, keeps them in the address and asks the API for them", async () => {
    const { calls, router } = showList({
      "/api/gestion/etudiants?promotion=2025-2026&sort=nom&page=1&per_page=50": { status: 200, body: page([FORMER]) },
      "/api/gestion/etudiants?promotion=2025-2026&statut_scolaire=ancien_eleve&sort=nom&page=1&per_page=50": {
        status: 200,
        body: page([FORMER]),
      },
    });
    const promotion = await screen.findByLabelText("Promotion");
    await waitFor(() =>
      expect([...(promotion as HTMLSelectElement).options].map((option) => option.text)).toEqual([
        "Année en cours",
        "2026-2027 (en cours)",
        "2025-2026",
        "2024-2025",
      ]),
    );
    const status = screen.getByLabelText("Statut scolaire") as HTMLSelectElement;
    expect([...status.options].map((option) => option.text)).toEqual(["Inscrits", "Inscrit", "Ancien élève"]);

    fireEvent.change(promotion, { target: { value: "2025-2026" } });
    await waitFor(() => expect(router.state.location.search).toBe("?promotion=2025-2026"));
    // A cohort chosen: every status of it, unless one is chosen too.
    expect([...status.options][0]?.text).toBe("Tous les statuts");
    fireEvent.change(status, { target: { value: "ancien_eleve" } });
    await waitFor(() => expect(router.state.location.search).toBe("?promotion=2025-2026&statut_scolaire=ancien_eleve"));
    expect([...(promotion as HTMLSelectElement).options][0]?.text).toBe("Toutes");
    await waitFor(() =>
      expect(
        calls.some((call) => call.path.startsWith("/api/gestion/etudiants?promotion=2025-2026&statut_scolaire=")),
      ).toBe(true),
    );
    const row = await screen.findByRole("row", { name: /Yasmine/ });
    expect(row).toHaveTextContent("2025-2026");
    expect(row).toHaveTextContent("Ancien élève");
    expect(row).toHaveTextContent("Sorti le 30 juin 2026 · Fin de formation");
  });

  it("reads the filters back from a shared address, and exports with them", async () => {
    showList(
      {
        "/api/gestion/etudiants?statut_scolaire=ancien_eleve&sort=nom&page=1&per_page=50": {
          status: 200,
          body: page([FORMER]),
        },
      },
      "?statut_scolaire=ancien_eleve",
    );
    expect(await screen.findByRole("row", { name: /Yasmine/ }, { timeout: 4000 })).toHaveTextContent("Ancien élève");
    expect((screen.getByLabelText("Statut scolaire") as HTMLSelectElement).value).toBe("ancien_eleve");
    expect(screen.getByRole("link", { name: "Exporter (CSV)" }).getAttribute("href")).toBe(
      "/api/gestion/etudiants/export.csv?statut_scolaire=ancien_eleve&sort=nom",
    );
  });

  it("shows an enrolled student's cohort with the Inscrit badge", async () => {
    showList({});
    const row = await screen.findByRole("row", { name: /Omar/ });
    expect(row).toHaveTextContent("2026-2027");
    expect(row).toHaveTextContent("Inscrit");
    expect(row).not.toHaveTextContent("Sorti le");
  });
});

describe("/gestion/etudiants: the school year's bulk actions", () => {
  it("marks the rows picked as former students: count confirmed, reason and day checked next to their fields, the server's error too", async () => {
    const { calls } = showList({
      "/api/gestion/etudiants/actions/ancien_eleve": [
        {
          status: 422,
          body: {
            message: "La date de sortie doit être comprise dans l'année 2026-2027 des étudiants choisis.",
            errors: {
              sorti_le: [
                "La date de sortie doit être comprise dans l'année 2026-2027 des étudiants choisis (du 1 septembre 2026 au 31 août 2027).",
              ],
            },
          },
        },
        {
          status: 200,
          body: { done: 1, skipped: 1, message: "1 étudiant marqué comme ancien élève ; 1 l'était déjà." },
        },
      ],
    });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Sélectionner Rim Nom1" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Sélectionner Omar Nom2" }));
    const bar = screen.getByRole("region", { name: "Actions sur la sélection" });
    fireEvent.click(within(bar).getByRole("button", { name: "Marquer comme ancien élève" }));
    const dialog = await screen.findByRole("dialog", { name: "Marquer 2 étudiants comme anciens élèves ?" });
    const reason = within(dialog).getByLabelText("Motif de sortie") as HTMLSelectElement;
    expect([...reason.options].map((option) => option.text)).toEqual([
      "Choisissez un motif",
      "Fin de formation",
      "Abandon",
      "Transfert",
    ]);
    const day = within(dialog).getByLabelText("Date de sortie");
    expect(day).toHaveAttribute("type", "date");
    // Today by default: the usual case is a student who leaves now.
    const today = calendarDay(new Date());
    expect(day).toHaveValue(today);

    // Checked before sending: no reason, a day to come.
    fireEvent.change(day, { target: { value: "2999-01-01" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Marquer comme anciens élèves (2)" }));
    expect(
      await within(dialog).findByText("Choisissez le motif de sortie : fin de formation, abandon ou transfert."),
    ).toBeVisible();
    expect(within(dialog).getByText("La date de sortie ne peut pas être postérieure à aujourd'hui.")).toBeVisible();
    expect(reason).toHaveAttribute("aria-invalid", "true");
    expect(sentTo(calls, "ancien_eleve")).toBeUndefined();

    // The server's answer: the day is outside their cohort year.
    fireEvent.change(reason, { target: { value: "abandon" } });
    fireEvent.change(day, { target: { value: "2020-08-15" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Marquer comme anciens élèves (2)" }));
    expect(
      await within(dialog).findByText(
        "La date de sortie doit être comprise dans l'année 2026-2027 des étudiants choisis (du 1 septembre 2026 au 31 août 2027).",
      ),
    ).toBeVisible();
    expect(day).toHaveAttribute("aria-invalid", "true");

    fireEvent.change(day, { target: { value: today } });
    await waitFor(() =>
      expect(within(dialog).getByRole("button", { name: "Marquer comme anciens élèves (2)" })).toBeEnabled(),
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Marquer comme anciens élèves (2)" }));
    expect(await screen.findByText("1 étudiant marqué comme ancien élève ; 1 l'était déjà.")).toBeVisible();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const posts = calls.filter((call) => call.path === "/api/gestion/etudiants/actions/ancien_eleve");
    expect(posts).toHaveLength(2);
    const expected: StudentLeavingRequest = { ids: [1, 2], motif: "abandon", sorti_le: today };
    expect(posts[1]?.body).toEqual(expected);
    expect(studentLeavingRequest.safeParse(posts[1]?.body).success).toBe(true);
  });

  it("reactivates the rows picked after confirming their count", async () => {
    const { calls } = showList({
      "/api/gestion/etudiants/actions/reactiver": {
        status: 200,
        body: { done: 1, skipped: 2, message: "1 compte réactivé ; 2 n'étaient pas désactivés." },
      },
    });
    await screen.findByRole("checkbox", { name: "Sélectionner Inès Nom3" });
    fireEvent.click(screen.getByRole("checkbox", { name: "Sélectionner les étudiants de cette page" }));
    fireEvent.click(
      within(screen.getByRole("region", { name: "Actions sur la sélection" })).getByRole("button", {
        name: "Réactiver",
      }),
    );
    const dialog = await screen.findByRole("alertdialog", { name: "Réactiver 3 comptes ?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Réactiver (3)" }));
    expect(await screen.findByText("1 compte réactivé ; 2 n'étaient pas désactivés.")).toBeVisible();
    const expected: StudentBulkRequest = { ids: [1, 2, 3] };
    expect(sentTo(calls, "reactiver")?.body).toEqual(expected);
    expect(studentBulkRequest.safeParse(sentTo(calls, "reactiver")?.body).success).toBe(true);
  });

  it("re-enrols every former student the filters keep, with the filters in the body, after confirming the count", async () => {
    const formers = page(
      [
        FORMER,
        student(6, "Karim", {
          promotion: "2024-2025",
          statut_scolaire: "ancien_eleve",
          sorti_le: "2025-06-30",
          motif_sortie: "abandon",
        }),
      ],
      12,
    );
    const { calls } = showList(
      {
        "/api/gestion/etudiants?statut_scolaire=ancien_eleve&sort=nom&page=1&per_page=50": {
          status: 200,
          body: formers,
        },
        "/api/gestion/etudiants/actions/reinscrire": {
          status: 200,
          body: { done: 12, skipped: 0, message: "12 étudiants réinscrits en 2026-2027." },
        },
      },
      "?statut_scolaire=ancien_eleve",
    );
    await screen.findByRole("checkbox", { name: "Sélectionner Karim Nom6" }, { timeout: 4000 });
    fireEvent.click(screen.getByRole("checkbox", { name: "Sélectionner les étudiants de cette page" }));
    fireEvent.click(
      screen.getByRole("button", { name: "Sélectionner les 12 étudiants qui correspondent aux filtres" }),
    );
    fireEvent.click(
      within(screen.getByRole("region", { name: "Actions sur la sélection" })).getByRole("button", {
        name: "Réinscrire",
      }),
    );
    const dialog = await screen.findByRole("alertdialog", {
      name: "Réinscrire 12 étudiants dans l'année en cours ?",
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Réinscrire (12)" }));
    expect(await screen.findByText("12 étudiants réinscrits en 2026-2027.")).toBeVisible();
    const expected: StudentBulkRequest = { all: true, statut_scolaire: "ancien_eleve" };
    expect(sentTo(calls, "reinscrire")?.body).toEqual(expected);
    expect(studentBulkRequest.safeParse(sentTo(calls, "reinscrire")?.body).success).toBe(true);
  });
});
