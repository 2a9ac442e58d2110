import { defineIsland } from "../../../islands/define-island.tsx";
import { PartnerCarousel } from "./partner-carousel.tsx";

export default defineIsland("partner-carousel", PartnerCarousel);
