import { ResetPasswordFlow } from "../../components/reset-password-flow.tsx";
import { brand } from "../../content/brand.ts";
import { resetPassword, verifyResetToken } from "./api.ts";

export const meta = () => [
  { title: `Nouveau mot de passe | ${brand.academyName}` },
  { name: "robots", content: "noindex" },
];

const endpoints = { verify: verifyResetToken, reset: resetPassword };

/** /reset-password?token=…&email=… (docs/spec/student-portal.md sections 2, 4, 5 and 8). Rendered in the browser only. */
export default function ResetPasswordPage() {
  return (
    <ResetPasswordFlow
      endpoints={endpoints}
      loginPath="/login"
      forgotPath="/forgot-password"
      intro="Choisissez le nouveau mot de passe de votre espace étudiant."
    />
  );
}
