import { defineIsland } from "../../islands/define-island.tsx";
import { SiteHeader } from "./site-header.tsx";

// Prerendered for a visitor, the header is already right for one: React, and the header's
// own code, wait for a first touch of its menus. With the signed-in hint (lib/session-hint.ts) or a query string
// (?isApp=true), it hydrates at once (islands/when-needed.ts).
export default defineIsland("site-header", SiteHeader, { waitForTouch: true });
