import type { EntryContext } from "react-router";
import { afterFirstPaint } from "../lib/after-first-paint.ts";

/** React Router's preloads of the app's modules: each one is asked for with the HTML. */
const MODULE_PRELOAD = '<link rel="modulepreload"';
/** React Router's module script, with this answer's nonce: it imports the matched routes and the client entry. */
const routerModuleOpening = (nonce: string) => `<script nonce="${nonce}" type="module" async="">`;
const SCRIPT_END = "</script>";

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
export function hydrateAfterFirstPaint(html: Buffer<ArrayBuffer>, nonce: string): Buffer<ArrayBuffer> {
  // Found and cut in the bytes React wrote: the page is not decoded to a string and encoded again.
  const opening = routerModuleOpening(nonce);
  const start = html.indexOf(opening);
  const end = start < 0 ? -1 : html.indexOf(SCRIPT_END, start + opening.length);
  if (end < 0) return html;
  const code = JSON.stringify(html.toString("utf8", start + opening.length, end)).replaceAll("<", "\\u003c");
  const hydrate =
    `const hydrate=()=>{const s=document.createElement("script");s.type="module";` +
    `s.nonce=${JSON.stringify(nonce)};s.textContent=${code};document.body.append(s)};`;
  const parts: Uint8Array[] = [];
  let from = 0;
  for (let preload = html.indexOf(MODULE_PRELOAD); preload >= 0 && preload < start; ) {
    parts.push(html.subarray(from, preload));
    from = html.indexOf(">", preload) + 1;
    preload = html.indexOf(MODULE_PRELOAD, from);
  }
  parts.push(
    html.subarray(from, start),
    Buffer.from(`<script nonce="${nonce}" type="module">${hydrate}${afterFirstPaint("hydrate")}</script>`),
    html.subarray(end + SCRIPT_END.length),
  );
  return Buffer.concat(parts);
}
