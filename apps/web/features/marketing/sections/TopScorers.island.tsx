import { defineIsland } from "../../../islands/define-island.tsx";
import { TopScorers } from "./TopScorers.tsx";

export default defineIsland("TopScorers", TopScorers);
