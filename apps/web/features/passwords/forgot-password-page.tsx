import { brand } from "../../content/brand.ts";
import { pageMeta, pageTitle } from "../../lib/seo.ts";
import ForgotPasswordFormIsland from "./forgot-password-form.island.tsx";

export const meta = () =>
  pageMeta({
    title: pageTitle("Mot de passe oublié"),
    description: `Recevez par e-mail un lien pour choisir un nouveau mot de passe de votre espace étudiant ${brand.academyName}.`,
    path: "/forgot-password",
  });

/** /forgot-password (docs/spec/student-portal.md sections 2, 5 and 8). Prerendered; the form is an island. */
export default function ForgotPasswordPage() {
  return <ForgotPasswordFormIsland />;
}
