import { defineIsland } from "../../../islands/define-island.tsx";
import { HeroVideo } from "./hero-video.tsx";

export default defineIsland("hero-video", HeroVideo);
