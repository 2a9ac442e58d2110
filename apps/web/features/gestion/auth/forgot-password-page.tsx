import { ForgotPasswordForm } from "../../../components/forgot-password-form.tsx";
import { staffAuthApi } from "./api.ts";
import { AuthCard } from "./auth-card.tsx";

/** /gestion/mot-de-passe-oublie (docs/spec/back-office.md section 2): the students' form, on the staff's endpoint and frame. */
export default function StaffForgotPasswordPage() {
  return (
    <ForgotPasswordForm
      request={staffAuthApi.forgotPassword}
      loginPath="/gestion/connexion"
      Card={AuthCard}
      withCaptcha
    />
  );
}
