import { ShieldCheck } from "lucide-react";
import { accreditations } from "../../../content/index.ts";
import { SectionHeading } from "./section-heading.tsx";

export function Accreditations() {
  return (
    <section aria-labelledby="accreditations-title" className="bg-gray-50 py-16">
      <div className="mx-auto max-w-6xl px-5">
        <SectionHeading
          id="accreditations-title"
          eyebrow="Reconnaissance officielle"
          title="Un établissement autorisé et accrédité"
          intro="Convention officielle avec l'université espagnole à distance, accréditation par l'institut de la langue espagnole et une pédagogie ludique qui a fait ses preuves."
        />
        <ul className="grid gap-6 md:grid-cols-3">
          {accreditations.map((card) => (
            <li key={card.text} className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-100">
              <img src={card.logo} alt="" width={240} height={120} loading="lazy" className="h-20 w-auto self-start" />
              <h3 className="mt-5 flex items-center gap-2 text-lg font-bold text-ink">
                <ShieldCheck aria-hidden="true" className="size-5 text-brand-600" />
                {card.title}
              </h3>
              <p className="mt-2 text-gray-700">{card.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
