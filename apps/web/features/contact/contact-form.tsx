import {
  CONTACT_LIMITS,
  type ContactRequest,
  formatCountdown,
  formatCountdownPadded,
  CONTACT_MESSAGES as M,
} from "@puerta/contract";
import { CircleAlert, CircleCheck, Send } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Captcha, type CaptchaHandle } from "../../components/captcha.tsx";
import { TextAreaField, TextField } from "../../components/form-fields.tsx";
import { ApiError } from "../../lib/api.ts";
import { fieldErrors as firstErrors, loadSchemas, prefetchSchemas } from "../../lib/schemas.ts";
import { useSubmissionKey } from "../../lib/submission-key.ts";
import { contactRetrySeconds, sendContactMessage } from "./api.ts";
import { useCountdown } from "./use-countdown.ts";

type Field = "nom" | "email" | "telephone" | "sujet" | "message";
type Values = Record<Field, string>;
const EMPTY: Values = { nom: "", email: "", telephone: "", sujet: "", message: "" };

type Status = { kind: "sent" } | { kind: "error"; text: string } | { kind: "locked"; text: string } | null;

/** Client checks with the contract's own schema and messages (the captcha is checked apart). */
export async function validateContact(values: Values): Promise<Partial<Record<Field, string>>> {
  const { contactRequest } = await loadSchemas();
  return firstErrors<Field>(contactRequest.safeParse({ ...values, recaptcha_token: "-" }).error);
}

/** The contact form (docs/spec/student-portal.md sections 2, 4, 5 and 8): idle, sent, error, or locked by a countdown after 429. */
export function ContactForm() {
  const hintId = useId();
  const captchaRef = useRef<CaptchaHandle>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [sending, setSending] = useState(false);
  const submission = useSubmissionKey(); // a retry after a lost answer sends the message once
  const answerRef = useRef<HTMLDivElement>(null);
  // Each new answer (sent, failed, too many messages) is brought into view with the focus.
  useEffect(() => {
    if (status) answerRef.current?.focus({ preventScroll: false });
  }, [status]);

  // docs/spec/student-portal.md section 4: when the countdown ends, the message and the captcha reset.
  const lock = useCountdown(() => {
    setStatus(null);
    captchaRef.current?.reset();
  });

  const disabled = sending || lock.running;
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  // What every field shares: the public site's larger look, its value, its error, required.
  const common = (name: Field) => ({
    name,
    value: values[name],
    onChange: set(name),
    error: fieldErrors[name],
    disabled,
    required: true,
    size: "lg" as const,
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending || lock.running || !captcha) return;
    let errors: Partial<Record<Field, string>>;
    try {
      errors = await validateContact(values);
    } catch {
      // The checks could not be fetched: the server is out of reach.
      setStatus({ kind: "error", text: M.failed });
      return;
    }
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setSending(true);
    setStatus(null);
    const body: ContactRequest = { ...values, recaptcha_token: captcha };
    try {
      await submission.send((key) => sendContactMessage(body, key));
      setValues(EMPTY);
      setStatus({ kind: "sent" });
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        setStatus({ kind: "locked", text: error.serverMessage ?? M.tooMany });
        lock.start(contactRetrySeconds(error));
      } else {
        if (error instanceof ApiError && error.status === 422) setFieldErrors(fieldErrorsFrom(error.body));
        setStatus({ kind: "error", text: M.failed });
      }
    } finally {
      // A payload is accepted once: every send, whatever its outcome, needs a fresh one.
      captchaRef.current?.reset();
      setSending(false);
    }
  }

  const buttonText = lock.running
    ? `Réessayer dans ${formatCountdown(lock.secondsLeft)}`
    : sending
      ? "Envoi en cours..."
      : "Envoyer le message";

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocus={prefetchSchemas}
      className="space-y-5"
      aria-label="Formulaire de contact"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...common("nom")} label="Nom complet" autoComplete="name" maxLength={CONTACT_LIMITS.nomMax} />
        <TextField {...common("email")} label="Adresse e-mail" type="email" autoComplete="email" inputMode="email" />
        <TextField
          {...common("telephone")}
          label="Téléphone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="+212 6 12 34 56 78"
        />
        <TextField {...common("sujet")} label="Sujet" maxLength={CONTACT_LIMITS.sujetMax} />
      </div>
      <TextAreaField {...common("message")} label="Message" rows={5} maxLength={CONTACT_LIMITS.messageMax} />

      <fieldset disabled={lock.running} className="min-w-0">
        <legend className="sr-only">Vérification anti-robot</legend>
        <Captcha ref={captchaRef} onChange={setCaptcha} />
        {!captcha && !lock.running && (
          <p id={hintId} className="mt-2 text-sm text-gray-600">
            {M.captchaRequired}
          </p>
        )}
      </fieldset>

      <button
        type="submit"
        disabled={disabled || !captcha}
        aria-describedby={!captcha && !lock.running ? hintId : undefined}
        className="flex w-full items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 py-3.5 text-base font-bold text-white shadow-lg shadow-brand-600/20 transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-700 disabled:shadow-none sm:w-auto"
      >
        <Send aria-hidden="true" className="size-4" />
        {buttonText}
      </button>
      {/* The answer sits under the button, where the eye is after a tap, and takes the focus
          (which brings it into view): above the form it was off-screen on a phone. */}
      <div aria-live="polite">
        {status?.kind === "sent" && (
          <div
            ref={answerRef}
            tabIndex={-1}
            role="status"
            className="flex items-start gap-3 rounded-xl border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800"
          >
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {M.sent}
          </div>
        )}
        {(status?.kind === "error" || status?.kind === "locked") && (
          <div
            ref={answerRef}
            tabIndex={-1}
            role="alert"
            className="flex items-start gap-3 rounded-xl border border-brand-100 bg-brand-50 px-4 py-3 text-sm font-medium text-brand-800"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <div>
              <p>{status.text}</p>
              {status.kind === "locked" && lock.running && (
                <p className="mt-1">
                  Vous pourrez envoyer un nouveau message dans {formatCountdownPadded(lock.secondsLeft)} minutes.
                </p>
              )}
            </div>
          </div>
        )}
      </div>
    </form>
  );
}

function fieldErrorsFrom(body: Record<string, unknown> | null): Partial<Record<Field, string>> {
  const errors = body?.errors;
  if (!errors || typeof errors !== "object") return {};
  const out: Partial<Record<Field, string>> = {};
  for (const name of ["nom", "email", "telephone", "sujet", "message"] as const) {
    const messages = (errors as Record<string, unknown>)[name];
    if (Array.isArray(messages) && typeof messages[0] === "string") out[name] = messages[0];
  }
  return out;
}
