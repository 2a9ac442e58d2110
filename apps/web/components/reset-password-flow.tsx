import { LIMITS, PASSWORD_MESSAGES as M, PASSWORD_LIMITS, RESET_CAPTCHA_PLACEHOLDER } from "@puerta/contract";
import { TriangleAlert } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../lib/api.ts";
import { PasswordField, TextField } from "./form-fields.tsx";
import { type CardFrame, FormMessage, fieldErrorsOf, PasswordCard, submitClass } from "./password-form-parts.tsx";
import { Spinner } from "./spinner.tsx";

type State =
  | { step: "checking" }
  | { step: "invalid"; error: string }
  | { step: "form"; token: string; email: string }
  | { step: "done"; message: string };

/** docs/spec/student-portal.md section 8: no answer is a connection error; any other failure of the check is a verification error. */
export function verifyErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.status === 0 ? M.connectionFailed : M.verifyFailed;
}

export type ResetEndpoints = {
  verify: (token: string, email: string) => Promise<{ valid: boolean; message: string }>;
  reset: (body: {
    email: string;
    token: string;
    password: string;
    password_confirmation: string;
    recaptcha_token: string;
  }) => Promise<{ message: string }>;
};

type Paths = { loginPath: string; forgotPath: string };

/**
 * The page of a reset link (`?token=…&email=…`, docs/spec/student-portal.md sections 2, 4, 5 and 8):
 * checks the link, asks for the new password, then goes on to the sign-in page. Students and
 * staff (docs/spec/back-office.md section 2) use it with their own endpoints, pages and frame.
 */
export function ResetPasswordFlow({
  endpoints,
  loginPath,
  forgotPath,
  intro,
  Card = PasswordCard,
}: Paths & { endpoints: ResetEndpoints; intro: string; Card?: CardFrame }) {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const email = params.get("email") ?? "";
  const [state, setState] = useState<State>({ step: "checking" });
  const navigate = useNavigate();

  useEffect(() => {
    if (!token || !email) {
      setState({ step: "invalid", error: M.linkIncomplete });
      return;
    }
    let current = true;
    setState({ step: "checking" });
    endpoints
      .verify(token, email)
      .then((answer) => {
        if (!current) return;
        setState(answer.valid ? { step: "form", token, email } : { step: "invalid", error: answer.message });
      })
      .catch((error: unknown) => {
        if (current) setState({ step: "invalid", error: verifyErrorMessage(error) });
      });
    return () => {
      current = false;
    };
  }, [token, email, endpoints]);

  // docs/spec/student-portal.md section 9: three seconds after a successful reset, on to the login page.
  useEffect(() => {
    if (state.step !== "done") return;
    const timer = setTimeout(() => navigate(loginPath, { replace: true }), PASSWORD_LIMITS.resetRedirectSeconds * 1000);
    return () => clearTimeout(timer);
  }, [state.step, navigate, loginPath]);

  if (state.step === "checking") {
    return (
      <Card title="Choisir un nouveau mot de passe">
        <Spinner label="Vérification du lien..." showLabel />
      </Card>
    );
  }
  if (state.step === "invalid") return <InvalidLink error={state.error} forgotPath={forgotPath} Card={Card} />;
  if (state.step === "done") {
    return (
      <Card title="Mot de passe réinitialisé">
        <FormMessage kind="success">{state.message}</FormMessage>
        <p className="mt-6 text-center text-sm">
          <Link to={loginPath} replace className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Aller à la connexion
          </Link>
        </p>
      </Card>
    );
  }
  return (
    <ResetForm
      endpoints={endpoints}
      intro={intro}
      Card={Card}
      token={state.token}
      email={state.email}
      onDone={(message) => setState({ step: "done", message })}
      onLinkRefused={(error) => setState({ step: "invalid", error })}
    />
  );
}

/** The invalid-link screen (docs/spec/student-portal.md section 2): why, and a way to ask for a new link. */
function InvalidLink({ error, forgotPath, Card }: { error: string; forgotPath: string; Card: CardFrame }) {
  return (
    <Card title={M.linkInvalidTitle}>
      <div role="alert" className="mt-4 flex items-start gap-3 text-gray-700">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-600" />
        <p>{error}</p>
      </div>
      <Link to={forgotPath} className={`${submitClass} mt-8`}>
        {M.newRequest}
      </Link>
    </Card>
  );
}

function ResetForm({
  endpoints,
  intro,
  Card,
  token,
  email,
  onDone,
  onLinkRefused,
}: {
  endpoints: ResetEndpoints;
  intro: string;
  Card: CardFrame;
  token: string;
  email: string;
  onDone: (message: string) => void;
  onLinkRefused: (error: string) => void;
}) {
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [fieldErrors, setFieldErrors] = useState<{ password?: string; password_confirmation?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const errors: typeof fieldErrors = {};
    if (!password) errors.password = M.newRequired;
    else if (password.length < LIMITS.passwordMinLength) errors.password = M.tooShort;
    if (!confirmation) errors.password_confirmation = M.confirmationRequired;
    else if (password && confirmation !== password) errors.password_confirmation = M.mismatch;
    setFieldErrors(errors);
    setError(null);
    if (Object.keys(errors).length > 0) return;
    setSending(true);
    try {
      const { message } = await endpoints.reset({
        email,
        token,
        password,
        password_confirmation: confirmation,
        recaptcha_token: RESET_CAPTCHA_PLACEHOLDER,
      });
      onDone(message);
    } catch (failure) {
      setSending(false);
      const serverErrors = failure instanceof ApiError ? fieldErrorsOf(failure.body) : {};
      if (serverErrors.token) return onLinkRefused(serverErrors.token);
      setFieldErrors(serverErrors);
      if (failure instanceof ApiError && failure.status === 0) setError(M.connectionFailed);
      else setError(failure instanceof ApiError ? (failure.serverMessage ?? M.generic) : M.generic);
    }
  }

  return (
    <Card title="Choisir un nouveau mot de passe" intro={intro}>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {error && <FormMessage kind="error">{error}</FormMessage>}
        <TextField
          label="Adresse e-mail"
          name="email"
          type="email"
          value={email}
          onChange={() => {}}
          readOnly
          size="lg"
        />
        <PasswordField
          label="Nouveau mot de passe"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={fieldErrors.password}
          hint={`${LIMITS.passwordMinLength} caractères minimum.`}
          disabled={sending}
          required
          size="lg"
        />
        <PasswordField
          label="Confirmer le mot de passe"
          name="password_confirmation"
          autoComplete="new-password"
          value={confirmation}
          onChange={setConfirmation}
          error={fieldErrors.password_confirmation}
          disabled={sending}
          required
          size="lg"
        />
        <button type="submit" disabled={sending} className={submitClass}>
          {sending ? "Enregistrement..." : "Réinitialiser le mot de passe"}
        </button>
      </form>
    </Card>
  );
}
