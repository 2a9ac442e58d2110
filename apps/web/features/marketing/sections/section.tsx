import type { ReactNode } from "react";
import { SectionHeading } from "./section-heading.tsx";

type SectionProps = {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  tone?: "white" | "grey";
  children: ReactNode;
};

/** A titled page section that can be an in-page anchor (#id). */
export function Section({ id, eyebrow, title, intro, tone = "white", children }: SectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`scroll-mt-24 py-16 ${tone === "grey" ? "bg-gray-50" : "bg-white"}`}
    >
      <div className="mx-auto max-w-6xl px-5">
        <SectionHeading id={`${id}-title`} eyebrow={eyebrow} title={title} intro={intro} />
        {children}
      </div>
    </section>
  );
}
