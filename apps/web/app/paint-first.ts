import type { EntryContext } from "react-router";
import { afterFirstPaint } from "../lib/after-first-paint.ts";

/** React Router's preloads of the app's modules: each one is asked for with the HTML. */
const MODULE_PRELOADS = /<link rel="modulepreload"[^>]*\/?>/g;
/** React Router's module script: it imports the matched routes and the client entry. */
const ROUTER_MODULE = /<script nonce="([^"]*)" type="module" async="">([\s\S]*?)<\/script>/;

/** What a route module exports to have its pages painted before their scripts are asked for. */
export type PaintFirstHandle = { paintFirst: true };

/**
 * Whether the page is one of a route that paints first (the student area's layout,
 * features/auth/require-auth.tsx): its first screen, data included, is in the HTML, and its
 * controls are inert until the app has hydrated (app/inert-until-hydrated.tsx).
 */
export function paintsFirst({ staticHandlerContext, routeModules }: EntryContext): boolean {
  return staticHandlerContext.matches.some(
    (match) => (routeModules[match.route.id]?.handle as Partial<PaintFirstHandle> | undefined)?.paintFirst === true,
  );
}

/**
 * A student page rendered for a request (decision 102) is readable as it arrives: its data is
 * in the HTML. Its scripts hydrate it; asked for with the HTML, 150 KB of them would share a slow
 * line with the stylesheet and hold back the first paint. So the preloads go, and the router's
 * module script is run once the page has painted (as the public pages' islands, decision 008):
 * an inline module puts it back in the page with this answer's nonce, which the CSP requires.
 */
export function hydrateAfterFirstPaint(html: string, nonce: string): string {
  const router = ROUTER_MODULE.exec(html);
  if (!router || router[1] !== nonce) return html;
  const code = JSON.stringify(router[2]).replaceAll("<", "\\u003c");
  const hydrate =
    `const hydrate=()=>{const s=document.createElement("script");s.type="module";` +
    `s.nonce=${JSON.stringify(nonce)};s.textContent=${code};document.body.append(s)};`;
  return html
    .replace(router[0], () => `<script nonce="${nonce}" type="module">${hydrate}${afterFirstPaint("hydrate")}</script>`)
    .replace(MODULE_PRELOADS, "");
}
