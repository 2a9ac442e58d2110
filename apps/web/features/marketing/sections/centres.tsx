import { MapPin, MessageCircle } from "lucide-react";
import { centreChatLink } from "../../../content/brand.ts";
import { centres } from "../../../content/index.ts";
import { SectionHeading } from "./section-heading.tsx";

export function Centres() {
  return (
    <section aria-labelledby="centres-title" className="bg-white py-16">
      <div className="mx-auto max-w-6xl px-5">
        <SectionHeading
          id="centres-title"
          eyebrow="3 centres, bientôt 5"
          title="Nos Centres à Casablanca"
          intro="Choisissez le centre le plus proche de chez vous : même programme, mêmes professeurs spécialistes, même exigence."
        />
        <ul className="grid gap-6 md:grid-cols-3">
          {centres.map((centre) => (
            <li
              key={centre.id}
              className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-gray-100"
              style={{ borderTop: `6px solid ${centre.color}` }}
            >
              <div className="p-6">
                <h3 className="text-xl font-bold text-ink">Centre {centre.name}</h3>
                <p className="mt-3 flex gap-2 text-gray-700">
                  <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0" style={{ color: centre.color }} />
                  {centre.address}
                </p>
                <a
                  href={centreChatLink(centre.phone)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-4 inline-flex items-center gap-2 rounded-full bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800"
                >
                  <MessageCircle aria-hidden="true" className="size-5" />
                  {centre.phone}
                  <span className="sr-only">(écrire sur la messagerie, nouvel onglet)</span>
                </a>
              </div>
              <iframe
                src={centre.mapEmbedUrl}
                title={`Plan d'accès au centre ${centre.name}`}
                loading="lazy"
                className="mt-auto h-56 w-full border-0 bg-gray-100"
                referrerPolicy="no-referrer"
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
