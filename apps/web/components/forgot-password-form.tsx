import { PASSWORD_MESSAGES as M, MESSAGES } from "@puerta/contract";
import { type FormEvent, useRef, useState } from "react";
import { Link } from "react-router";
import { ApiError } from "../lib/api.ts";
import { loadSchemas, prefetchSchemas } from "../lib/schemas.ts";
import { Captcha, type CaptchaHandle } from "./captcha.tsx";
import { TextField } from "./form-fields.tsx";
import { type CardFrame, FormMessage, PasswordCard, submitClass } from "./password-form-parts.tsx";

/** docs/spec/student-portal.md section 8: the server message, else a generic text; no answer at all has its own. */
export function forgotErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) return M.serverUnreachable;
  if (error instanceof ApiError) return error.serverMessage ?? M.generic;
  return M.generic;
}

async function checkEmail(email: string) {
  const { forgotPasswordRequest } = await loadSchemas();
  return forgotPasswordRequest.safeParse({ email });
}

/**
 * "Mot de passe oublié" (docs/spec/student-portal.md sections 2, 5 and 8; docs/spec/back-office.md section 2):
 * the e-mail to send the reset link to. Students and staff use it with their own endpoint,
 * sign-in page and frame.
 */
export function ForgotPasswordForm({
  request,
  loginPath,
  Card = PasswordCard,
  withCaptcha = false,
}: {
  /** `captcha`: the solved ALTCHA payload, when the form asks for one. */
  request: (email: string, captcha?: string) => Promise<{ message: string }>;
  loginPath: string;
  Card?: CardFrame;
  /** The sign-in's ALTCHA captcha (the staff's form, issue 28): sending waits until it is solved. */
  withCaptcha?: boolean;
}) {
  const captchaRef = useRef<CaptchaHandle>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const captchaMissing = withCaptcha && !captcha;
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [result, setResult] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    let parsed: Awaited<ReturnType<typeof checkEmail>>;
    try {
      parsed = await checkEmail(email);
    } catch {
      // The checks could not be fetched: the server is out of reach.
      setResult({ kind: "error", text: M.serverUnreachable });
      return;
    }
    setEmailError(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    setResult(null);
    if (!parsed.success || captchaMissing) return;
    setSending(true);
    try {
      const { message } = await request(parsed.data.email, captcha ?? undefined);
      setResult({ kind: "success", text: message });
    } catch (error) {
      setResult({ kind: "error", text: forgotErrorMessage(error) });
    } finally {
      // A payload is accepted once: the next request solves a fresh challenge.
      captchaRef.current?.reset();
      setSending(false);
    }
  }

  return (
    <Card
      title="Mot de passe oublié"
      intro="Indiquez l'adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe."
    >
      <form noValidate onSubmit={onSubmit} onFocus={prefetchSchemas} className="space-y-5">
        {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
        <TextField
          label="Adresse e-mail"
          name="email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder="prenom.nom@exemple.com"
          value={email}
          onChange={setEmail}
          disabled={sending}
          error={emailError ?? undefined}
          size="lg"
        />
        {withCaptcha && (
          <fieldset className="min-w-0">
            <legend className="sr-only">Vérification anti-robot</legend>
            <Captcha ref={captchaRef} onChange={setCaptcha} />
            {captchaMissing && <p className="mt-2 text-sm text-gray-700">{MESSAGES.login.captchaRequired}</p>}
          </fieldset>
        )}
        <button type="submit" disabled={sending || captchaMissing} className={submitClass}>
          {sending ? "Envoi en cours..." : "Envoyer le lien"}
        </button>
        <p className="text-center text-sm">
          <Link to={loginPath} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Retour à la connexion
          </Link>
        </p>
      </form>
    </Card>
  );
}
