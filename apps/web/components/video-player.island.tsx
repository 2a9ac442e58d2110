import { defineIsland } from "../islands/define-island.tsx";
import { VideoPlayer } from "./video-player.tsx";

export default defineIsland("video-player", VideoPlayer);
