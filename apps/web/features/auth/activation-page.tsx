import { PASSWORD_MESSAGES } from "@puerta/contract";
import { type FormEvent, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { primaryButtonClass } from "../../components/button-styles.ts";
import { ActivationFields, FormAlert } from "../../components/form-fields.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { brand } from "../../content/brand.ts";
import { ApiError } from "../../lib/api.ts";
import { fieldErrors, loadSchemas } from "../../lib/schemas.ts";
import { activateAccount, checkActivation } from "./api.ts";
import { loginErrorMessage } from "./login-errors.ts";

export const meta = () => [
  { title: `Activer mon compte | ${brand.academyName}` },
  { name: "robots", content: "noindex" },
];

const INVALID = "Ce lien d'activation n'est plus valide.";

type State =
  | { step: "checking" }
  | { step: "invalid"; message: string }
  | { step: "form"; name: string; email: string };

/**
 * /activer-compte?token=… (docs/spec/back-office.md section 4): the invitation sent when the
 * secretariat created the account. The link is checked, the student chooses a password (the
 * reset rules), and is then signed in exactly as by /login and sent to their planning.
 * Rendered in the browser only: the page depends on its query string.
 */
export default function ActivationPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [state, setState] = useState<State>({ step: "checking" });

  useEffect(() => {
    if (!token) {
      setState({ step: "invalid", message: "Lien d'activation incomplet." });
      return;
    }
    let current = true;
    checkActivation(token)
      .then((info) => {
        if (current) setState({ step: "form", name: info.name, email: info.email });
      })
      .catch((error: unknown) => {
        if (!current) return;
        const message =
          error instanceof ApiError && error.status === 404 ? INVALID : PASSWORD_MESSAGES.connectionFailed;
        setState({ step: "invalid", message });
      });
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <div className="bg-gradient-to-b from-brand-50 to-white px-4 py-10 md:py-16">
      <section
        aria-labelledby="activation-title"
        className="mx-auto max-w-lg rounded-3xl bg-white p-6 shadow-xl shadow-gray-200/70 ring-1 ring-gray-100 sm:p-10"
      >
        <h1 id="activation-title" className="text-3xl font-extrabold tracking-tight text-ink">
          Activer mon compte
        </h1>
        {state.step === "checking" && (
          <div className="mt-6">
            <Spinner label="Vérification du lien…" showLabel />
          </div>
        )}
        {state.step === "invalid" && (
          <p role="alert" className="mt-4 text-gray-700">
            {state.message} Demandez au secrétariat de vous envoyer une nouvelle invitation.
          </p>
        )}
        {state.step === "form" && (
          <>
            <p className="mt-2 mb-8 text-gray-600">
              Bienvenue, {state.name}. Choisissez le mot de passe de votre espace étudiant.
            </p>
            <ActivationForm token={token} email={state.email} />
          </>
        )}
      </section>
    </div>
  );
}

type Field = "password" | "password_confirmation";

function ActivationForm({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    setAlert(null);
    const { activationRequest } = await loadSchemas();
    const parsed = activationRequest.safeParse({ token, password, password_confirmation: confirmation });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const next = await activateAccount(parsed.data);
      navigate(next, { replace: true });
    } catch (error) {
      setSending(false);
      if (error instanceof ApiError && error.status === 422) {
        const body = error.body as { errors?: Record<string, string[]> } | undefined;
        const password = body?.errors?.password?.[0];
        if (password) {
          setErrors({ password });
          return;
        }
      }
      setAlert(error instanceof ApiError && error.status === 404 ? INVALID : loginErrorMessage(error));
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {alert && <FormAlert>{alert}</FormAlert>}
      <ActivationFields
        email={email}
        password={password}
        onPasswordChange={setPassword}
        confirmation={confirmation}
        onConfirmationChange={setConfirmation}
        errors={errors}
        disabled={sending}
      />
      <button type="submit" disabled={sending} className={`${primaryButtonClass} w-full py-3`}>
        {sending ? "Activation…" : "Activer mon compte"}
      </button>
    </form>
  );
}
