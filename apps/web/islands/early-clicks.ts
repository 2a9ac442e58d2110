/**
 * A tap on an island's button before the page's scripts have arrived would otherwise be lost:
 * the button is prerendered markup with no handler yet. The page's loader marks such a button
 * (scripts/island-pages.ts inlines MARK_EARLY_CLICKS), and the island clicks it again once it
 * has hydrated (hydrate.tsx). Once its hydration has started, React itself replays a click.
 */

/** On a button clicked before its island hydrated. */
export const EARLY_CLICK = "data-early-click";
/** On an island's frame once it is handed to React: its clicks are React's from then on. */
export const HYDRATING = "data-hydrating";

/**
 * The loader's listener, as plain JavaScript. Only `type="button"` buttons: links and forms
 * already work without script, and replaying them would act twice.
 */
export const MARK_EARLY_CLICKS =
  `addEventListener("click",e=>{const b=e.target.closest?.('button[type="button"]'),f=b?.closest("puerta-island");` +
  `if(f&&!f.hasAttribute("${HYDRATING}"))b.setAttribute("${EARLY_CLICK}","")},true);`;
