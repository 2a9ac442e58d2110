import { defineIsland } from "../../islands/define-island.tsx";
import { SiteHeader } from "./site-header.tsx";

export default defineIsland("site-header", SiteHeader);
