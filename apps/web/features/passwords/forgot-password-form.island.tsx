import { defineIsland } from "../../islands/define-island.tsx";
import { ForgotPasswordForm } from "./forgot-password-form.tsx";

export default defineIsland("forgot-password-form", ForgotPasswordForm);
