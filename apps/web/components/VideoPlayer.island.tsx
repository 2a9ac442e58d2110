import { defineIsland } from "../islands/define-island.tsx";
import { VideoPlayer } from "./VideoPlayer.tsx";

export default defineIsland("VideoPlayer", VideoPlayer);
