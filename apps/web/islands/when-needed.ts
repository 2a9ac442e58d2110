import { somethingWasDone } from "../lib/before-hydration.ts";
import { playedToEnd } from "../lib/played-to-end.ts";
import { hasSessionHint } from "../lib/session-hint.ts";

/** What makes an island needed at once, before it comes near the screen. */
const INTERACTIONS = ["pointerdown", "touchstart", "focusin", "keydown"] as const;

/** The frame attribute of an island that waits for a touch (`defineIsland`'s `waitForTouch`). */
export const WAITS_FOR_TOUCH = "data-waits-for-touch";
/** The frame attribute naming the CSS animation whose end also wakes it (`orAnimationEnd`). */
export const OR_ANIMATION_END = "data-or-animation-end";

/**
 * Whether the prerendered markup of an island that waits for a touch may be wrong for this
 * visitor: it is written for a visitor with no session, at an address with no query string.
 */
function prerenderMayBeStale(): boolean {
  return window.location.search !== "" || hasSessionHint();
}

const needed = new WeakMap<Element, Promise<void>>();

/**
 * Settles once the frame's island is needed: when its content comes within half a screen of
 * the viewport, or at the first touch, click, focus or key inside it, whichever is first. An
 * island that waits for a touch is needed at the touch alone, or at the end of the CSS
 * animation it names (unless its markup may be stale for this visitor). The page's loader
 * asks for the island's code then (islands/load-islands.ts), and the island hydrates then
 * (islands/hydrate.tsx): one watch per frame, shared by both.
 */
export function whenNeeded(frame: HTMLElement): Promise<void> {
  let known = needed.get(frame);
  if (!known) {
    known = watch(frame);
    needed.set(frame, known);
  }
  return known;
}

function watch(frame: HTMLElement): Promise<void> {
  // A tap before the loader ran was kept for the island (lib/before-hydration.ts).
  if (somethingWasDone(frame)) return Promise.resolve();
  const boxes = [...frame.children];
  const touchOnly = frame.hasAttribute(WAITS_FOR_TOUCH) && !prerenderMayBeStale();
  if (!touchOnly && (boxes.length === 0 || typeof IntersectionObserver === "undefined")) return Promise.resolve();
  const animation = touchOnly ? frame.getAttribute(OR_ANIMATION_END) : null;
  // The page may have been slow to bring its loader: the animation may be over already.
  if (animation && hasEnded(frame, animation)) return Promise.resolve();
  return new Promise((start) => {
    const observer = touchOnly
      ? undefined
      : new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), {
          rootMargin: "50% 0px",
        });
    const animationEnded = (event: AnimationEvent) => event.animationName === animation && done();
    const done = () => {
      observer?.disconnect();
      for (const type of INTERACTIONS) frame.removeEventListener(type, done, true);
      frame.removeEventListener("animationend", animationEnded);
      start();
    };
    for (const box of boxes) observer?.observe(box);
    for (const type of INTERACTIONS) frame.addEventListener(type, done, { capture: true, passive: true });
    if (animation) frame.addEventListener("animationend", animationEnded);
  });
}

/** Whether the CSS animation of that name, inside the frame, has played to its end. */
function hasEnded(frame: HTMLElement, name: string): boolean {
  return (frame.getAnimations?.({ subtree: true }) ?? []).some(
    (animation) => animation instanceof CSSAnimation && animation.animationName === name && playedToEnd(animation),
  );
}
