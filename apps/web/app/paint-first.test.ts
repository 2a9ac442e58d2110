import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { hydrateAfterFirstPaint, paintsFirst } from "./paint-first.ts";

const NONCE = "Cy7XPU9NWUGoJFi7d6+MZOg==";
const routerModule =
  'import * as route0 from "/assets/root-1.js";\nwindow.__reactRouterRouteModules = {"root": route0};\n' +
  'import("/assets/entry.client-1.js");\nconst note = "<!-- <b>";';

/** A page as React Router renders it for a request, with the parts that matter here. */
const page = (nonce = NONCE) =>
  "<!DOCTYPE html><html><head>" +
  `<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="${nonce}"/>` +
  `<link rel="modulepreload" href="/assets/root-1.js" nonce="${nonce}"/>` +
  '<link rel="stylesheet" href="/assets/app.css"/></head><body><h1>Échec de l’envoi — 🔔</h1>' +
  `<script nonce="${nonce}">window.__reactRouterContext = {};</script>` +
  `<script nonce="${nonce}" type="module" async="">${routerModule}</script>` +
  "</body></html>";

/** Runs the page's new inline module as a browser would, and returns the script it puts back. */
function scriptPutBack(html: string): { type: string; nonce: string; textContent: string } {
  const inline = [...html.matchAll(/<script nonce="[^"]*" type="module">([\s\S]*?)<\/script>/g)];
  expect(inline).toHaveLength(1);
  const appended: { type: string; nonce: string; textContent: string }[] = [];
  const document = {
    createElement: () => ({ type: "", nonce: "", textContent: "" }),
    body: { append: (element: (typeof appended)[number]) => appended.push(element) },
  };
  // A browser without paint entries: the page runs it at once.
  new Function("document", "PerformanceObserver", inline[0]?.[1] ?? "")(document, {});
  expect(appended).toHaveLength(1);
  return appended[0] as (typeof appended)[number];
}

/** The page as the server sends it, from the bytes React wrote, read back as text. */
const sent = (html: string, nonce: string) => hydrateAfterFirstPaint(Buffer.from(html), nonce).toString("utf8");

describe("hydrateAfterFirstPaint", () => {
  it("drops the preloads and runs the router's module, unchanged and with this answer's nonce, once the page has painted", () => {
    const html = sent(page(), NONCE);
    expect(html).not.toContain("modulepreload");
    expect(html).not.toContain('async=""');
    expect(html).toContain(
      '<link rel="stylesheet" href="/assets/app.css"/></head><body><h1>Échec de l’envoi — 🔔</h1>',
    );
    expect(html).toContain(`<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`);
    const script = scriptPutBack(html);
    expect(script).toEqual({ type: "module", nonce: NONCE, textContent: routerModule });
    expect(html).toContain('PerformanceObserver.supportedEntryTypes?.includes("paint")');
  });

  it("writes the code it carries with no markup in it: a comment or a tag cannot end its script", () => {
    const html = sent(page(), NONCE);
    const inline = /<script nonce="[^"]*" type="module">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(inline).not.toContain("<");
    expect(scriptPutBack(html).textContent).toContain('"<!-- <b>"');
  });

  it("leaves a page alone when its module script is not this answer's", () => {
    const other = page("another-nonce");
    expect(sent(other, NONCE)).toBe(other);
  });
});

describe("paintsFirst", () => {
  /** React Router's context of a page whose matched routes export these handles. */
  const rendered = (handles: Record<string, unknown>) =>
    ({
      staticHandlerContext: { matches: Object.keys(handles).map((id) => ({ route: { id } })) },
      routeModules: Object.fromEntries(Object.entries(handles).map(([id, handle]) => [id, { handle }])),
    }) as unknown as EntryContext;

  it("is true for a page under a route that paints first (the student area), and only for such a page", () => {
    expect(paintsFirst(rendered({ root: undefined, area: { paintFirst: true }, page: undefined }))).toBe(true);
    expect(paintsFirst(rendered({ root: undefined, "gestion-layout": undefined, page: { other: 1 } }))).toBe(false);
  });
});
