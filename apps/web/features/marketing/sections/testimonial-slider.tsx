import { ChevronLeft, ChevronRight, Quote } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { testimonials } from "../../../content/index.ts";
import {
  CARD_HEIGHT_DELAY_MS,
  nextIndex,
  previousIndex,
  TESTIMONIALS_BREAKPOINT_PX,
  testimonialsPerPage,
} from "../carousel-logic.ts";

/** Cards per page from the window width, checked again on resize (768 px breakpoint). */
function usePerPage(): number {
  const [perPage, setPerPage] = useState(testimonialsPerPage(1280));
  useEffect(() => {
    const list = window.matchMedia(`(min-width: ${TESTIMONIALS_BREAKPOINT_PX}px)`);
    const update = () => setPerPage(testimonialsPerPage(window.innerWidth));
    update();
    list.addEventListener("change", update);
    return () => list.removeEventListener("change", update);
  }, []);
  return perPage;
}

/**
 * SIELE testimonials: 4 cards per page on desktop, 1 under 768 px. The arrows show only
 * when there is more than one page; cards get the height of the tallest one 150 ms after
 * a change, so the row does not jump.
 */
export function TestimonialSlider() {
  const perPage = usePerPage();
  const pageCount = Math.max(1, Math.ceil(testimonials.length / perPage));
  const [page, setPage] = useState(0);
  const [cardHeight, setCardHeight] = useState<number | undefined>(undefined);
  const track = useRef<HTMLUListElement>(null);
  const current = Math.min(page, pageCount - 1);
  const showArrows = testimonials.length > perPage;

  // biome-ignore lint/correctness/useExhaustiveDependencies: measure again whenever the number of cards per page changes
  useEffect(() => {
    setCardHeight(undefined);
    const timer = window.setTimeout(() => {
      const cards = track.current?.querySelectorAll<HTMLElement>("[data-card]") ?? [];
      setCardHeight(Math.max(0, ...Array.from(cards, (card) => card.offsetHeight)));
    }, CARD_HEIGHT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [perPage]);

  const shown = testimonials.slice(current * perPage, current * perPage + perPage);
  const arrowClass = "rounded-full border border-gray-300 bg-white p-2 shadow-sm hover:bg-gray-50";
  return (
    <section aria-roledescription="carrousel" aria-label="Témoignages SIELE" data-testid="testimonial-slider">
      <div className="flex items-center gap-3">
        {showArrows && (
          <button
            type="button"
            className={arrowClass}
            onClick={() => setPage(previousIndex(current, pageCount))}
            aria-label="Témoignages précédents"
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
        )}
        <ul
          ref={track}
          className="mx-auto grid flex-1 gap-4"
          style={{ gridTemplateColumns: `repeat(${perPage}, minmax(0, ${perPage === 1 ? "320px" : "1fr"}))` }}
          aria-live="polite"
        >
          {shown.map((t) => (
            <li key={t.name} data-card style={{ minHeight: cardHeight }} className="flex">
              <figure className="flex w-full flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-100">
                <Quote aria-hidden="true" className="size-6 text-brand-600" />
                <blockquote className="mt-3 flex-1 text-gray-700">{t.text}</blockquote>
                <figcaption className="mt-4 flex items-center gap-3">
                  <img src={t.image} alt="" width={240} height={240} loading="lazy" className="size-12 rounded-full" />
                  <span>
                    <span className="block font-bold text-ink">{t.name}</span>
                    <span className="block text-sm text-gray-600">{t.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        {showArrows && (
          <button
            type="button"
            className={arrowClass}
            onClick={() => setPage(nextIndex(current, pageCount))}
            aria-label="Témoignages suivants"
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        )}
      </div>
      {showArrows && (
        <p className="mt-3 text-center text-sm text-gray-600">
          {current + 1} / {pageCount}
        </p>
      )}
    </section>
  );
}
