import { keyFigures } from "../../../content/index.ts";

export function KeyFigures() {
  return (
    <section aria-labelledby="key-figures-title" className="bg-white py-14">
      <h2 id="key-figures-title" className="sr-only">
        Nos chiffres clés
      </h2>
      <ul className="mx-auto grid max-w-6xl grid-cols-2 gap-4 px-5 md:grid-cols-4 md:gap-6">
        {keyFigures.map((figure) => (
          <li key={figure.label} className="rounded-2xl bg-brand-50 p-5 text-center md:p-6">
            <p className="text-4xl font-black text-brand-600 md:text-5xl">
              {figure.number}
              {figure.suffix}
            </p>
            <p className="mt-2 font-semibold text-ink">{figure.label}</p>
            {figure.sublabel && <p className="mt-1 text-sm text-gray-600">{figure.sublabel}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
