import type { ReactNode } from "react";

type SectionHeadingProps = {
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  align?: "center" | "left";
  tone?: "dark" | "light";
};

/** The heading of a page section: a small coloured eyebrow, the title and an optional intro. */
export function SectionHeading({ id, eyebrow, title, intro, align = "center", tone = "dark" }: SectionHeadingProps) {
  const centred = align === "center" ? "mx-auto text-center" : "";
  const light = tone === "light";
  return (
    <div className={`mb-10 max-w-3xl ${centred}`}>
      {eyebrow && (
        <p className={`mb-2 text-sm font-bold tracking-widest uppercase ${light ? "text-sun" : "text-brand-600"}`}>
          {eyebrow}
        </p>
      )}
      <h2
        id={id}
        className={`text-3xl font-extrabold tracking-tight text-balance md:text-4xl ${light ? "text-white" : "text-ink"}`}
      >
        {title}
      </h2>
      {intro && <p className={`mt-4 text-lg leading-relaxed ${light ? "text-white/85" : "text-gray-600"}`}>{intro}</p>}
    </div>
  );
}
