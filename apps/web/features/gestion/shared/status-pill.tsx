import type { ReactNode } from "react";

const TONES = {
  new: "bg-amber-50 text-amber-900 ring-amber-200",
  done: "bg-green-50 text-green-800 ring-green-200",
  neutral: "bg-gray-100 text-gray-800 ring-gray-300",
  info: "bg-blue-50 text-blue-900 ring-blue-200",
  withdrawn: "bg-red-50 text-red-800 ring-red-200",
} as const;

/** A status as a small coloured label (the colour repeats the text, never replaces it). */
export function StatusPill({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}
