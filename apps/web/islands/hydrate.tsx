import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { requestCsrfCookie } from "../lib/api.ts";
import type { Island } from "./define-island.tsx";
import { EARLY_CLICK, EARLY_SUBMIT, HYDRATING } from "./early-actions.ts";
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

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Whether the field belongs to a custom element inside the island (the captcha widget's own). */
function ownedByWidget(field: Field, frame: HTMLElement): boolean {
  for (let node = field.parentElement; node && node !== frame; node = node.parentElement) {
    if (node.localName.includes("-")) return true;
  }
  return false;
}

/**
 * What the visitor filled in before the island hydrated, as a way to tell the island again:
 * React starts from the prerendered values and would keep, then show, those. Each field is
 * set back to what React knows (through its value tracker), then given the visitor's value
 * with the browser's own setter and the event that typing fires, so the form holds and sends
 * what the visitor wrote.
 */
function takeFilledFields(frame: HTMLElement): (() => void)[] {
  const replays: (() => void)[] = [];
  for (const field of frame.querySelectorAll<Field>("input, textarea, select")) {
    if (ownedByWidget(field, frame)) continue;
    if (field instanceof HTMLSelectElement) {
      if ([...field.options].every((option) => option.selected === option.defaultSelected)) continue;
      replays.push(() => field.dispatchEvent(new Event("change", { bubbles: true })));
    } else if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
      if (field.checked === field.defaultChecked || (field.type === "radio" && !field.checked)) continue;
      const checked = field.checked;
      replays.push(() => {
        field.checked = !checked;
        field.click();
      });
    } else if (field.value !== field.defaultValue) {
      const value = field.value;
      const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;
      replays.push(() => {
        field.value = field.defaultValue;
        setValue?.call(field, value);
        field.dispatchEvent(new Event("input", { bubbles: true }));
      });
    }
  }
  return replays;
}

/**
 * The buttons tapped and the forms sent before the page's scripts arrived, each to be clicked
 * or sent again, in that order, after the fields are given back.
 */
function takeEarlyActions(frame: HTMLElement): (() => void)[] {
  frame.setAttribute(HYDRATING, "");
  const take = <T extends HTMLElement>(attribute: string, act: (element: T) => void) =>
    [...frame.querySelectorAll<T>(`[${attribute}]`)].map((element) => {
      element.removeAttribute(attribute);
      return () => element.isConnected && act(element);
    });
  return [
    ...take<HTMLButtonElement>(EARLY_CLICK, (button) => button.click()),
    // In a task of its own: once React has rendered the fields given back, whose state the
    // form's handler reads.
    ...take<HTMLFormElement>(EARLY_SUBMIT, (form) => setTimeout(() => form.isConnected && form.requestSubmit())),
  ];
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
    const replays = [...takeFilledFields(frame), ...takeEarlyActions(frame)];
    const onHydrated =
      replays.length > 0
        ? () => {
            for (const replay of replays) replay();
          }
        : undefined;
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
