import { defineIsland } from "../../../islands/define-island.tsx";
import { TopScorers } from "./top-scorers.tsx";

export default defineIsland("top-scorers", TopScorers);
