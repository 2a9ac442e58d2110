import { defineIsland } from "../../../islands/define-island.tsx";
import { Pathways } from "./Pathways.tsx";

export default defineIsland("Pathways", Pathways);
