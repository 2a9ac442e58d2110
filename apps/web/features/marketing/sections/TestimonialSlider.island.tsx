import { defineIsland } from "../../../islands/define-island.tsx";
import { TestimonialSlider } from "./TestimonialSlider.tsx";

export default defineIsland("TestimonialSlider", TestimonialSlider);
