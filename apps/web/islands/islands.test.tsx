import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType, ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, expect, it, vi } from "vitest";
import { faq } from "../content/index.ts";
import type { ImageItem } from "../content/schema.ts";
import { EARLY_CLICK, MARK_EARLY_CLICKS } from "./early-clicks.ts";

const FAQ_ISLAND = "../features/marketing/sections/Faq.island.tsx";
const GRID_ISLAND = "../features/marketing/sections/ImageGrid.island.tsx";

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

afterEach(() => {
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
  expect([...frames].map((f) => f.getAttribute("data-island"))).toEqual(["ImageGrid", "Faq"]);
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

it("what a visitor typed before the island hydrated is what the form holds and sends", async () => {
  vi.stubEnv("SSR", true);
  vi.resetModules();
  const ForgotPassword = (await import("../features/passwords/forgot-password-form.island.tsx")).default;
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

  // Typed into the prerendered field, before any script ran.
  const email = screen.getByLabelText("Adresse e-mail") as HTMLInputElement;
  email.value = "eleve@example.com";
  const { hydrateIsland } = await import("./hydrate.tsx");
  await act(async () => hydrateIsland((await import("../features/passwords/forgot-password-form.island.tsx")).default));

  expect(screen.getByLabelText("Adresse e-mail")).toHaveValue("eleve@example.com");
  await userEvent.setup().click(screen.getByRole("button", { name: "Envoyer le lien" }));
  expect(await screen.findByText("Un lien vous a été envoyé.")).toBeInTheDocument();
  expect(sent).toEqual([{ email: "eleve@example.com" }]);
});

it("a button tapped before the page's scripts arrived is clicked again once its island hydrates, and only then", async () => {
  document.body.innerHTML = await prerender(({ Faq }) => (
    <main>
      <a href="#questions-faq">Vers la FAQ</a>
      <Faq />
    </main>
  ));
  // The page's loader, as scripts/island-pages.ts inlines it: it runs before any island code.
  const addEventListener = vi.spyOn(window, "addEventListener");
  new Function(MARK_EARLY_CLICKS)();
  const [[, marker]] = addEventListener.mock.calls as [[string, EventListener]];
  addEventListener.mockRestore();

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
  window.removeEventListener("click", marker, true);
});
