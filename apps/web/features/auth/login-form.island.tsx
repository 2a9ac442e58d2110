import { defineIsland } from "../../islands/define-island.tsx";
import { LoginForm } from "./login-form.tsx";

export default defineIsland("login-form", LoginForm);
