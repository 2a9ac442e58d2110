import path from "node:path";
import { describe, expect, it } from "vitest";
import { markEarlyActions } from "../lib/before-hydration.ts";
import { startupReadsScript } from "../lib/startup-reads.ts";
import { appShellFiles, appShellPage, appShells } from "./app-shells.ts";

// As React Router writes a page of the client-side app: preloads, its context, one module.
const APP_MODULE =
  'import "/assets/manifest-m.js"; import * as route0 from "/assets/root-r.js";' +
  'window.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-e.js");';
const shell =
  '<html lang="fr"><head><link rel="stylesheet" href="/assets/app.css"/></head><body><main><h1>Planning</h1></main>' +
  '<link rel="modulepreload" href="/assets/manifest-m.js"/><link rel="modulepreload" href="/assets/entry.client-e.js"/>' +
  '<link rel="modulepreload" href="/assets/root-r.js"/><link rel="modulepreload" href="/assets/entry.client-e.js"/>' +
  "<script>window.__reactRouterContext = {};</script>" +
  `<script type="module" async="">${APP_MODULE}</script></body></html>`;

describe("appShellPage", () => {
  it("keeps the app's module as text, and starts it with its preloads, each once, after the first paint, keeping what is done meanwhile", () => {
    const page = new DOMParser().parseFromString(appShellPage(shell), "text/html");
    expect(page.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    expect(page.querySelector("h1")?.textContent).toBe("Planning");

    // The module, word for word (its CSP hash is the one the server computes), does not run.
    const kept = page.getElementById("puerta-app");
    expect(kept?.getAttribute("type")).toBe("text/plain");
    expect(kept?.textContent).toBe(APP_MODULE);
    expect(page.querySelector("body script")?.textContent).toBe("window.__reactRouterContext = {};");

    const loaders = page.head.querySelectorAll('script[type="module"]');
    expect(loaders).toHaveLength(1);
    const loader = loaders[0]?.textContent ?? "";
    expect(JSON.parse(loader.match(/for\(const f of (\[.*?\])\)/)?.[1] ?? "[]")).toEqual([
      "/assets/manifest-m.js",
      "/assets/entry.client-e.js",
      "/assets/root-r.js",
    ]);
    expect(loader).toContain('observe({type:"paint",buffered:true})');
    expect(loader).toContain('s.textContent=document.getElementById("puerta-app").textContent');
    // What is done to the shell before the app hydrates is kept for it.
    expect(loader.endsWith(markEarlyActions("html"))).toBe(true);
  });

  it("sends the page's first reads from a script placed before the stylesheet, which would hold it back", () => {
    const page = new DOMParser().parseFromString(appShellPage(shell, ["/api/planifications"]), "text/html");
    const first = page.head.firstElementChild;
    expect(first?.tagName).toBe("SCRIPT");
    expect(first?.getAttribute("type")).toBeNull();
    expect(first?.textContent).toBe(startupReadsScript(["/api/planifications"]));
    expect(first?.nextElementSibling?.getAttribute("rel")).toBe("stylesheet");
    // A page without reads gets no such script.
    expect(appShellPage(shell)).not.toContain(startupReadsScript([]).slice(0, 40));
  });

  it("refuses a page whose app script it cannot find", () => {
    expect(() => appShellPage(shell.replace(/<script type="module"[\s\S]*?<\/script>/, ""))).toThrow(
      "Une page de l'application a 0 scripts de module, 1 attendu.",
    );
  });
});

describe("the shells of a build", () => {
  it("lists the fallback shell and every student page without a parameter", () => {
    const files = appShellFiles("/build").map((file) => path.relative("/build", file));
    expect(files).toContain("__spa-fallback.html");
    expect(files).toContain(path.join("planning", "index.html"));
    expect(files).toContain(path.join("etudiants", "orientation", "index.html"));
    expect(files.some((file) => file.includes(":"))).toBe(false);
  });

  it("gives the notifications and planning shells their first reads, and the fallback none", () => {
    const reads = new Map(
      appShells("/build").map((shell) => [path.relative("/build", shell.file), shell.startupReads]),
    );
    expect(reads.get(path.join("notifications", "index.html"))).toEqual(["/api/notifications"]);
    expect(reads.get(path.join("planning", "index.html"))).toEqual(["/api/planifications"]);
    expect(reads.get("__spa-fallback.html")).toEqual([]);
  });
});
