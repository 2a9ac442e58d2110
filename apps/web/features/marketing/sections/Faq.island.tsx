import { defineIsland } from "../../../islands/define-island.tsx";
import { Faq } from "./Faq.tsx";

export default defineIsland("Faq", Faq);
