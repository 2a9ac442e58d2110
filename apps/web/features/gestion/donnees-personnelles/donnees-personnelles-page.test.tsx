import {
  DATA_REQUEST_TYPE_LABELS,
  type DataRequestsResponse,
  PERSONAL_DATA_MESSAGES as M,
  PURGE_STATUS_LABELS,
  PURGE_TRIGGER_LABELS,
  type PurgeRequest,
  type PurgeResponse,
  type PurgeRun,
  type PurgeRunsResponse,
  RETENTION_DESCRIPTIONS,
  RETENTION_KEYS,
  RETENTION_LABELS,
  type RetentionPatch,
  type RetentionSettings,
  retentionField,
} from "@puerta/contract";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Answer, type Call, serveWith } from "../../../test/network.ts";
import { formatDateTime } from "../shared/format.ts";
import { PEDAGOGIE, renderStaffScreen, SECRETARIAT } from "../shared/test-support.tsx";
import PersonalDataPage from "./donnees-personnelles-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const PATH = "/gestion/donnees-personnelles";

const SETTINGS: RetentionSettings = {
  anciens_eleves_mois: 48,
  invitations_mois: 6,
  messages_mois: 24,
  traces_mois: 12,
  emails_envoyes_mois: 1,
  journal_mois: 60,
  cndp_numero: "D-GC-123/2026",
};

const NIGHT_RUN: PurgeRun = {
  id: 3,
  declenchement: "nuit",
  statut: "terminee",
  staff_name: null,
  nombres: { anciens_eleves: 2, invitations: 1, messages: 4, traces: 7, emails_envoyes: 30, journal: 0 },
  started_at: "2026-11-30T02:00:00.000Z",
  finished_at: "2026-11-30T02:01:30.000Z",
};
const BROKEN_RUN: PurgeRun = {
  id: 2,
  declenchement: "manuel",
  statut: "echouee",
  staff_name: "Nadia Direction",
  nombres: {},
  started_at: "2026-11-20T10:00:00.000Z",
  finished_at: "2026-11-20T10:00:05.000Z",
};
const RUNS: PurgeRunsResponse = { data: [NIGHT_RUN, BROKEN_RUN] };

const REQUESTS: DataRequestsResponse = {
  data: [
    {
      id: 9,
      type: "purge",
      etudiant_id: 41,
      staff_name: null,
      motif: "Durée de conservation écoulée : Anciens élèves",
      created_at: "2026-11-30T02:00:10.000Z",
    },
    {
      id: 8,
      type: "effacement",
      etudiant_id: 40,
      staff_name: "Nadia Direction",
      motif: "Demande écrite de l'étudiant",
      created_at: "2026-11-28T09:15:00.000Z",
    },
    { id: 7, type: "acces", etudiant_id: 39, staff_name: null, motif: null, created_at: "2026-11-27T16:40:00.000Z" },
  ],
};

const PREVIEW: PurgeResponse = {
  categories: [
    { categorie: "anciens_eleves", nombre: 3 },
    { categorie: "invitations", nombre: 1 },
    { categorie: "messages", nombre: 0 },
    { categorie: "traces", nombre: 5 },
    { categorie: "emails_envoyes", nombre: 11 },
    { categorie: "journal", nombre: 2 },
  ],
};
const total = (counts: PurgeResponse) => counts.categories.reduce((sum, row) => sum + row.nombre, 0);

type Server = {
  settings?: RetentionSettings;
  patches?: Answer[];
  purges?: Answer[];
  runs?: () => PurgeRunsResponse;
  requests?: DataRequestsResponse;
};

/** The screen's server: its reads, the PATCH's and the purge's answers in order (a preview always gets PREVIEW). */
function serve({
  settings = SETTINGS,
  patches = [],
  purges = [],
  runs = () => RUNS,
  requests = REQUESTS,
}: Server = {}) {
  return serveWith((call) => {
    if (call.path === "/api/gestion/conservation" && call.method === "PATCH") {
      return patches.shift() ?? { status: 500, body: { message: "Erreur du serveur" } };
    }
    if (call.path === "/api/gestion/conservation") return { status: 200, body: settings };
    if (call.path === "/api/gestion/conservation/purge") {
      if ((call.body as PurgeRequest).apercu) return { status: 200, body: PREVIEW };
      return purges.shift() ?? { status: 500, body: { message: "Erreur du serveur" } };
    }
    if (call.path === "/api/gestion/conservation/purges") return { status: 200, body: runs() };
    if (call.path === "/api/gestion/conservation/demandes") return { status: 200, body: requests };
    return { status: 404, body: { message: "Ressource introuvable." } };
  });
}

/** Holds the applied purge's answer (the real one takes a while) until `release` is called. */
function holdThePurge() {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const served = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: string, init?: RequestInit) => {
    const applied = input === "/api/gestion/conservation/purge" && !String(init?.body).includes("apercu");
    if (applied) await held;
    return served(input, init);
  });
  return () => release();
}

const writes = (calls: Call[], path: string, method = "POST") =>
  calls.filter((call) => call.path === path && call.method === method);

/** The rows of a counts table, as [label, number]. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => [within(row).getByRole("rowheader"), within(row).getByRole("cell")].map((cell) => cell.textContent));
const expectedRows = (counts: PurgeResponse) => [
  ...counts.categories.map((row) => [RETENTION_LABELS[row.categorie], String(row.nombre)]),
  ["Total", String(total(counts))],
];

describe("/gestion/donnees-personnelles", () => {
  it("shows each period with its label and description, the CNDP number, the purge runs and the requests handled", async () => {
    serve();
    renderStaffScreen(PATH, <PersonalDataPage />);
    for (const key of RETENTION_KEYS) {
      const input = await screen.findByRole("spinbutton", { name: RETENTION_LABELS[key] });
      expect(input).toHaveValue(SETTINGS[retentionField(key)]);
      expect(input).toHaveAccessibleDescription(expect.stringContaining(RETENTION_DESCRIPTIONS[key]));
      expect(input).toHaveAccessibleDescription(expect.stringMatching(/^mois /));
    }
    expect(screen.getByRole("spinbutton", { name: "Anciens élèves" })).toHaveAccessibleDescription(
      expect.stringContaining("Par défaut : 36 mois."),
    );
    expect(screen.getByRole("textbox", { name: "Numéro de déclaration ou d'autorisation CNDP" })).toHaveValue(
      SETTINGS.cndp_numero,
    );

    const runs = await screen.findByRole("list", { name: "Purges effectuées" });
    const [night, broken] = within(runs).getAllByRole("listitem");
    if (!night || !broken) throw new Error("two runs expected");
    expect(within(night).getByRole("heading")).toHaveTextContent(`Purge du ${formatDateTime(NIGHT_RUN.started_at)}`);
    expect(night).toHaveTextContent(PURGE_STATUS_LABELS.terminee);
    expect(night).toHaveTextContent(`Déclenchement : ${PURGE_TRIGGER_LABELS.nuit} · Tâche planifiée`);
    expect(night).toHaveTextContent(`Fin : ${formatDateTime(NIGHT_RUN.finished_at)}`);
    const counts = within(night)
      .getAllByRole("term")
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(counts).toEqual(RETENTION_KEYS.map((key) => [RETENTION_LABELS[key], String(NIGHT_RUN.nombres[key])]));
    expect(broken).toHaveTextContent(PURGE_STATUS_LABELS.echouee);
    expect(broken).toHaveTextContent(`Déclenchement : ${PURGE_TRIGGER_LABELS.manuel} · Nadia Direction`);
    expect(broken).toHaveTextContent("Aucun nombre enregistré.");

    const requests = await screen.findByRole("list", { name: "Demandes traitées" });
    const items = within(requests).getAllByRole("listitem");
    expect(items).toHaveLength(REQUESTS.data.length);
    REQUESTS.data.forEach((request, index) => {
      const item = items[index];
      expect(item).toHaveTextContent(DATA_REQUEST_TYPE_LABELS[request.type]);
      expect(item).toHaveTextContent(formatDateTime(request.created_at));
      expect(item).toHaveTextContent(`Étudiant n° ${request.etudiant_id}`);
      if (request.motif) expect(item).toHaveTextContent(`Motif : ${request.motif}`);
    });
    expect(items[0]).toHaveTextContent("Par : La purge (durée écoulée)");
    expect(items[1]).toHaveTextContent("Par : Nadia Direction");
    expect(items[2]).toHaveTextContent("Par : L'étudiant, depuis son profil");
  });

  it("checks the periods before sending, shows the server's 422 next to its field, then saves and says so", async () => {
    const calls = serve({
      patches: [
        {
          status: 422,
          body: {
            message: "Les données envoyées ne sont pas valides.",
            errors: { cndp_numero: [M.cndpInvalid] },
          },
        },
        { status: 200, body: { ...SETTINGS, anciens_eleves_mois: 30, cndp_numero: null } },
      ],
    });
    renderStaffScreen(PATH, <PersonalDataPage />);
    const former = await screen.findByRole("spinbutton", { name: "Anciens élèves" });
    const save = screen.getByRole("button", { name: "Enregistrer les durées" });

    fireEvent.change(former, { target: { value: "2.5" } });
    fireEvent.change(screen.getByRole("spinbutton", { name: "Journal" }), { target: { value: "1500" } });
    fireEvent.click(save);
    expect(await screen.findByText(M.monthsInvalid)).toBeVisible();
    expect(former).toHaveAttribute("aria-invalid", "true");
    expect(former).toHaveAccessibleDescription(expect.stringContaining(M.monthsInvalid));
    expect(screen.getByRole("spinbutton", { name: "Journal" })).toHaveAccessibleDescription(
      expect.stringContaining(M.monthsTooLarge),
    );
    expect(writes(calls, "/api/gestion/conservation", "PATCH")).toHaveLength(0);

    fireEvent.change(former, { target: { value: "30" } });
    fireEvent.change(screen.getByRole("spinbutton", { name: "Journal" }), { target: { value: "60" } });
    const cndp = screen.getByRole("textbox", { name: "Numéro de déclaration ou d'autorisation CNDP" });
    fireEvent.change(cndp, { target: { value: "  " } });
    fireEvent.click(save);
    expect(await screen.findByText(M.cndpInvalid)).toBeVisible();
    expect(cndp).toHaveAttribute("aria-invalid", "true");

    fireEvent.click(save);
    expect(await screen.findByText(M.saved)).toBeVisible();
    const expected: RetentionPatch = { ...SETTINGS, anciens_eleves_mois: 30, cndp_numero: null };
    expect(writes(calls, "/api/gestion/conservation", "PATCH").map((call) => call.body)).toEqual([expected, expected]);
    expect(screen.queryByText(M.cndpInvalid)).not.toBeInTheDocument();
  });

  it("asks before saving a period of 0, saying it applies at the next purge; cancelled, nothing is sent", async () => {
    const calls = serve({ patches: [{ status: 200, body: { ...SETTINGS, messages_mois: 0, traces_mois: 0 } }] });
    renderStaffScreen(PATH, <PersonalDataPage />);
    fireEvent.change(await screen.findByRole("spinbutton", { name: "Messages de contact" }), {
      target: { value: "0" },
    });
    fireEvent.change(screen.getByRole("spinbutton", { name: "Traces de connexion" }), { target: { value: "0" } });
    const save = screen.getByRole("button", { name: "Enregistrer les durées" });

    fireEvent.click(save);
    let dialog = await screen.findByRole("alertdialog", { name: M.zeroConfirmTitle });
    expect(dialog).toHaveTextContent(M.zeroConfirm(["Messages de contact", "Traces de connexion"]));
    expect(dialog).toHaveTextContent("à la prochaine purge");
    fireEvent.click(within(dialog).getByRole("button", { name: "Annuler" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(writes(calls, "/api/gestion/conservation", "PATCH")).toHaveLength(0);

    fireEvent.click(save);
    dialog = await screen.findByRole("alertdialog", { name: M.zeroConfirmTitle });
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer" }));
    expect(await screen.findByText(M.saved)).toBeVisible();
    const expected: RetentionPatch = { ...SETTINGS, messages_mois: 0, traces_mois: 0 };
    expect(writes(calls, "/api/gestion/conservation", "PATCH").map((call) => call.body)).toEqual([expected]);
  });

  it("Aperçu de la purge shows the counts per category and applies nothing", async () => {
    const calls = serve();
    renderStaffScreen(PATH, <PersonalDataPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Aperçu de la purge" }));
    const table = await screen.findByRole("table", { name: "Aperçu de la purge" });
    expect(rowsOf(table)).toEqual(expectedRows(PREVIEW));
    expect(screen.getByText("L'aperçu compte seulement : rien n'a été effacé.")).toBeVisible();
    expect(writes(calls, "/api/gestion/conservation/purge").map((call) => call.body)).toEqual([{ apercu: true }]);
  });

  it("Purger maintenant: confirmed with the preview, its progress from the running run, then the counts applied and a toast", async () => {
    const running: PurgeRun = {
      id: 4,
      declenchement: "manuel",
      statut: "en_cours",
      staff_name: "Nadia Direction",
      nombres: { anciens_eleves: 3, invitations: 1 },
      started_at: "2026-12-01T10:00:00.000Z",
      finished_at: null,
    };
    const applied: PurgeResponse = {
      categories: PREVIEW.categories.map((row) => ({ ...row, nombre: row.categorie === "traces" ? 6 : row.nombre })),
    };
    let purging = false;
    const calls = serve({
      purges: [{ status: 200, body: applied }],
      runs: () => ({ data: purging ? [running, ...RUNS.data] : RUNS.data }),
    });
    const release = holdThePurge();
    renderStaffScreen(PATH, <PersonalDataPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Purger maintenant" }));
    const dialog = await screen.findByRole("alertdialog", { name: M.purgeConfirmTitle });
    expect(dialog).toHaveTextContent(M.purgeConfirm);
    expect(rowsOf(await within(dialog).findByRole("table", { name: "Ce que la purge effacera" }))).toEqual(
      expectedRows(PREVIEW),
    );

    purging = true;
    fireEvent.click(within(dialog).getByRole("button", { name: "Purger maintenant" }));
    const done = Object.values(running.nombres).reduce((sum, n) => sum + n, 0);
    expect(await within(dialog).findByText(`${done} élément(s) traité(s) sur ${total(PREVIEW)}`)).toBeVisible();
    const bar = within(dialog).getByRole("progressbar", { name: M.purgeRunning });
    expect(bar).toHaveAttribute("value", String(done));
    expect(bar).toHaveAttribute("max", String(total(PREVIEW)));
    expect(within(dialog).getByRole("button", { name: "Annuler" })).toBeDisabled();

    purging = false;
    release();
    expect(await screen.findByText(M.purgeDone(total(applied)))).toBeVisible();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(rowsOf(screen.getByRole("table", { name: "Purge appliquée" }))).toEqual(expectedRows(applied));
    expect(writes(calls, "/api/gestion/conservation/purge").map((call) => call.body)).toEqual([{ apercu: true }, {}]);
  });

  it("says in French that a purge is already running (409), and reads the runs again", async () => {
    const calls = serve({ purges: [{ status: 409, body: { message: M.purgeBusy } }] });
    renderStaffScreen(PATH, <PersonalDataPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Purger maintenant" }));
    const dialog = await screen.findByRole("alertdialog", { name: M.purgeConfirmTitle });
    await within(dialog).findByRole("table", { name: "Ce que la purge effacera" });
    const runsRead = writes(calls, "/api/gestion/conservation/purges", "GET").length;
    fireEvent.click(within(dialog).getByRole("button", { name: "Purger maintenant" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(M.purgeBusy);
    expect(screen.queryByText(/Purge terminée/)).not.toBeInTheDocument();
    expect(writes(calls, "/api/gestion/conservation/purges", "GET").length).toBeGreaterThan(runsRead);
  });

  it.each([
    ["the secretariat", SECRETARIAT],
    ["the pédagogie", PEDAGOGIE],
  ])("is the direction's: %s is refused and the server asked nothing", async (_, user) => {
    const calls = serve();
    renderStaffScreen(PATH, <PersonalDataPage />, user);
    expect(await screen.findByRole("heading", { name: "Accès refusé" })).toBeVisible();
    expect(calls.filter((call) => call.path.startsWith("/api/gestion/conservation"))).toHaveLength(0);
  });
});
