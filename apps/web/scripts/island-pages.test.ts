import { describe, expect, it } from "vitest";
import { markEarlyActions } from "../lib/before-hydration.ts";
import { type IslandsManifest, islandPage } from "./island-pages.ts";

// As the islands build writes it: the loader, and an entry per island, importing the
// hydration and its code.
const manifest: IslandsManifest = {
  "islands/load-islands.ts": {
    file: "assets/islands/load-islands-z0.js",
    name: "load-islands",
    isEntry: true,
    imports: ["_when-needed.js"],
  },
  "_when-needed.js": { file: "assets/islands/when-needed-y1.js" },
  "\0island-entry:site-header": {
    file: "assets/islands/site-header-a1.js",
    name: "site-header",
    isEntry: true,
    imports: ["_when-needed.js", "_hydrate.js", "app/layout/site-header.island.tsx"],
  },
  "\0island-entry:Faq": {
    file: "assets/islands/Faq-b2.js",
    name: "Faq",
    isEntry: true,
    imports: ["_hydrate.js", "features/marketing/sections/faq.island.tsx"],
  },
  "\0island-entry:PromoBanner": { file: "assets/islands/PromoBanner-c3.js", name: "PromoBanner", isEntry: true },
  "_hydrate.js": { file: "assets/islands/hydrate-d4.js", imports: ["_react.js"] },
  "_react.js": { file: "assets/islands/react-dom-e5.js" },
  "_icons.js": { file: "assets/islands/icons-f6.js", imports: ["_react.js"] },
  "app/layout/site-header.island.tsx": { file: "assets/islands/site-header.island-h8.js", imports: ["_icons.js"] },
  "features/marketing/sections/faq.island.tsx": {
    file: "assets/islands/Faq.island-i9.js",
    imports: ["_react.js", "_icons.js", "_accordion.js"],
  },
  "_accordion.js": { file: "assets/islands/Accordion-g7.js", imports: ["_react.js"] },
};

const prerendered = (body: string) =>
  '<html lang="fr"><head><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-x.js"/><link rel="modulepreload" href="/assets/root-y.js"/>' +
  `</head><body>${body}<script>window.__reactRouterContext = {};</script>` +
  '<script type="module">import "/assets/entry.client-x.js";</script></body></html>';

/**
 * What the page loads: its stylesheets, the files its one script imports, and the files it
 * hands the loader for each island.
 */
function parse(html: string) {
  const page = new DOMParser().parseFromString(html, "text/html");
  const scripts = [...page.querySelectorAll("script")];
  const script = scripts[0]?.textContent ?? "";
  const load = script.match(
    /^const load=\(\)=>\{for\(const f of (\[.*?\])\)import\(f\);import\(("[^"]+")\)\.then\(m=>m\.loadIslands\((\{.*?\})\)\)\};/,
  );
  return {
    scripts: scripts.map((s) => `${s.type} ${s.src ? "src" : "inline"}`),
    waitsForPaint: script.includes('observe({type:"paint",buffered:true})'),
    keepsEarlyActions: script.endsWith(markEarlyActions("puerta-island")),
    imports: load ? [...JSON.parse(load[1] ?? "[]"), JSON.parse(load[2] ?? '""')] : [],
    islandFiles: JSON.parse(load?.[3] ?? "{}"),
    preloads: page.querySelectorAll('link[rel="modulepreload"]').length,
    stylesheets: page.querySelectorAll('link[rel="stylesheet"]').length,
    islands: page.querySelectorAll("puerta-island").length,
  };
}

describe("islandPage", () => {
  it("swaps the router's scripts for one that imports the islands' loader after the first paint, hands it each island's files, and keeps the taps and sendings made meanwhile", () => {
    const html = islandPage(
      prerendered(
        '<puerta-island data-island="site-header"><header></header></puerta-island><main>' +
          '<puerta-island data-island="Faq" data-props="{}"></puerta-island>' +
          '<puerta-island data-island="Faq"></puerta-island></main>',
      ),
      manifest,
    );
    expect(parse(html)).toEqual({
      scripts: ["module inline"],
      waitsForPaint: true,
      keepsEarlyActions: true,
      imports: ["/assets/islands/when-needed-y1.js", "/assets/islands/load-islands-z0.js"],
      // Each island's entry and all it imports, each once, what is imported first.
      islandFiles: {
        "site-header": [
          "/assets/islands/when-needed-y1.js",
          "/assets/islands/react-dom-e5.js",
          "/assets/islands/hydrate-d4.js",
          "/assets/islands/icons-f6.js",
          "/assets/islands/site-header.island-h8.js",
          "/assets/islands/site-header-a1.js",
        ],
        Faq: [
          "/assets/islands/react-dom-e5.js",
          "/assets/islands/hydrate-d4.js",
          "/assets/islands/icons-f6.js",
          "/assets/islands/Accordion-g7.js",
          "/assets/islands/Faq.island-i9.js",
          "/assets/islands/Faq-b2.js",
        ],
      },
      preloads: 0,
      stylesheets: 1,
      islands: 3,
    });
  });

  it("leaves a page without islands with no script at all", () => {
    expect(parse(islandPage(prerendered("<main><h1>Blog</h1></main>"), manifest))).toEqual({
      scripts: [],
      waitsForPaint: false,
      keepsEarlyActions: false,
      imports: [],
      islandFiles: {},
      preloads: 0,
      stylesheets: 1,
      islands: 0,
    });
  });

  it("refuses a page whose island has no entry", () => {
    expect(() => islandPage(prerendered('<puerta-island data-island="Missing"></puerta-island>'), manifest)).toThrow(
      "L'îlot « Missing » n'a pas de script",
    );
  });
});
