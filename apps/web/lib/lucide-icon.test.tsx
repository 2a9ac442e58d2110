import { CalendarRange, ChevronDown, FileText, type LucideIcon, type LucideProps } from "lucide-react";
import * as calendarRange from "lucide-react/icons/calendar-range";
import * as chevronDown from "lucide-react/icons/chevron-down";
import * as fileText from "lucide-react/icons/file-text";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import createLucideIcon from "./lucide-icon.ts";

type IconData = Parameters<typeof createLucideIcon>[0];
const dataOf = (module: object) => (module as { __iconData: IconData }).__iconData;

/** The SVG an element renders, as attributes (in any order) and children. */
function svgOf(element: ReactElement) {
  const box = document.createElement("div");
  box.innerHTML = renderToStaticMarkup(element);
  const svg = box.firstElementChild;
  if (!svg) throw new Error("no svg");
  const attributes = Object.fromEntries([...svg.attributes].map((a) => [a.name, a.value]));
  return { tag: svg.tagName, attributes, children: svg.innerHTML };
}

const cases: [string, LucideIcon, IconData][] = [
  ["file-text", FileText, dataOf(fileText)],
  ["calendar-range", CalendarRange, dataOf(calendarRange)],
  ["chevron-down", ChevronDown, dataOf(chevronDown)],
];

const propSets: LucideProps[] = [
  {},
  { className: "size-5 shrink-0 text-brand-600", "aria-hidden": "true" },
  { className: "lucide size-4", "aria-label": "Document" },
  { size: 16, strokeWidth: 1.5, color: "red" },
  { size: 32, absoluteStrokeWidth: true },
  { role: "img", "aria-describedby": "legende" },
];

describe("createLucideIcon (the build's stand-in for lucide-react's)", () => {
  for (const [name, Library, data] of cases) {
    it(`draws ${name} as lucide-react does`, () => {
      const Ours = createLucideIcon(data);
      for (const props of propSets) expect(svgOf(<Ours {...props} />)).toEqual(svgOf(<Library {...props} />));
    });
  }
});
