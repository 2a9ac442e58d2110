import { type CertificateYearsResponse, CERTIFICATE_TEXT as T } from "@puerta/contract";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { serveByPath } from "../../test/network.ts";
import { renderRoutes } from "../../test/render.tsx";
import { signInAs, studentUser } from "../../test/session.ts";
import CertificatesPage from "./certificates-page.tsx";

const renderPage = () =>
  renderRoutes([{ path: "/demande-attestation", Component: CertificatesPage }], "/demande-attestation");

const scolaireButton = () => screen.getByRole("button", { name: /Demander Attestation Scolaire/ });
const levelButton = (level: "B1" | "B2") => screen.getByRole("button", { name: new RegExp(level) });

beforeEach(() => signInAs(studentUser()));
afterEach(() => vi.unstubAllGlobals());

describe("/demande-attestation (docs/spec/student-portal.md section 5)", () => {
  it("keeps the scolaire button disabled until a language is ticked, then sends the ticked ones", async () => {
    const calls = serveByPath({
      "/api/demandes": [
        { status: 200, body: { data: [] } },
        { status: 201, body: { message: "ok" } },
        { status: 200, body: { data: [] } },
      ],
      "/sanctum/csrf-cookie": { status: 204, body: null },
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(T.historyEmpty)).toBeInTheDocument();

    const group = screen.getByRole("group", { name: "Langue(s) de l'attestation" });
    expect(group).toBeVisible();
    expect(scolaireButton()).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "Español" }));
    await user.click(screen.getByRole("checkbox", { name: "Français" }));
    expect(scolaireButton()).toBeEnabled();
    await user.click(screen.getByRole("checkbox", { name: "Français" }));
    expect(screen.getByRole("checkbox", { name: "Français" })).not.toBeChecked();
    await user.click(scolaireButton());

    expect(await screen.findByRole("heading", { name: T.sentTitle })).toBeInTheDocument();
    expect(screen.getByText(T.scolaireSent)).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")?.body).toMatchObject({
      type: "scolaire",
      langues: ["Español"],
      niveau: null,
    });

    // Another request starts from an empty choice.
    await user.click(screen.getByRole("button", { name: T.again }));
    expect(screen.getByRole("checkbox", { name: "Español" })).not.toBeChecked();
    expect(scolaireButton()).toBeDisabled();
  });

  it("disables the languages and the B1/B2 buttons only while a request is on its way", async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string, init?: RequestInit) => {
        if (String(input) === "/api/demandes" && init?.method === "POST") {
          return new Promise<Response>((resolve) => {
            answer = resolve;
          });
        }
        if (String(input) === "/api/demandes") {
          return new Response(JSON.stringify({ data: [] }), { headers: { "Content-Type": "application/json" } });
        }
        return new Response(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(T.historyEmpty)).toBeInTheDocument();
    expect(levelButton("B1")).toBeEnabled();
    expect(levelButton("B2")).toBeEnabled();

    await user.click(levelButton("B2"));
    await vi.waitFor(() => expect(levelButton("B1")).toBeDisabled());
    expect(levelButton("B2")).toBeDisabled();
    expect(screen.getByRole("checkbox", { name: "Español" })).toBeDisabled();
    expect(screen.getByRole("checkbox", { name: "Français" })).toBeDisabled();

    answer(
      new Response(JSON.stringify({ message: "ok" }), { status: 201, headers: { "Content-Type": "application/json" } }),
    );
    expect(await screen.findByRole("heading", { name: T.sentTitle })).toBeInTheDocument();
    expect(screen.getByText(T.languageSent("B2"))).toBeInTheDocument();
  });

  it("offers the years attended, the default one chosen, and sends the year picked", async () => {
    signInAs(studentUser({ statut_scolaire: "ancien_eleve" }));
    const years: CertificateYearsResponse = {
      success: true,
      data: [
        { id: 4, label: "2025-2026", en_cours: false },
        { id: 3, label: "2024-2025", en_cours: false },
      ],
      default_id: 4,
    };
    const calls = serveByPath({
      "/api/demandes": [
        { status: 200, body: { data: [] } },
        { status: 201, body: { message: "ok" } },
        { status: 200, body: { data: [] } },
      ],
      "/api/demandes/annees": { status: 200, body: years },
      "/sanctum/csrf-cookie": { status: 204, body: null },
    });
    const user = userEvent.setup();
    renderPage();
    const select = await screen.findByRole("combobox", { name: T.yearLabel });
    expect(select).toHaveValue("4");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["2025-2026", "2024-2025"]);
    await user.selectOptions(select, "3");
    await user.click(levelButton("B1"));
    expect(await screen.findByRole("heading", { name: T.sentTitle })).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")?.body).toMatchObject({
      type: "langue",
      niveau: "B1",
      annee_id: 3,
    });
  });

  it("asks no year when the student attended only one", async () => {
    serveByPath({
      "/api/demandes": { status: 200, body: { data: [] } },
      "/api/demandes/annees": {
        status: 200,
        body: { success: true, data: [{ id: 5, label: "2026-2027", en_cours: true }], default_id: 5 },
      },
    });
    renderPage();
    expect(await screen.findByText(T.historyEmpty)).toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: T.yearLabel })).toBeNull();
  });
});
