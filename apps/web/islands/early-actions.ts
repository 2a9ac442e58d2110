/**
 * A tap on an island's button, or a form sent, before the page's scripts have arrived would
 * otherwise be lost, or worse: the prerendered form has no handler yet, and the browser would
 * send it itself, its fields in the address. The page's loader (scripts/island-pages.ts inlines
 * MARK_EARLY_ACTIONS) stops such a form and marks it, and marks such a button; the island
 * clicks the one again and sends the other once it has hydrated (hydrate.tsx). Once an
 * island's hydration has started, React itself replays a click or a submit.
 */

/** On a button clicked before its island hydrated. */
export const EARLY_CLICK = "data-early-click";
/** On a form sent before its island hydrated. */
export const EARLY_SUBMIT = "data-early-submit";
/** On an island's frame once it is handed to React: its events are React's from then on. */
export const HYDRATING = "data-hydrating";

/**
 * The loader's listeners, as plain JavaScript. Only `type="button"` buttons are clicked
 * again: links work without script, and submit buttons send their form, which is kept.
 */
export const MARK_EARLY_ACTIONS =
  `const early=(e,a)=>{const f=e.target.closest?.("puerta-island");return f&&!f.hasAttribute("${HYDRATING}")&&a()};` +
  `addEventListener("click",e=>early(e,()=>e.target.closest('button[type="button"]')?.setAttribute("${EARLY_CLICK}","")),true);` +
  `addEventListener("submit",e=>early(e,()=>{e.preventDefault();e.target.setAttribute("${EARLY_SUBMIT}","")}),true);`;
