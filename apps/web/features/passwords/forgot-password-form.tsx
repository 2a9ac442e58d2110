import { ForgotPasswordForm as SharedForgotPasswordForm } from "../../components/forgot-password-form.tsx";
import { requestPasswordReset } from "./api.ts";

/** The card of /forgot-password (docs/spec/student-portal.md sections 2, 5 and 8): the shared form on the students' endpoint. */
export function ForgotPasswordForm() {
  return <SharedForgotPasswordForm request={requestPasswordReset} loginPath="/login" />;
}
