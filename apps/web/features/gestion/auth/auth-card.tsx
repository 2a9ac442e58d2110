import { type ReactNode, useId } from "react";
import { brand } from "../../../content/brand.ts";

/** The frame of the pages before the back-office (sign-in, activation): a card, the page's title. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <div className="min-h-screen bg-gray-50 px-4 py-8 sm:py-16">
      <title>{`${title} | Gestion | ${brand.academyName}`}</title>
      <header className="mx-auto mb-6 max-w-lg text-center">
        <p className="text-lg font-extrabold text-ink">
          {brand.academyName} <span className="font-semibold text-brand-700">Gestion</span>
        </p>
      </header>
      <main>
        <section
          aria-labelledby={id}
          className="mx-auto max-w-lg rounded-2xl bg-white p-6 shadow-lg ring-1 ring-gray-100 sm:p-8"
        >
          <h1 id={id} className="text-2xl font-extrabold tracking-tight text-ink">
            {title}
          </h1>
          {intro && <div className="mt-2 text-gray-700">{intro}</div>}
          <div className="mt-6">{children}</div>
        </section>
      </main>
    </div>
  );
}
