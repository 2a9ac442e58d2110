import { defineIsland } from "../../../islands/define-island.tsx";
import { PromoBanner } from "./PromoBanner.tsx";

export default defineIsland("PromoBanner", PromoBanner);
