import { CircleAlert, CircleCheck } from "lucide-react";
import { type ReactNode, useId } from "react";

export const submitClass =
  "flex w-full items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 py-3.5 text-base font-bold text-white shadow-lg shadow-brand-600/20 transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-700 disabled:shadow-none";

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
