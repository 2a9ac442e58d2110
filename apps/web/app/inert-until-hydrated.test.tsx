import { act } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InertUntilHydrated, RenderedForRequest } from "./inert-until-hydrated.tsx";

/** A page with what a student page holds: a link, a form with a field and its button, a lone button. */
const Page = () => (
  <main>
    <a href="/planning">Planning</a>
    <form aria-label="Mot de passe">
      <input name="password" type="password" aria-label="Mot de passe actuel" />
      <button type="submit">Enregistrer</button>
    </form>
    <button type="button">Déconnexion</button>
  </main>
);

const app = (renderedForRequest: boolean) => (
  <RenderedForRequest value={renderedForRequest}>
    <InertUntilHydrated>
      <Page />
    </InertUntilHydrated>
  </RenderedForRequest>
);

const controls = (root: ParentNode) => [...root.querySelectorAll("button, input")];

afterEach(() => {
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

describe("InertUntilHydrated", () => {
  it("writes a page rendered for a request with every control disabled and its links alone usable, in no box of its own", () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(app(true));
    const fieldset = container.querySelector("fieldset");
    expect(fieldset?.disabled).toBe(true);
    expect(fieldset?.getAttribute("role")).toBe("none");
    expect(fieldset?.className).toBe("contents");
    expect(controls(container)).toHaveLength(3);
    for (const control of controls(container)) expect(control.matches(":disabled")).toBe(true);
    expect(container.querySelector("a")?.matches(":disabled")).toBe(false);
  });

  it("writes a prerendered page as it was, without the fieldset", () => {
    expect(renderToString(app(false))).toBe(renderToString(<Page />));
  });

  it("hydrates without a mismatch, then enables the controls", async () => {
    const errors = vi.spyOn(console, "error");
    const container = document.createElement("div");
    container.innerHTML = renderToString(app(true));
    document.body.append(container);
    const before = controls(container);
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, app(true), { onRecoverableError: (error) => console.error(error) });
    });
    // The same elements, kept by the hydration (no client render from scratch), now usable.
    expect(controls(container)).toEqual(before);
    for (const control of controls(container)) expect(control.matches(":disabled")).toBe(false);
    expect(errors).not.toHaveBeenCalled();
    act(() => root?.unmount());
  });
});
