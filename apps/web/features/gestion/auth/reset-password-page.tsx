import { ResetPasswordFlow } from "../../../components/reset-password-flow.tsx";
import { staffAuthApi } from "./api.ts";
import { AuthCard } from "./auth-card.tsx";

const endpoints = { verify: staffAuthApi.verifyResetToken, reset: staffAuthApi.resetPassword };

/**
 * /gestion/reinitialiser-mot-de-passe?token=…&email=… (docs/spec/back-office.md section 2): the students' reset page on
 * the staff's endpoints. The second factor stays: the next sign-in still asks for the code.
 */
export default function StaffResetPasswordPage() {
  return (
    <ResetPasswordFlow
      endpoints={endpoints}
      loginPath="/gestion/connexion"
      forgotPath="/gestion/mot-de-passe-oublie"
      intro="Choisissez le nouveau mot de passe de votre espace de gestion. Votre application d'authentification reste associée."
      Card={AuthCard}
    />
  );
}
