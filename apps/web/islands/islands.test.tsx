import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType, ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, expect, it, vi } from "vitest";
import { faq } from "../content/index.ts";
import type { ImageItem } from "../content/schema.ts";
import { EARLY_CLICK, EARLY_SUBMIT, markEarlyActions } from "../lib/before-hydration.ts";

const FAQ_ISLAND = "../features/marketing/sections/faq.island.tsx";
const GRID_ISLAND = "../features/marketing/sections/image-grid.island.tsx";

/** The page as prerendering writes it: island modules loaded in a server render. */
async function prerender(
  page: (islands: { Faq: ComponentType; Grid: ComponentType<{ items: ImageItem[] }> }) => ReactNode,
) {
  vi.stubEnv("SSR", true);
  vi.resetModules();
  const Faq = (await import(FAQ_ISLAND)).default;
  const Grid = (await import(GRID_ISLAND)).default;
  const html = renderToString(<MemoryRouter initialEntries={["/"]}>{page({ Faq, Grid })}</MemoryRouter>);
  vi.unstubAllEnvs();
  vi.resetModules();
  return html;
}

const photos: ImageItem[] = [
  { id: 1, title: "Remise des diplômes", image: "/media/images/a.webp", year: 2025 },
  { id: 2, title: "Atelier d'orientation", image: "/media/images/b.webp", year: 2025 },
];

/** Runs the page's loader's listeners, as scripts/island-pages.ts inlines them; ends them after the test. */
function runPageLoader() {
  const addEventListener = vi.spyOn(window, "addEventListener");
  new Function(markEarlyActions("puerta-island"))();
  loaderListeners = addEventListener.mock.calls.map(([type, listener]) => [type, listener as EventListener]);
  addEventListener.mockRestore();
}
let loaderListeners: [string, EventListener][] = [];

afterEach(() => {
  for (const [type, listener] of loaderListeners) window.removeEventListener(type, listener, true);
  loaderListeners = [];
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

it("a prerendered island hydrates on its own, with its props and the ids its markup was written with", async () => {
  document.body.innerHTML = await prerender(({ Faq, Grid }) => (
    <main>
      <h1>Accueil</h1>
      <Grid items={photos} />
      <Faq />
    </main>
  ));
  const frames = document.querySelectorAll("puerta-island");
  expect([...frames].map((f) => f.getAttribute("data-island"))).toEqual(["image-grid", "faq"]);
  const firstQuestion = screen.getByRole("button", { name: faq[0]?.question });
  const prerenderedPanelId = firstQuestion.getAttribute("aria-controls");

  const problems: unknown[] = [];
  vi.spyOn(console, "error").mockImplementation((...args) => problems.push(args));
  window.addEventListener("error", (event) => problems.push(event.message));
  const { hydrateIsland } = await import("./hydrate.tsx");
  await act(async () => {
    await hydrateIsland((await import(GRID_ISLAND)).default);
    await hydrateIsland((await import(FAQ_ISLAND)).default);
  });
  expect(problems).toEqual([]);

  // The props came from the page, and the grid is live: a photo opens in the lightbox.
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Agrandir l'image : Atelier d'orientation" }));
  expect(await screen.findByRole("dialog", { name: "Atelier d'orientation" })).toBeInTheDocument();
  await user.keyboard("{Escape}");

  // Live: the second question opens and closes the first; the ids still pair up.
  await user.click(screen.getByRole("button", { name: faq[1]?.question }));
  const second = screen.getByRole("button", { name: faq[1]?.question });
  expect(second).toHaveAttribute("aria-expanded", "true");
  expect(firstQuestion).toHaveAttribute("aria-expanded", "false");
  const panel = document.getElementById(second.getAttribute("aria-controls") ?? "");
  expect(panel && within(panel).getByText(faq[1]?.reponse ?? "")).toBeInTheDocument();
  // Opened again, the first question names the panel id its prerendered markup had.
  await user.click(firstQuestion);
  expect(firstQuestion.getAttribute("aria-controls")).toBe(prerenderedPanelId);
  expect(document.getElementById(prerenderedPanelId ?? "")).toHaveTextContent(faq[0]?.reponse ?? "");
});

const FORGOT_PASSWORD_ISLAND = "../features/passwords/forgot-password-form.island.tsx";

/** The prerendered forgot-password form, and what the island sends to the server. */
async function prerenderForgotPassword() {
  vi.stubEnv("SSR", true);
  vi.resetModules();
  const ForgotPassword = (await import(FORGOT_PASSWORD_ISLAND)).default;
  document.body.innerHTML = renderToString(
    <MemoryRouter initialEntries={["/forgot-password"]}>
      <ForgotPassword />
    </MemoryRouter>,
  );
  vi.unstubAllEnvs();
  vi.resetModules();
  const sent: unknown[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    if (String(input).endsWith("/api/student/forgot-password")) sent.push(JSON.parse(String(init?.body)));
    return Response.json({ message: "Un lien vous a été envoyé." });
  });
  const hydrate = async () => {
    const { hydrateIsland } = await import("./hydrate.tsx");
    await act(async () => hydrateIsland((await import(FORGOT_PASSWORD_ISLAND)).default));
  };
  return { sent, hydrate };
}

it("what a visitor typed before the island hydrated is what the form holds and sends", async () => {
  const { sent, hydrate } = await prerenderForgotPassword();
  // Typed into the prerendered field, before any script ran.
  const email = screen.getByLabelText("Adresse e-mail") as HTMLInputElement;
  email.value = "eleve@example.com";
  await hydrate();

  expect(screen.getByLabelText("Adresse e-mail")).toHaveValue("eleve@example.com");
  await userEvent.setup().click(screen.getByRole("button", { name: "Envoyer le lien" }));
  expect(await screen.findByText("Un lien vous a été envoyé.")).toBeInTheDocument();
  expect(sent).toEqual([{ email: "eleve@example.com" }]);
});

it("a form sent before the page's scripts arrived stays on the page, and is sent once its island hydrates", async () => {
  const { sent, hydrate } = await prerenderForgotPassword();
  runPageLoader();
  const problems: unknown[] = [];
  vi.spyOn(console, "error").mockImplementation((...args) => problems.push(args));
  const email = screen.getByLabelText("Adresse e-mail") as HTMLInputElement;
  email.value = "eleve@example.com";
  const submitted = new SubmitEvent("submit", { bubbles: true, cancelable: true });
  email.form?.dispatchEvent(submitted);
  // Not sent by the browser (its fields would be in the address), kept for the island.
  expect(submitted.defaultPrevented).toBe(true);
  expect(document.querySelectorAll(`[${EARLY_SUBMIT}]`)).toHaveLength(1);
  expect(sent).toEqual([]);

  await hydrate();
  expect(await screen.findByText("Un lien vous a été envoyé.")).toBeInTheDocument();
  expect(sent).toEqual([{ email: "eleve@example.com" }]);
  expect(document.querySelectorAll(`[${EARLY_SUBMIT}]`)).toHaveLength(0);
  expect(problems).toEqual([]);
});

it("a button tapped before the page's scripts arrived is clicked again once its island hydrates, and only then", async () => {
  document.body.innerHTML = await prerender(({ Faq }) => (
    <main>
      <a href="#questions-faq">Vers la FAQ</a>
      <Faq />
    </main>
  ));
  runPageLoader();

  const second = screen.getByRole("button", { name: faq[1]?.question });
  second.click();
  screen.getByRole("link", { name: "Vers la FAQ" }).click();
  expect(second).toHaveAttribute("aria-expanded", "false");
  expect(document.querySelectorAll(`[${EARLY_CLICK}]`)).toHaveLength(1);

  const { hydrateIsland } = await import("./hydrate.tsx");
  await act(async () => hydrateIsland((await import(FAQ_ISLAND)).default));
  expect(screen.getByRole("button", { name: faq[1]?.question })).toHaveAttribute("aria-expanded", "true");
  expect(document.querySelectorAll(`[${EARLY_CLICK}]`)).toHaveLength(0);

  // Hydrated, a click is React's alone: it is not kept to be played twice.
  await userEvent.setup().click(screen.getByRole("button", { name: faq[1]?.question }));
  expect(screen.getByRole("button", { name: faq[1]?.question })).toHaveAttribute("aria-expanded", "false");
  expect(document.querySelectorAll(`[${EARLY_CLICK}]`)).toHaveLength(0);
});
