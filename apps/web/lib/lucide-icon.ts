import { createElement, forwardRef, type SVGProps } from "react";

/** What lucide-react's icon modules pass to `createLucideIcon` (lucide-react 1.x). */
type IconData = { name: string; size?: number; node: [string, Record<string, string>][] };

type IconProps = SVGProps<SVGSVGElement> & { size?: number | string; absoluteStrokeWidth?: boolean };

const hasA11yProp = (props: Record<string, unknown>) =>
  Object.keys(props).some(
    (prop) => (prop.startsWith("aria-") || prop === "role" || prop === "title") && props[prop] != null,
  );

/**
 * lucide-react's `createLucideIcon`, for the options this app uses (class, size, stroke width and
 * colour, ARIA attributes): both builds put it in place of the library's
 * (`lib/lucide-icon-plugin.ts`), whose runtime (context, aliases, non-scaling strokes…) weighs
 * 3 KB on every page. Same SVG as the library's: `lib/lucide-icon.test.tsx` compares them.
 */
export default function createLucideIcon(icon: IconData) {
  const Icon = forwardRef<SVGSVGElement, IconProps>(
    ({ className, size, strokeWidth = 2, absoluteStrokeWidth, color, children, ...rest }, ref) => {
      const box = icon.size ?? 24;
      const classes = new Set(["lucide", `lucide-${icon.name}`, ...(className?.split(/\s+/) ?? [])]);
      classes.delete("");
      return createElement(
        "svg",
        {
          ref,
          xmlns: "http://www.w3.org/2000/svg",
          width: size ?? 24,
          height: size ?? 24,
          viewBox: `0 0 ${box} ${box}`,
          fill: "none",
          stroke: color || "currentColor",
          strokeWidth: absoluteStrokeWidth ? (Number(strokeWidth) * box) / Number(size ?? 24) : strokeWidth,
          strokeLinecap: "round",
          strokeLinejoin: "round",
          className: [...classes].join(" "),
          ...(children || hasA11yProp(rest) ? {} : { "aria-hidden": "true" }),
          ...rest,
        },
        ...icon.node.map(([tag, attributes]) => createElement(tag, attributes)),
        children,
      );
    },
  );
  Icon.displayName = icon.name;
  return Icon;
}
