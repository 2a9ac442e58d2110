import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { usePrefersReducedMotion } from "../../../components/use-prefers-reduced-motion.ts";
import { promotions } from "../../../content/index.ts";
import { nextIndex, PROMO_INTERVAL_MS, previousIndex } from "../carousel-logic.ts";

/**
 * The three promotional messages: auto-advance every 5 s unless paused (pause button,
 * pointer or keyboard focus inside), previous/next wrap, and direct selection. The section
 * shifts up and fades with the scroll (CSS scroll-driven animation in marketing.css).
 */
export function PromoBanner() {
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [engaged, setEngaged] = useState(false);
  const count = promotions.length;
  const running = !paused && !engaged && !reducedMotion;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setIndex((i) => nextIndex(i, count)), PROMO_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [running]);

  const promo = promotions[index];
  if (!promo) return null;
  const ctaClass = "mt-6 inline-block rounded-full bg-sun px-6 py-3 font-bold text-ink hover:bg-yellow-300";
  const controlClass = "rounded-full bg-white/15 p-2 hover:bg-white/25";
  return (
    <div className="promo-scroll bg-white px-5 py-12">
      <section
        aria-label="Nos offres"
        aria-roledescription="carrousel"
        className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-r from-brand-800 to-brand-700 px-6 py-10 text-white shadow-xl md:px-16"
        onMouseEnter={() => setEngaged(true)}
        onMouseLeave={() => setEngaged(false)}
        onFocus={() => setEngaged(true)}
        onBlur={() => setEngaged(false)}
      >
        <div aria-hidden="true" className="absolute -top-16 -right-10 size-56 rounded-full bg-sun/20" />
        <div className="relative min-h-[12rem]" aria-live={running ? "off" : "polite"}>
          <p className="text-sm font-bold tracking-widest text-sun uppercase">
            Offre {index + 1} sur {count}
          </p>
          <p className="mt-2 text-2xl font-extrabold text-balance md:text-3xl" data-testid="promo-title">
            {promo.title}
          </p>
          <p className="mt-3 max-w-3xl text-white/90">{promo.text}</p>
          {promo.href.startsWith("#") ? (
            <a href={promo.href} className={ctaClass}>
              {promo.cta}
            </a>
          ) : (
            <Link to={promo.href} className={ctaClass}>
              {promo.cta}
            </Link>
          )}
        </div>
        <div className="relative mt-6 flex flex-wrap items-center gap-2">
          <button
            type="button"
            onClick={() => setIndex(previousIndex(index, count))}
            aria-label="Offre précédente"
            className={controlClass}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          {promotions.map((item, i) => (
            <button
              key={item.title}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={`Afficher l'offre ${i + 1}`}
              aria-current={i === index ? "true" : undefined}
              className="flex h-8 items-center px-1"
            >
              <span
                className={`block h-2.5 rounded-full transition-all ${i === index ? "w-8 bg-sun" : "w-2.5 bg-white/60"}`}
              />
            </button>
          ))}
          <button
            type="button"
            onClick={() => setIndex(nextIndex(index, count))}
            aria-label="Offre suivante"
            className={controlClass}
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            onClick={() => setPaused(!paused)}
            aria-label={paused ? "Reprendre le défilement des offres" : "Mettre en pause le défilement des offres"}
            className={`ml-auto ${controlClass}`}
          >
            {paused ? <Play aria-hidden="true" className="size-5" /> : <Pause aria-hidden="true" className="size-5" />}
          </button>
        </div>
      </section>
    </div>
  );
}
