import { defineIsland } from "../../../islands/define-island.tsx";
import { QuestionsBanner } from "./questions-banner.tsx";

// Near the top of the home page, yet nothing in it needs script for its first 5 seconds:
// the prerendered bar fills in CSS. The island hydrates at a touch, or when that bar is full
// and the next question is due.
export default defineIsland("questions-banner", QuestionsBanner, {
  waitForTouch: true,
  orAnimationEnd: "question-progress",
});
