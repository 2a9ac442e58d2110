import { defineIsland } from "../../../islands/define-island.tsx";
import { PartnerCarousel } from "./PartnerCarousel.tsx";

export default defineIsland("PartnerCarousel", PartnerCarousel);
