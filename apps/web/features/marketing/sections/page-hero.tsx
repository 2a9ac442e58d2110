import type { ReactNode } from "react";
import { noBreakBeforePunctuation } from "../../../lib/french-typography.ts";

type PageHeroProps = { eyebrow: string; title: string; intro: ReactNode; children?: ReactNode };

/** The coloured intro banner at the top of the inner marketing pages. */
export function PageHero({ eyebrow, title, intro, children }: PageHeroProps) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-800 via-brand-700 to-brand-600 text-white">
      <div aria-hidden="true" className="absolute -top-24 -right-24 size-80 rounded-full bg-sun/20 blur-2xl" />
      {/* The lower light is the background of a layer pinned to the banner's top-left corner. As
          a circle anchored to the banner's bottom edge, it moved when the page painted before
          the banner's end had arrived: a layout shift (0.065 once on /selectividad-casablanca). */}
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(circle_at_5rem_calc(100%-1rem),rgb(255_255_255/0.1)_6rem,transparent_10.5rem)]"
      />
      <div className="relative mx-auto max-w-6xl px-5 py-16 md:py-24">
        <p className="mb-3 text-sm font-bold tracking-widest text-sun uppercase">{eyebrow}</p>
        <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-balance md:text-5xl">
          {noBreakBeforePunctuation(title)}
        </h1>
        <div className="mt-5 max-w-2xl text-lg leading-relaxed text-white/90">{intro}</div>
        {children}
      </div>
    </section>
  );
}
