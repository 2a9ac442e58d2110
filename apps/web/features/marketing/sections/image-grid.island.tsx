import { defineIsland } from "../../../islands/define-island.tsx";
import { ImageGrid } from "./image-grid.tsx";

export default defineIsland("image-grid", ImageGrid);
