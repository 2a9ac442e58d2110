import { LIMITS } from "@puerta/contract";
import { CircleAlert, Eye, EyeOff } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { fieldErrors } from "../lib/schemas.ts";
import { serverFieldErrors, staffErrorMessage } from "../lib/staff-api.ts";
import { loadStaffSchemas } from "../lib/staff-schemas.ts";

type Schemas = Awaited<ReturnType<typeof loadStaffSchemas>>;
type Issue = { path: readonly PropertyKey[]; message: string };
type Parser<Out> = {
  safeParse: (value: unknown) => { success: true; data: Out } | { success: false; error: { issues: readonly Issue[] } };
};

/**
 * A form's errors (docs/spec/back-office.md section 3): checked with the contract's zod schema before sending, and
 * the server's 422 `errors` put next to the same fields. Any other failure is the form's alert.
 * After a failed check the focus goes to the first field in error.
 */
export function useFormErrors<Field extends string>() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);

  // The focus moves once the fields in error are rendered, whenever React commits them (a frame
  // timer could fire before a busy page has re-rendered, and focus nothing).
  const [focusRequests, setFocusRequests] = useState(0);
  const focusFirstError = useCallback(() => setFocusRequests((count) => count + 1), []);
  useEffect(() => {
    if (focusRequests > 0) formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [focusRequests]);

  /** The parsed body, or null after showing what is wrong. */
  const check = useCallback(
    async <Out,>(pick: (schemas: Schemas) => Parser<Out>, values: unknown): Promise<Out | null> => {
      setAlert(null);
      let schema: Parser<Out>;
      try {
        schema = pick(await loadStaffSchemas());
      } catch {
        setAlert(staffErrorMessage(null));
        return null;
      }
      const result = schema.safeParse(values);
      if (result.success) {
        setErrors({});
        return result.data;
      }
      setErrors(fieldErrors<Field>(result.error));
      focusFirstError();
      return null;
    },
    [focusFirstError],
  );

  /** Shows a failed send: field messages of a 422 next to their fields, anything else above. */
  const fail = useCallback(
    (error: unknown, fields: readonly Field[]) => {
      const byField = serverFieldErrors(error);
      const mine: Partial<Record<Field, string>> = {};
      const others: string[] = [];
      for (const [field, message] of Object.entries(byField)) {
        if ((fields as readonly string[]).includes(field)) mine[field as Field] = message;
        else others.push(message);
      }
      setErrors(mine);
      if (Object.keys(mine).length > 0) {
        setAlert(others[0] ?? null);
        focusFirstError();
      } else setAlert(others[0] ?? staffErrorMessage(error));
    },
    [focusFirstError],
  );

  const reset = useCallback(() => {
    setErrors({});
    setAlert(null);
  }, []);

  return { formRef, errors, alert, check, fail, reset, setAlert };
}

export const inputClass =
  "block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-base text-ink shadow-sm placeholder:text-gray-500 focus:border-brand-600 focus:outline-none focus:ring-4 focus:ring-brand-100 disabled:cursor-not-allowed disabled:bg-gray-100 aria-invalid:border-brand-600";

/**
 * The larger fields of the public site and of the student cards (contact, login, password pages):
 * rounder, roomier, as their cards and buttons; the back-office keeps the compact ones.
 */
const largeInputClass =
  "block w-full rounded-xl border border-gray-300 bg-white px-4 py-3 text-base text-ink shadow-sm transition placeholder:text-gray-500 focus:border-brand-600 focus:outline-none focus:ring-4 focus:ring-brand-100 disabled:cursor-not-allowed disabled:bg-gray-100 read-only:bg-gray-50 read-only:text-gray-700 aria-invalid:border-brand-600";

/** "md" for the back-office's forms, "lg" for the public site's and the student cards'. */
export type FieldSize = "md" | "lg";

function describedBy(id: string, hint?: ReactNode, error?: string) {
  return [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
}

function HintAndError({
  id,
  hint,
  error,
  size = "md",
}: {
  id: string;
  hint?: ReactNode;
  error?: string;
  size?: FieldSize;
}) {
  const gap = size === "lg" ? "mt-1.5" : "mt-1";
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className={`${gap} text-sm text-gray-600`}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={`${gap} text-sm font-medium text-brand-700`}>
          {error}
        </p>
      )}
    </>
  );
}

type TextFieldProps = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  type?: "text" | "email" | "tel" | "password" | "date" | "time" | "datetime-local";
  autoComplete?: string;
  inputMode?: "text" | "numeric" | "email" | "tel";
  disabled?: boolean;
  autoFocus?: boolean;
  maxLength?: number;
  placeholder?: string;
  required?: boolean;
  readOnly?: boolean;
  /** In error without a text of its own (the form's message already says it). */
  invalid?: boolean;
  size?: FieldSize;
};

type ControlProps = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

/** A label above its control, the hint and the error under it, tied to the control for screen readers. */
function LabelledField({
  label,
  hint,
  error,
  invalid,
  size = "md",
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  invalid?: boolean;
  size?: FieldSize;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={`${size === "lg" ? "mb-1.5" : "mb-1"} block text-sm font-semibold text-ink`}>
        {label}
      </label>
      {children({
        id,
        "aria-invalid": error || invalid ? true : undefined,
        "aria-describedby": describedBy(id, hint, error),
      })}
      <HintAndError id={id} hint={hint} error={error} size={size} />
    </div>
  );
}

/** A labelled input with its hint and, when there is one, its error under it. */
export function TextField({
  label,
  error,
  invalid,
  hint,
  onChange,
  type = "text",
  size = "md",
  ...input
}: TextFieldProps) {
  return (
    <LabelledField label={label} hint={hint} error={error} invalid={invalid} size={size}>
      {(control) => (
        <input
          {...control}
          type={type}
          {...input}
          onChange={(event) => onChange(event.target.value)}
          className={size === "lg" ? largeInputClass : inputClass}
        />
      )}
    </LabelledField>
  );
}

/** A labelled multi-line text (descriptions, messages), with its hint and error. */
export function TextAreaField({
  label,
  error,
  hint,
  onChange,
  rows = 4,
  size = "md",
  ...input
}: Omit<TextFieldProps, "type" | "inputMode" | "autoComplete" | "placeholder" | "readOnly" | "invalid"> & {
  rows?: number;
}) {
  return (
    <LabelledField label={label} hint={hint} error={error} size={size}>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          {...input}
          onChange={(event) => onChange(event.target.value)}
          className={`${size === "lg" ? largeInputClass : inputClass} resize-y`}
        />
      )}
    </LabelledField>
  );
}

/** One yes/no choice. */
export function CheckboxField({
  label,
  checked,
  onChange,
  hint,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="inline-flex items-center gap-2 text-sm font-semibold text-ink">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="size-4 accent-brand-600"
        />
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-600">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A password input with a show/hide button (disabled with the input). */
export function PasswordField({
  label,
  error,
  invalid,
  hint,
  onChange,
  size = "md",
  toggleLabel = `Afficher le champ « ${label} »`,
  ...input
}: Omit<TextFieldProps, "type" | "inputMode" | "readOnly"> & {
  autoComplete: "current-password" | "new-password";
  /** The show/hide button's name, when the page words it its own way (the login's "Afficher le mot de passe"). */
  toggleLabel?: string;
}) {
  const [shown, setShown] = useState(false);
  return (
    <LabelledField label={label} hint={hint} error={error} invalid={invalid} size={size}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            type={shown ? "text" : "password"}
            {...input}
            onChange={(event) => onChange(event.target.value)}
            className={`${size === "lg" ? largeInputClass : inputClass} pr-12`}
          />
          <button
            type="button"
            onClick={() => setShown((value) => !value)}
            aria-pressed={shown}
            aria-label={toggleLabel}
            disabled={input.disabled}
            className={`absolute inset-y-0 right-0 flex w-12 items-center justify-center ${size === "lg" ? "rounded-r-xl" : "rounded-r-lg"} text-gray-600 hover:text-ink disabled:opacity-50`}
          >
            {shown ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
          </button>
        </div>
      )}
    </LabelledField>
  );
}

/** A labelled select. */
export function SelectField({
  label,
  name,
  value,
  onChange,
  options,
  error,
  hint,
  placeholder,
  disabled,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  error?: string;
  hint?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
}) {
  return (
    <LabelledField label={label} hint={hint} error={error}>
      {(control) => (
        <select
          {...control}
          name={name}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          className={inputClass}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}

/** Several choices among a few (e.g. centres), as a group of checkboxes with one error. */
export function CheckboxGroupField<Value extends string | number>({
  legend,
  name,
  options,
  value,
  onChange,
  error,
  hint,
  disabled,
}: {
  legend: string;
  name: string;
  options: readonly { value: Value; label: string }[];
  value: readonly Value[];
  onChange: (value: Value[]) => void;
  error?: string;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={describedBy(id, hint, error)} disabled={disabled} className="min-w-0">
      <legend className="mb-1 text-sm font-semibold text-ink">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map((option) => (
          <label key={String(option.value)} className="inline-flex items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              name={name}
              value={String(option.value)}
              checked={value.includes(option.value)}
              aria-invalid={error ? true : undefined}
              onChange={(event) =>
                onChange(
                  event.target.checked ? [...value, option.value] : value.filter((chosen) => chosen !== option.value),
                )
              }
              className="size-4 accent-brand-600"
            />
            {option.label}
          </label>
        ))}
      </div>
      <HintAndError id={id} hint={hint} error={error} />
    </fieldset>
  );
}

/** The form's own message, above its fields (a failure that belongs to no field). */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm font-medium text-brand-800"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>{children}</p>
    </div>
  );
}

/** An invited account's first password: its e-mail (shown, not editable), the password and its confirmation. */
export function ActivationFields({
  email,
  password,
  onPasswordChange,
  confirmation,
  onConfirmationChange,
  errors,
  disabled,
}: {
  email: string;
  password: string;
  onPasswordChange: (value: string) => void;
  confirmation: string;
  onConfirmationChange: (value: string) => void;
  errors: { password?: string; password_confirmation?: string };
  disabled: boolean;
}) {
  return (
    <>
      <TextField
        label="Adresse e-mail"
        name="email"
        type="email"
        autoComplete="username"
        value={email}
        onChange={() => {}}
        disabled
      />
      <PasswordField
        label="Mot de passe"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={onPasswordChange}
        error={errors.password}
        hint={`${LIMITS.passwordMinLength} caractères minimum.`}
        disabled={disabled}
      />
      <PasswordField
        label="Confirmer le mot de passe"
        name="password_confirmation"
        autoComplete="new-password"
        value={confirmation}
        onChange={onConfirmationChange}
        error={errors.password_confirmation}
        disabled={disabled}
      />
    </>
  );
}
