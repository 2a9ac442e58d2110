import type { ReactNode } from "react";

/**
 * A part of a long page that a phone shows only once scrolled to. The browser styles, lays out
 * and paints it as it comes near the screen (content-visibility), not while the page loads: on
 * the home page, doing that work at load costs a phone's processor half a second before the
 * first tap can be answered. Its size is remembered once seen; until then it holds a screen's height.
 */
export function BelowTheFold({ children }: { children: ReactNode }) {
  return <div className="[contain-intrinsic-size:auto_800px] [content-visibility:auto]">{children}</div>;
}
