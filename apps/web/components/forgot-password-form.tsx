import { PASSWORD_MESSAGES as M } from "@puerta/contract";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { ApiError } from "../lib/api.ts";
import { loadSchemas, prefetchSchemas } from "../lib/schemas.ts";
import { type CardFrame, FormMessage, inputClass, PasswordCard, submitClass } from "./password-form-parts.tsx";

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
}: {
  request: (email: string) => Promise<{ message: string }>;
  loginPath: string;
  Card?: CardFrame;
}) {
  const id = useId();
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
    if (!parsed.success) return;
    setSending(true);
    try {
      const { message } = await request(parsed.data.email);
      setResult({ kind: "success", text: message });
    } catch (error) {
      setResult({ kind: "error", text: forgotErrorMessage(error) });
    } finally {
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
        <div>
          <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
            Adresse e-mail
          </label>
          <input
            id={id}
            name="email"
            type="email"
            required
            autoComplete="email"
            inputMode="email"
            placeholder="prenom.nom@exemple.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            disabled={sending}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-error` : undefined}
            className={inputClass}
          />
          {emailError && (
            <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-brand-700">
              {emailError}
            </p>
          )}
        </div>
        <button type="submit" disabled={sending} className={submitClass}>
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
