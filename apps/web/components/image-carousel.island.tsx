import { defineIsland } from "../islands/define-island.tsx";
import { ImageCarousel } from "./image-carousel.tsx";

export default defineIsland("image-carousel", ImageCarousel);
