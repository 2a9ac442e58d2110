import { CircleAlert, CircleCheck, Eye, EyeOff } from "lucide-react";
import { type ReactNode, useId, useState } from "react";

export const inputClass =
  "block w-full rounded-xl border border-gray-300 bg-white px-4 py-3 text-base text-ink shadow-sm transition placeholder:text-gray-400 focus:border-brand-600 focus:outline-none focus:ring-4 focus:ring-brand-100 disabled:cursor-not-allowed disabled:bg-gray-100 read-only:bg-gray-50 read-only:text-gray-700 aria-invalid:border-brand-600";

export const submitClass =
  "flex w-full items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 py-3.5 text-base font-bold text-white shadow-lg shadow-brand-600/20 transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-700 disabled:shadow-none";

/** A password input with its label, a show/hide toggle and its error under it. */
export function PasswordField({
  label,
  name,
  value,
  onChange,
  autoComplete,
  error,
  invalid,
  disabled,
  hint,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: "current-password" | "new-password";
  error?: string;
  /** In error without a text of its own (the form's message already says it). */
  invalid?: boolean;
  disabled?: boolean;
  hint?: string;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={shown ? "text" : "password"}
          autoComplete={autoComplete}
          required
          value={value}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          aria-invalid={error || invalid ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`${inputClass} pr-12`}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-pressed={shown}
          aria-label={`Afficher le champ « ${label} »`}
          disabled={disabled}
          className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-xl text-gray-500 hover:text-ink disabled:opacity-50"
        >
          {shown ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-brand-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The result of a send: an alert for errors, a polite status for success. */
export function FormMessage({ kind, children }: { kind: "error" | "success"; children: ReactNode }) {
  if (kind === "success") {
    return (
      <div
        role="status"
        className="flex items-start gap-3 rounded-xl border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800"
      >
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p>{children}</p>
      </div>
    );
  }
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-brand-100 bg-brand-50 px-4 py-3 text-sm font-medium text-brand-800"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>{children}</p>
    </div>
  );
}

/** The frame a password page sits in: the students' PasswordCard, or the back-office's own. */
export type CardFrame = (props: { title: string; intro?: ReactNode; children: ReactNode }) => ReactNode;

/** The card every password page sits in. */
export function PasswordCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white px-4 py-10 sm:px-6 md:py-16">
      <section
        aria-labelledby={id}
        className="mx-auto max-w-lg rounded-3xl bg-white p-6 shadow-xl shadow-gray-200/70 ring-1 ring-gray-100 sm:p-10"
      >
        <h1 id={id} className="text-3xl font-extrabold tracking-tight text-ink">
          {title}
        </h1>
        {intro && <div className="mt-2 mb-8 text-gray-600">{intro}</div>}
        {children}
      </section>
    </div>
  );
}

/** Field errors of a 422 answer, first message per field. */
export function fieldErrorsOf(body: Record<string, unknown> | null): Record<string, string> {
  const errors = body?.errors;
  if (!errors || typeof errors !== "object") return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
    if (Array.isArray(messages) && typeof messages[0] === "string") out[field] = messages[0];
  }
  return out;
}
