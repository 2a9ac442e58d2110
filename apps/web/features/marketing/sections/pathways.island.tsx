import { defineIsland } from "../../../islands/define-island.tsx";
import { Pathways } from "./pathways.tsx";

export default defineIsland("pathways", Pathways);
