import { defineIsland } from "../../islands/define-island.tsx";
import { ContactForm } from "./contact-form.tsx";

export default defineIsland("contact-form", ContactForm);
