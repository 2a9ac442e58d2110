import { defineIsland } from "../islands/define-island.tsx";
import { ImageCarousel } from "./ImageCarousel.tsx";

export default defineIsland("ImageCarousel", ImageCarousel);
