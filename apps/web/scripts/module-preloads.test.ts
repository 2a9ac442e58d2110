import { describe, expect, it } from "vitest";
import { lowerModulePreloads } from "./module-preloads.ts";

describe("lowerModulePreloads", () => {
  it("gives every module preload a low fetch priority and leaves the other links alone", () => {
    const head =
      '<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>' +
      '<link rel="preload" as="image" href="/media/hero.webp" fetchPriority="high"/>' +
      '<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/root.js"/>';
    const page = new DOMParser().parseFromString(`<html><head>${lowerModulePreloads(head)}</head></html>`, "text/html");
    const priorities = [...page.querySelectorAll("link")].map((link) => [link.rel, link.getAttribute("fetchpriority")]);
    expect(priorities).toEqual([
      ["stylesheet", null],
      ["preload", "high"],
      ["modulepreload", "low"],
      ["modulepreload", "low"],
    ]);
  });
});
