import { formatCountdown, MESSAGES, type User } from "@puerta/contract";
import { QueryClientContext } from "@tanstack/react-query";
import { CircleAlert } from "lucide-react";
import { type FormEvent, useContext, useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Captcha, type CaptchaHandle } from "../../components/captcha.tsx";
import { PasswordField, TextField } from "../../components/form-fields.tsx";
import { ApiError } from "../../lib/api.ts";
import { loginReturn } from "../../lib/login-return.ts";
import { policyStatusQuery } from "../../lib/policy-status.ts";
import { fieldErrors, loadSchemas, prefetchSchemas } from "../../lib/schemas.ts";
import { readSession, useSession } from "../../lib/session.ts";
import { signIn } from "./api.ts";
import { loginErrorMessage, retryAfterSeconds } from "./login-errors.ts";
import { useLockout } from "./use-lockout.ts";

/** Where a student lands: their planning, or a former student's attestations (docs/spec/school-year-and-data.md section 3). */
const homeOf = (user: User | null | undefined) =>
  user?.etudiant?.statut_scolaire === "ancien_eleve" ? "/demande-attestation" : "/planning";

const m = MESSAGES.login;
type FieldErrors = Partial<Record<"email" | "password" | "recaptcha_token", string>>;

/** Client checks of docs/spec/student-portal.md section 5, with the contract's own schema and messages. */
async function validate(email: string, password: string, captcha: string | null): Promise<FieldErrors> {
  const { loginRequest } = await loadSchemas();
  return fieldErrors(loginRequest.safeParse({ email, password, recaptcha_token: captcha ?? "" }).error);
}

export function LoginForm() {
  const navigate = useNavigate();
  // None on the prerendered /login, where the form is an island: the gate of the next page,
  // loaded as a document, checks the policy status itself.
  const queryClient = useContext(QueryClientContext);
  const lockout = useLockout();
  const captchaRef = useRef<CaptchaHandle>(null);
  const ids = { error: useId(), captchaHint: useId() };

  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  // A signed-in student who comes back to /login (the footer's "Espace étudiant") goes to their
  // planning: an empty form under a "Déconnexion" header would ask them to sign in again. Not
  // while this form signs in, which goes there itself once the policy status is known.
  const session = useSession();
  useEffect(() => {
    if (session && !loading) navigate(homeOf(session.user), { replace: true });
  }, [session, loading, navigate]);

  // When the countdown reaches zero the lockout message goes away.
  const wasLocked = useRef(false);
  useEffect(() => {
    if (wasLocked.current && !lockout.locked) setError(null);
    wasLocked.current = lockout.locked;
  }, [lockout.locked]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading || lockout.locked) return;
    let errors: FieldErrors;
    try {
      errors = await validate(email, password, captcha);
    } catch {
      // The checks could not be fetched: the server is out of reach.
      setError(m.unreachable);
      return;
    }
    setFieldErrors(errors);
    setError(null);
    if (Object.keys(errors).length > 0 || !captcha) return;
    setLoading(true);
    try {
      await signIn(email, password, captcha);
      // docs/spec/student-portal.md section 4: after the login the policy status is checked again.
      await queryClient?.fetchQuery(policyStatusQuery).catch(() => undefined);
      navigate(loginReturn(window.location.search, homeOf(readSession()?.user)), { replace: true });
    } catch (failure) {
      captchaRef.current?.reset();
      if (failure instanceof ApiError && failure.status === 429) lockout.start(retryAfterSeconds(failure));
      setError(loginErrorMessage(failure));
      setLoading(false);
    }
  }

  const countdown = formatCountdown(lockout.secondsLeft);
  const shownError = lockout.locked ? `${m.tooManyAttempts}. Réessayez dans ${countdown}.` : error;
  const inputsDisabled = loading || lockout.locked;
  const submitDisabled = inputsDisabled || !captcha;
  const buttonText = lockout.locked ? `Réessayez dans ${countdown}` : loading ? m.loading : "Se connecter";

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocus={prefetchSchemas}
      className="space-y-5"
      aria-describedby={shownError ? ids.error : undefined}
    >
      {shownError && (
        <div
          id={ids.error}
          role="alert"
          className="flex items-start gap-3 rounded-xl border border-brand-100 bg-brand-50 px-4 py-3 text-sm font-medium text-brand-800"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>{shownError}</p>
        </div>
      )}

      <TextField
        label="Adresse e-mail"
        name="email"
        type="email"
        autoComplete="username"
        inputMode="email"
        placeholder="prenom.nom@exemple.com"
        value={email}
        onChange={setEmail}
        disabled={inputsDisabled}
        error={fieldErrors.email}
        size="lg"
      />

      <div>
        <PasswordField
          label="Mot de passe"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          disabled={inputsDisabled}
          error={fieldErrors.password}
          size="lg"
          toggleLabel="Afficher le mot de passe"
        />
        {/* After the password in the document: e-mail, Tab, password (then the eye, then this link). */}
        <p className="mt-2 text-right">
          <Link
            to="/forgot-password"
            className="inline-block py-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            Mot de passe oublié ?
          </Link>
        </p>
      </div>

      <fieldset disabled={lockout.locked} className="min-w-0">
        <legend className="sr-only">Vérification anti-robot</legend>
        <Captcha ref={captchaRef} onChange={setCaptcha} />
        {(fieldErrors.recaptcha_token || !captcha) && (
          <p id={ids.captchaHint} className="mt-2 text-sm text-gray-600">
            {fieldErrors.recaptcha_token ?? m.captchaRequired}
          </p>
        )}
      </fieldset>

      <button
        type="submit"
        disabled={submitDisabled}
        aria-describedby={!captcha ? ids.captchaHint : undefined}
        className="flex w-full items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 py-3.5 text-base font-bold text-white shadow-lg shadow-brand-600/20 transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-700 disabled:shadow-none"
      >
        {loading && (
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
          />
        )}
        {buttonText}
      </button>
    </form>
  );
}
