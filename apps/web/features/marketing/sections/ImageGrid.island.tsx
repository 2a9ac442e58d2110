import { defineIsland } from "../../../islands/define-island.tsx";
import { ImageGrid } from "./ImageGrid.tsx";

export default defineIsland("ImageGrid", ImageGrid);
