import { defineIsland } from "../../../islands/define-island.tsx";
import { Faq } from "./faq.tsx";

export default defineIsland("faq", Faq);
