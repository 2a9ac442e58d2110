import { defineIsland } from "../../../islands/define-island.tsx";
import { TestimonialSlider } from "./testimonial-slider.tsx";

export default defineIsland("testimonial-slider", TestimonialSlider);
