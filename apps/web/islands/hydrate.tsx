import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { requestCsrfCookie } from "../lib/api.ts";
import { takeWhatWasDone } from "../lib/before-hydration.ts";
import type { Island } from "./define-island.tsx";
import { IslandProviders } from "./island-providers.tsx";

// Spec section 2: the app asks for its CSRF cookie at start-up; on a public page, the
// islands are the app. This module runs once per page, however many islands it has.
void requestCsrfCookie();

/** What starts an island's hydration at once, before it comes near the screen. */
const INTERACTIONS = ["pointerdown", "touchstart", "focusin", "keydown"] as const;

/**
 * Runs `hydrate` once the frame's content comes within half a screen of the viewport, or at
 * the first touch, click, focus or key inside it, whichever is first. An island far down the
 * page costs nothing while the page loads. A click is still not lost: once hydration has
 * started, React hydrates the island at once on a click or a key and then handles it.
 */
function whenNeeded(frame: HTMLElement, hydrate: () => void): Promise<void> {
  const boxes = [...frame.children];
  if (boxes.length === 0 || typeof IntersectionObserver === "undefined") {
    hydrate();
    return Promise.resolve();
  }
  return new Promise((hydrated) => {
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      observer.disconnect();
      for (const type of INTERACTIONS) frame.removeEventListener(type, start, true);
      hydrate();
      hydrated();
    };
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), {
      rootMargin: "50% 0px",
    });
    for (const box of boxes) observer.observe(box);
    for (const type of INTERACTIONS) frame.addEventListener(type, start, { capture: true, passive: true });
  });
}

/**
 * Hydrates every frame of this island on the page, each as a root of its own, when it is
 * needed. Settles once every frame has been handed to React (never, for one never needed).
 */
export function hydrateIsland(island: Island<object>): Promise<void> {
  const { name, Component } = island.island;
  const { pathname, search, hash } = window.location;
  const frames = [...document.querySelectorAll<HTMLElement>(`puerta-island[data-island="${name}"]`)];
  const hydrate = (frame: HTMLElement) => {
    const props = (frame.dataset.props ? JSON.parse(frame.dataset.props) : {}) as object;
    const onHydrated = takeWhatWasDone(frame);
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread for the whole island (React Router's own entry does the same).
    startTransition(() => {
      hydrateRoot(
        frame,
        <IslandProviders location={{ pathname, search, hash }} onHydrated={onHydrated}>
          <Component {...props} />
        </IslandProviders>,
        { identifierPrefix: frame.dataset.idPrefix },
      );
    });
  };
  return Promise.all(frames.map((frame) => whenNeeded(frame, () => hydrate(frame)))).then(() => undefined);
}
