import { AlertTriangle } from "lucide-react";

type Props = {
  title?: string;
  message: string;
  retryLabel?: string;
  onRetry: () => void;
  retrying?: boolean;
};

/** A failed load: what happened, in French, and a button to try again. */
export function ErrorView({ title, message, retryLabel = "Réessayer", onRetry, retrying = false }: Props) {
  return (
    <div role="alert" className="mt-8 rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
      <AlertTriangle aria-hidden="true" className="mx-auto size-8 text-red-700" />
      {title && <h2 className="mt-2 text-lg font-bold text-red-900">{title}</h2>}
      <p className="mt-1 break-words text-red-800">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className="mt-4 rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {retryLabel}
      </button>
    </div>
  );
}
