import { LIMITS, PASSWORD_MESSAGES as M } from "@puerta/contract";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { PasswordField } from "../../components/form-fields.tsx";
import { FormMessage, fieldErrorsOf, PasswordCard, submitClass } from "../../components/password-form-parts.tsx";
import { brand } from "../../content/brand.ts";
import { ApiError } from "../../lib/api.ts";
import { changePassword } from "./api.ts";

export const meta = () => [
  { title: `Modifier mon mot de passe | ${brand.academyName}` },
  { name: "robots", content: "noindex" },
];

type Field = "current_password" | "new_password" | "new_password_confirmation";
const EMPTY: Record<Field, string> = { current_password: "", new_password: "", new_password_confirmation: "" };
const REQUIRED: Record<Field, string> = {
  current_password: M.currentRequired,
  new_password: M.newRequired,
  new_password_confirmation: M.confirmationRequired,
};

/** What the form shows after a failed call (docs/spec/student-portal.md section 8: the server's message, or no answer). */
export function changeErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return M.serverUnreachable;
    return error.serverMessage ?? M.generic;
  }
  return M.generic;
}

/** /modifier-mot-de-passe (docs/spec/student-portal.md sections 2, 5 and 8). */
export default function ChangePasswordPage() {
  const [values, setValues] = useState(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [result, setResult] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  // A field's error that the form's message already says is not written twice.
  const errorOf = (field: Field) => ({
    error: fieldErrors[field] !== result?.text ? fieldErrors[field] : undefined,
    invalid: fieldErrors[field] !== undefined,
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const missing: Partial<Record<Field, string>> = {};
    for (const field of Object.keys(REQUIRED) as Field[]) if (!values[field]) missing[field] = REQUIRED[field];
    setFieldErrors(missing);
    setResult(null);
    if (Object.keys(missing).length > 0) return;
    if (values.new_password !== values.new_password_confirmation) {
      setFieldErrors({ new_password_confirmation: M.mismatch });
      setResult({ kind: "error", text: M.mismatch });
      return;
    }
    setSending(true);
    try {
      const { message } = await changePassword(values);
      setValues(EMPTY);
      setResult({ kind: "success", text: message });
    } catch (error) {
      if (error instanceof ApiError) setFieldErrors(fieldErrorsOf(error.body));
      setResult({ kind: "error", text: changeErrorMessage(error) });
    } finally {
      setSending(false);
    }
  }

  return (
    <PasswordCard
      title="Modifier mon mot de passe"
      intro="Saisissez votre mot de passe actuel puis choisissez-en un nouveau. Vos autres sessions seront déconnectées."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
        <PasswordField
          label="Mot de passe actuel"
          name="current_password"
          autoComplete="current-password"
          value={values.current_password}
          onChange={set("current_password")}
          {...errorOf("current_password")}
          disabled={sending}
          required
          size="lg"
        />
        <PasswordField
          label="Nouveau mot de passe"
          name="new_password"
          autoComplete="new-password"
          value={values.new_password}
          onChange={set("new_password")}
          {...errorOf("new_password")}
          hint={`${LIMITS.passwordMinLength} caractères minimum. Évitez les mots de passe courants.`}
          disabled={sending}
          required
          size="lg"
        />
        <PasswordField
          label="Confirmer le nouveau mot de passe"
          name="new_password_confirmation"
          autoComplete="new-password"
          value={values.new_password_confirmation}
          onChange={set("new_password_confirmation")}
          {...errorOf("new_password_confirmation")}
          disabled={sending}
          required
          size="lg"
        />
        <button type="submit" disabled={sending} className={submitClass}>
          {sending ? "Enregistrement..." : "Modifier le mot de passe"}
        </button>
        <p className="text-center text-sm">
          <Link to="/profile" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Retour au profil
          </Link>
        </p>
      </form>
    </PasswordCard>
  );
}
