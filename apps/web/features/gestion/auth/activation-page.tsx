import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { primaryButtonClass } from "../../../components/button-styles.ts";
import { ActivationFields } from "../../../components/form-fields.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { ApiError } from "../../../lib/api.ts";
import { staffErrorMessage } from "../../../lib/staff-api.ts";
import { StaffForm, useStaffForm } from "../shared/staff-form.tsx";
import { useActivateStaffAccount, useActivationCheck } from "./api.ts";
import { AuthCard } from "./auth-card.tsx";

export const meta = () => [{ name: "robots", content: "noindex" }];

const TITLE = "Activer votre compte";

/**
 * /gestion/activer?token=… (docs/spec/back-office.md section 2): the invitation's link is checked, then the staff
 * member chooses a password (the students' reset rules), then signs in, where the second factor
 * is enrolled.
 */
export default function StaffActivationPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [done, setDone] = useState(false);
  const check = useActivationCheck(token, token !== "" && !done);

  if (done) {
    return (
      <AuthCard title="Compte activé">
        <p role="status" className="text-gray-700">
          Votre mot de passe est enregistré. Connectez-vous : vous associerez alors votre application
          d'authentification.
        </p>
        <Link to="/gestion/connexion" className={`${primaryButtonClass} mt-6 w-full py-3`}>
          Aller à la connexion
        </Link>
      </AuthCard>
    );
  }
  if (!token || check.isError) {
    const message =
      !token || (check.error instanceof ApiError && check.error.status === 404)
        ? "Ce lien d'activation n'est plus valide."
        : staffErrorMessage(check.error);
    return (
      <AuthCard title={TITLE}>
        <p role="alert" className="text-gray-700">
          {message} Si vous avez déjà activé votre compte, connectez-vous ; sinon, demandez à la direction de vous
          envoyer une nouvelle invitation.
        </p>
        <Link to="/gestion/connexion" className={`${primaryButtonClass} mt-6 w-full py-3`}>
          Aller à la connexion
        </Link>
      </AuthCard>
    );
  }
  if (!check.data) {
    return (
      <AuthCard title={TITLE}>
        <Spinner label="Vérification du lien…" showLabel />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={TITLE} intro={`Bienvenue, ${check.data.name}. Choisissez votre mot de passe.`}>
      <ActivationForm token={token} email={check.data.email} onDone={() => setDone(true)} />
    </AuthCard>
  );
}

function ActivationForm({ token, email, onDone }: { token: string; email: string; onDone: () => void }) {
  const form = useStaffForm(["password", "password_confirmation"]);
  const activation = useActivateStaffAccount();
  const sending = form.sending;
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");

  const submit = () =>
    form.submit(
      () =>
        form.check((schemas) => schemas.activationRequest, { token, password, password_confirmation: confirmation }),
      async (body) => {
        await activation.mutateAsync(body);
        onDone();
      },
    );

  return (
    <StaffForm form={form} onSubmit={submit}>
      <ActivationFields
        email={email}
        password={password}
        onPasswordChange={setPassword}
        confirmation={confirmation}
        onConfirmationChange={setConfirmation}
        errors={form.errors}
        disabled={sending}
      />
      <button type="submit" disabled={sending} className={`${primaryButtonClass} w-full py-3`}>
        {sending ? "Enregistrement…" : "Activer mon compte"}
      </button>
    </StaffForm>
  );
}
