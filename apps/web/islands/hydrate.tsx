import { type ComponentType, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { requestCsrfCookie } from "../lib/api.ts";
import type { IslandDefinition } from "./define-island.tsx";
import { IslandProviders } from "./island-providers.tsx";

// Spec section 2: the app asks for its CSRF cookie at start-up; on a public page, the
// islands are the app. This module runs once per page, however many islands it has.
void requestCsrfCookie();

/** What starts an island's hydration at once, before it comes near the screen. */
const INTERACTIONS = ["pointerdown", "touchstart", "focusin", "keydown"] as const;

/**
 * Runs `hydrate` once the frame's content comes within a screen's reach, or at the first
 * touch, click or focus inside it, whichever is first. An island far down the page costs
 * nothing while the page loads. A click can still not be lost: once hydration has started,
 * React hydrates the island at once on a click or a key and then handles it.
 */
function whenNeeded(frame: HTMLElement, hydrate: () => void) {
  const boxes = [...frame.children];
  if (boxes.length === 0 || typeof IntersectionObserver === "undefined") {
    hydrate();
    return;
  }
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    for (const type of INTERACTIONS) frame.removeEventListener(type, start, true);
    hydrate();
  };
  const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), {
    rootMargin: "50% 0px",
  });
  for (const box of boxes) observer.observe(box);
  for (const type of INTERACTIONS) frame.addEventListener(type, start, { capture: true, passive: true });
}

/** Hydrates every frame of this island on the page, each as a root of its own, when needed. */
export function hydrateIsland<P extends object>({ name, Component }: IslandDefinition<P>) {
  const { pathname, search, hash } = window.location;
  for (const frame of document.querySelectorAll<HTMLElement>(`puerta-island[data-island="${name}"]`)) {
    const props = (frame.dataset.props ? JSON.parse(frame.dataset.props) : {}) as P;
    const Island = Component as ComponentType<P>;
    whenNeeded(frame, () =>
      // As a transition, hydration yields to the browser every few milliseconds instead of
      // holding the main thread for the whole island (React Router's own entry does the same).
      startTransition(() => {
        hydrateRoot(
          frame,
          <IslandProviders location={{ pathname, search, hash }}>
            <Island {...props} />
          </IslandProviders>,
          { identifierPrefix: frame.dataset.idPrefix },
        );
      }),
    );
  }
}
