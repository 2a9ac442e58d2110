import { formatCountdown, MESSAGES } from "@puerta/contract";
import { QueryClientContext } from "@tanstack/react-query";
import { CircleAlert, Eye, EyeOff } from "lucide-react";
import { type FormEvent, useContext, useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Captcha, type CaptchaHandle } from "../../components/captcha.tsx";
import { ApiError } from "../../lib/api.ts";
import { takeLoginReturn } from "../../lib/login-return.ts";
import { policyStatusQuery } from "../../lib/policy-status.ts";
import { fieldErrors, loadSchemas, prefetchSchemas } from "../../lib/schemas.ts";
import { useSession } from "../../lib/session.ts";
import { signIn } from "./api.ts";
import { loginErrorMessage, retryAfterSeconds } from "./login-errors.ts";
import { useLockout } from "./use-lockout.ts";

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
  const ids = { email: useId(), password: useId(), error: useId(), captchaHint: useId() };

  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  // A signed-in student who comes back to /login (the footer's "Espace étudiant") goes to their
  // planning: an empty form under a "Déconnexion" header would ask them to sign in again. Not
  // while this form signs in, which goes there itself once the policy status is known.
  const session = useSession();
  useEffect(() => {
    if (session && !loading) navigate("/planning", { replace: true });
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
      navigate(takeLoginReturn("/planning"), { replace: true });
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

  const inputClass =
    "block w-full rounded-xl border border-gray-300 bg-white px-4 py-3 text-base text-ink shadow-sm transition placeholder:text-gray-400 focus:border-brand-600 focus:outline-none focus:ring-4 focus:ring-brand-100 disabled:cursor-not-allowed disabled:bg-gray-100 aria-invalid:border-brand-600";

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

      <div>
        <label htmlFor={ids.email} className="mb-1.5 block text-sm font-semibold text-ink">
          Adresse e-mail
        </label>
        <input
          id={ids.email}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder="prenom.nom@exemple.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={inputsDisabled}
          aria-invalid={fieldErrors.email ? true : undefined}
          aria-describedby={fieldErrors.email ? `${ids.email}-error` : undefined}
          className={inputClass}
        />
        {fieldErrors.email && (
          <p id={`${ids.email}-error`} className="mt-1.5 text-sm font-medium text-brand-700">
            {fieldErrors.email}
          </p>
        )}
      </div>

      <div>
        <label htmlFor={ids.password} className="mb-1.5 block text-sm font-semibold text-ink">
          Mot de passe
        </label>
        <div className="relative">
          <input
            id={ids.password}
            name="password"
            type={showPassword ? "text" : "password"}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={inputsDisabled}
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={fieldErrors.password ? `${ids.password}-error` : undefined}
            className={`${inputClass} pr-12`}
          />
          <button
            type="button"
            onClick={() => setShowPassword((shown) => !shown)}
            aria-pressed={showPassword}
            aria-label="Afficher le mot de passe"
            disabled={inputsDisabled}
            className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-xl text-gray-500 hover:text-ink disabled:opacity-50"
          >
            {showPassword ? (
              <EyeOff aria-hidden="true" className="size-5" />
            ) : (
              <Eye aria-hidden="true" className="size-5" />
            )}
          </button>
        </div>
        {fieldErrors.password && (
          <p id={`${ids.password}-error`} className="mt-1.5 text-sm font-medium text-brand-700">
            {fieldErrors.password}
          </p>
        )}
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
