import { ChevronLeft, ChevronRight, Star } from "lucide-react";
import { useCarousel } from "../../../components/use-carousel.ts";
import { topScorers } from "../../../content/index.ts";
import { SectionHeading } from "./section-heading.tsx";

const TRACK_LABELS: Record<string, string> = {
  Biologie: "Biologie",
  Mathematiques: "Mathématiques",
  Chimie: "Chimie",
  Physique: "Physique",
  ECONOMIE: "Économie",
};

type TopScorersProps = { id?: string; eyebrow?: string; title?: string };

/** Carousel of the promotion's top scorers: name, portrait, grade out of 10 and track. */
export function TopScorers({
  id = "majors-section",
  eyebrow = "Nos majors",
  title = "Ils ont brillé à l'examen",
}: TopScorersProps) {
  const { viewportRef, move } = useCarousel({ loop: true, align: "start" });
  const controlClass = "rounded-full border border-gray-300 bg-white p-2 shadow-sm hover:bg-gray-50";
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 bg-gray-50 py-16">
      <div className="mx-auto max-w-6xl px-5">
        <SectionHeading
          id={`${id}-title`}
          eyebrow={eyebrow}
          title={title}
          intro="Des notes de 9,00/10 à 10/10 dans les matières de spécialité : bravo à nos lauréats !"
        />
        <section ref={viewportRef} className="overflow-hidden" aria-roledescription="carrousel" aria-label="Lauréats">
          <ul className="flex touch-pan-y">
            {topScorers.map((scorer) => (
              <li key={scorer.id} className="min-w-0 shrink-0 grow-0 basis-1/2 px-2 md:basis-1/4 lg:basis-1/5">
                <article className="h-full rounded-2xl bg-white p-4 text-center shadow-sm ring-1 ring-gray-100">
                  <img
                    src={scorer.image}
                    alt={`Portrait de ${scorer.title}`}
                    width={240}
                    height={240}
                    loading="lazy"
                    className="mx-auto size-24 rounded-full object-cover ring-4 ring-brand-100"
                  />
                  <h3 className="mt-3 font-bold text-ink">{scorer.title}</h3>
                  <p className="mt-1 inline-flex items-center gap-1 rounded-full bg-sun/20 px-3 py-0.5 text-sm font-bold text-ink">
                    <Star aria-hidden="true" className="size-3.5 fill-sun text-sun" />
                    {scorer.note}
                  </p>
                  <p className="mt-1 text-sm text-gray-600">{TRACK_LABELS[scorer.filier] ?? scorer.filier}</p>
                </article>
              </li>
            ))}
          </ul>
        </section>
        <div className="mt-6 flex justify-center gap-3">
          <button
            type="button"
            className={controlClass}
            onClick={() => move((c) => c.scrollPrev())}
            aria-label="Lauréats précédents"
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            className={controlClass}
            onClick={() => move((c) => c.scrollNext())}
            aria-label="Lauréats suivants"
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        </div>
      </div>
    </section>
  );
}
