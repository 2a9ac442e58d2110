/** A loading indicator with a text for screen readers (and, optionally, for everyone). */
export function Spinner({ label = "Chargement...", showLabel = false }: { label?: string; showLabel?: boolean }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-gray-600">
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600 motion-reduce:animate-none"
      />
      <span className={showLabel ? "text-sm font-medium" : "sr-only"}>{label}</span>
    </div>
  );
}
