import { formatCountdown, MESSAGES, STAFF_LIMITS, type StaffTotpResponse } from "@puerta/contract";
import { Check, Copy, Download } from "lucide-react";
import QRCode from "qrcode";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { primaryButtonClass, secondaryButtonClass } from "../../../components/button-styles.ts";
import { Captcha, type CaptchaHandle } from "../../../components/captcha.tsx";
import { FormAlert, PasswordField, TextField, useFormErrors } from "../../../components/form-fields.tsx";
import { ApiError } from "../../../lib/api.ts";
import { staffErrorMessage } from "../../../lib/staff-api.ts";
import { useStaffLogin, useStaffSecondStep } from "./api.ts";

const m = MESSAGES.login;

/** The second step the server asked for after the password: a code, or the enrolment first. */
export type SecondStep = { step: "totp" } | { step: "enrol"; otpauth_uri: string; secret: string };

const DEFAULT_LOCKOUT_SECONDS = 60;

/** Seconds left of a lockout, counting down to 0. */
function useCountdown() {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= until) setUntil(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  const secondsLeft = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
  return {
    secondsLeft,
    start(seconds: number) {
      setNow(Date.now());
      setUntil(Date.now() + seconds * 1000);
    },
  };
}

function lockoutSeconds(error: ApiError): number {
  const value = Number(error.body?.retry_after);
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : DEFAULT_LOCKOUT_SECONDS;
}

/** Step 1: e-mail, password and the captcha, as for students (docs/spec/back-office.md section 2). */
export function CredentialsStep({ onNext, notice }: { onNext: (next: SecondStep) => void; notice?: string | null }) {
  const form = useFormErrors<"email" | "password" | "recaptcha_token">();
  const login = useStaffLogin();
  const captchaRef = useRef<CaptchaHandle>(null);
  const lockout = useCountdown();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const locked = lockout.secondsLeft > 0;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending || locked) return;
    const body = await form.check((schemas) => schemas.staffLoginRequest, {
      email,
      password,
      recaptcha_token: captcha ?? "",
    });
    if (!body) return;
    setSending(true);
    try {
      onNext(await login.mutateAsync(body));
    } catch (error) {
      captchaRef.current?.reset();
      setSending(false);
      if (error instanceof ApiError && error.status === 429) {
        lockout.start(lockoutSeconds(error));
        form.setAlert(null);
        return;
      }
      form.fail(error, ["email", "password", "recaptcha_token"]);
    }
  }

  const alert = locked ? `${m.tooManyAttempts}. Réessayez dans ${formatCountdown(lockout.secondsLeft)}.` : form.alert;
  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} className="space-y-5">
      {notice && !alert && <FormAlert>{notice}</FormAlert>}
      {alert && <FormAlert>{alert}</FormAlert>}
      <TextField
        label="Adresse e-mail"
        name="email"
        type="email"
        autoComplete="username"
        inputMode="email"
        value={email}
        onChange={setEmail}
        error={form.errors.email}
        disabled={sending || locked}
      />
      <PasswordField
        label="Mot de passe"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={form.errors.password}
        disabled={sending || locked}
      />
      <p className="-mt-2 text-right text-sm">
        <Link
          to="/gestion/mot-de-passe-oublie"
          className="font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          Mot de passe oublié ?
        </Link>
      </p>
      <fieldset disabled={locked} className="min-w-0">
        <legend className="sr-only">Vérification anti-robot</legend>
        <Captcha ref={captchaRef} onChange={setCaptcha} />
        {(form.errors.recaptcha_token || !captcha) && (
          <p className="mt-2 text-sm text-gray-700">{form.errors.recaptcha_token ?? m.captchaRequired}</p>
        )}
      </fieldset>
      <button type="submit" disabled={sending || locked || !captcha} className={`${primaryButtonClass} w-full py-3`}>
        {sending ? m.loading : "Continuer"}
      </button>
    </form>
  );
}

/** The QR code of the otpauth:// address, drawn in the browser (an SVG: no canvas needed). */
function EnrolmentQrCode({ uri }: { uri: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" })
      .then((text) => current && setSvg(text))
      .catch(() => current && setSvg(null));
    return () => {
      current = false;
    };
  }, [uri]);
  if (!svg) return <div className="size-48 animate-pulse rounded-lg bg-gray-100 motion-reduce:animate-none" />;
  return (
    <img
      src={`data:image/svg+xml,${encodeURIComponent(svg)}`}
      width={192}
      height={192}
      alt="QR code à scanner avec votre application d'authentification"
      className="size-48 rounded-lg border border-gray-200"
    />
  );
}

/** The secret in groups of four, easier to type into an app by hand. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

/**
 * Step 2: the 6-digit code of the authenticator app, or a recovery code; on a first sign-in
 * (or after a reset by the direction), the enrolment comes first: QR code, secret in text, and
 * a code to confirm it.
 */
export function CodeStep({
  next,
  onSignedIn,
  onRestart,
}: {
  next: SecondStep;
  onSignedIn: (answer: StaffTotpResponse) => void;
  onRestart: (message: string) => void;
}) {
  const form = useFormErrors<"code">();
  const secondStep = useStaffSecondStep();
  const [code, setCode] = useState("");
  const [sending, setSending] = useState(false);
  const enrolling = next.step === "enrol";

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const body = await form.check((schemas) => schemas.staffTotpRequest, { code });
    if (!body) return;
    setSending(true);
    try {
      onSignedIn(await secondStep.mutateAsync(body.code));
    } catch (error) {
      setSending(false);
      // The pending sign-in expired, or too many wrong codes: step 1 again, saying why.
      if (error instanceof ApiError && (error.status === 401 || error.status === 429)) {
        onRestart(staffErrorMessage(error));
        return;
      }
      form.fail(error, ["code"]);
    }
  }

  return (
    <div className="space-y-6">
      {next.step === "enrol" && (
        <section aria-labelledby="enrolment-title" className="space-y-4">
          <h2 id="enrolment-title" className="text-lg font-bold text-ink">
            Activer la double authentification
          </h2>
          <ol className="list-decimal space-y-1 pl-5 text-gray-700">
            <li>
              Ouvrez votre application d'authentification (Google Authenticator, Microsoft Authenticator, FreeOTP…).
            </li>
            <li>Scannez le QR code, ou saisissez la clé secrète.</li>
            <li>Saisissez le code à 6 chiffres qu'elle affiche.</li>
          </ol>
          <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
            <EnrolmentQrCode uri={next.otpauth_uri} />
            <div className="min-w-0">
              <p className="text-sm font-semibold text-ink">Clé secrète</p>
              <p className="mt-1 font-mono text-base break-all text-ink" data-testid="totp-secret">
                {groupedSecret(next.secret)}
              </p>
            </div>
          </div>
        </section>
      )}
      <form ref={form.formRef} noValidate onSubmit={onSubmit} className="space-y-5">
        {form.alert && <FormAlert>{form.alert}</FormAlert>}
        <TextField
          label={enrolling ? "Code de confirmation" : "Code de vérification"}
          name="code"
          autoComplete="one-time-code"
          inputMode={enrolling ? "numeric" : "text"}
          value={code}
          onChange={setCode}
          error={form.errors.code}
          hint={
            enrolling
              ? "Le code à 6 chiffres affiché par votre application."
              : "Le code à 6 chiffres de votre application d'authentification, ou un code de secours (xxxxx-xxxxx)."
          }
          disabled={sending}
          autoFocus
          maxLength={20}
        />
        <button type="submit" disabled={sending} className={`${primaryButtonClass} w-full py-3`}>
          {sending ? "Vérification…" : enrolling ? "Confirmer" : "Se connecter"}
        </button>
      </form>
    </div>
  );
}

/** After the enrolment: the recovery codes, shown once, to copy or download (docs/spec/back-office.md section 2). */
export function RecoveryCodes({ codes, onContinue }: { codes: readonly string[]; onContinue: () => void }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const text = `Codes de secours Puerta (gestion). Chacun ne sert qu'une fois.\n\n${codes.join("\n")}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "puerta-codes-de-secours.txt";
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return (
    <div className="space-y-5">
      <p className="text-gray-700">
        Conservez ces {STAFF_LIMITS.recoveryCodeCount} codes en lieu sûr. Chacun permet une connexion si vous n'avez
        plus votre application d'authentification. Ils ne seront plus affichés.
      </p>
      <ul
        aria-label="Codes de secours"
        className="grid grid-cols-2 gap-2 rounded-lg bg-gray-50 p-4 font-mono text-base"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={copy} className={secondaryButtonClass}>
          {copied === "yes" ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          Copier
        </button>
        <button type="button" onClick={download} className={secondaryButtonClass}>
          <Download aria-hidden="true" className="size-4" />
          Télécharger (.txt)
        </button>
      </div>
      <p role="status" className="text-sm text-gray-700">
        {copied === "yes" ? "Codes copiés." : copied === "failed" ? "La copie a échoué : téléchargez-les." : ""}
      </p>
      <button type="button" onClick={onContinue} className={`${primaryButtonClass} w-full py-3`}>
        J'ai conservé mes codes, continuer
      </button>
    </div>
  );
}
