import { defineIsland } from "../../../islands/define-island.tsx";
import { QuestionsBanner } from "./QuestionsBanner.tsx";

export default defineIsland("QuestionsBanner", QuestionsBanner);
