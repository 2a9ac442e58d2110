import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { takeWhatWasDone } from "../lib/before-hydration.ts";
import type { Island } from "./define-island.tsx";
import { IslandProviders } from "./island-providers.tsx";
import { whenNeeded } from "./when-needed.ts";

/**
 * Hydrates every frame of this island on the page, each as a root of its own, when it is
 * needed (islands/when-needed.ts), which for the frame whose need brought this code is at
 * once. Settles once every frame has been handed to React (never, for one never needed).
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
  return Promise.all(frames.map((frame) => whenNeeded(frame).then(() => hydrate(frame)))).then(() => undefined);
}
