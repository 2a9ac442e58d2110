import { defineIsland } from "../../../islands/define-island.tsx";
import { PromoBanner } from "./promo-banner.tsx";

export default defineIsland("promo-banner", PromoBanner);
