import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { type PointerEvent, useCallback, useEffect, useRef, useState } from "react";
import { usePrefersReducedMotion } from "../../../components/use-prefers-reduced-motion.ts";
import { partners } from "../../../content/index.ts";
import {
  chunk,
  logosPerSlide,
  nextIndex,
  PARTNER_INTERVAL_MS,
  PARTNER_LOCK_MS,
  previousIndex,
  swipeDirection,
  visibleDots,
} from "../carousel-logic.ts";
import { SectionHeading } from "./section-heading.tsx";

const PLACEHOLDER_LOGO = "/media/logos/placeholder-logo.svg";

/** The partner's city, from its name ("Universidad de Sevilla …" → Sevilla), else España. */
function partnerCity(name: string): string {
  return /\bde ([A-ZÁÉÍÓÚ][\p{L}]+)/u.exec(name)?.[1] ?? "España";
}

function useLogosPerSlide(): number {
  const [perSlide, setPerSlide] = useState(5);
  useEffect(() => {
    const update = () => setPerSlide(logosPerSlide(window.innerWidth));
    update();
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, []);
  return perSlide;
}

/**
 * Partner logos, several per slide (2/3/4/5 by width). Auto-advances every 4 s unless the
 * pointer is over it or auto-play is off; 300 ms lock per move; wraps both ways; arrow
 * keys, space (auto-play on/off), swipes of 50 px or more, and at most 5 dots.
 */
export function PartnerCarousel() {
  const perSlide = useLogosPerSlide();
  const slides = chunk(partners, perSlide);
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  // Off by default under reduced motion (and the toggle says so); the visitor may still turn it on.
  const [autoPlayChoice, setAutoPlay] = useState<boolean | null>(null);
  const autoPlay = autoPlayChoice ?? !reducedMotion;
  const [hovering, setHovering] = useState(false);
  const [failed, setFailed] = useState<ReadonlySet<number>>(new Set());
  const locked = useRef(false);
  const swipeStart = useRef<number | null>(null);
  const count = slides.length;

  // A new slide size can leave the index past the end.
  useEffect(() => {
    if (index >= count) setIndex(0);
  }, [index, count]);

  const move = useCallback((to: (current: number) => number) => {
    if (locked.current) return;
    locked.current = true;
    setIndex(to);
    window.setTimeout(() => {
      locked.current = false;
    }, PARTNER_LOCK_MS);
  }, []);
  const next = useCallback(() => move((i) => nextIndex(i, count)), [move, count]);
  const previous = useCallback(() => move((i) => previousIndex(i, count)), [move, count]);

  // Reduced motion: no automatic movement unless asked for; the controls still work.
  const playing = autoPlay && !hovering;
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(next, PARTNER_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [playing, next]);

  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null) return;
    const direction = swipeDirection(event.clientX - swipeStart.current);
    swipeStart.current = null;
    if (direction === 1) next();
    if (direction === -1) previous();
  };

  const controlClass = "rounded-full border border-gray-300 bg-white p-2 shadow-sm hover:bg-gray-50";
  return (
    <section aria-labelledby="partners-title" className="bg-white py-16">
      <div className="mx-auto max-w-6xl px-5">
        <SectionHeading
          id="partners-title"
          eyebrow="Plus de 300 partenariats"
          title="Nos partenaires en Espagne"
          intro="Universités publiques espagnoles, institut de la langue espagnole et université à distance : un réseau qui ouvre les portes à nos étudiants."
        />
        <section
          aria-roledescription="carrousel"
          aria-label="Logos des partenaires (flèches pour naviguer, espace pour lancer ou arrêter le défilement)"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the carousel takes focus for its arrow and space keys
          tabIndex={0}
          data-testid="partner-carousel"
          className="rounded-2xl"
          onMouseEnter={() => setHovering(true)}
          onMouseLeave={() => setHovering(false)}
          onKeyDown={(event) => {
            if (event.target !== event.currentTarget) return;
            if (event.key === "ArrowLeft") previous();
            else if (event.key === "ArrowRight") next();
            else if (event.key === " ") setAutoPlay(!autoPlay);
            else return;
            event.preventDefault();
          }}
          onPointerDown={(event) => {
            swipeStart.current = event.clientX;
          }}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            swipeStart.current = null;
          }}
        >
          <p className="sr-only" aria-live="polite" data-testid="partner-status">
            Diapositive {index + 1} sur {count}
          </p>
          <div className="touch-pan-y overflow-hidden">
            <div
              className="flex transition-transform duration-300 ease-out motion-reduce:transition-none"
              style={{ transform: `translateX(-${index * 100}%)` }}
            >
              {slides.map((slide, slideIndex) => (
                <ul
                  key={slide.map((p) => p.id).join("-")}
                  aria-hidden={slideIndex !== index}
                  className="flex w-full shrink-0 items-stretch justify-center gap-3 px-1"
                >
                  {slide.map((partner) => (
                    <li
                      key={partner.id}
                      className="flex min-w-0 flex-1 flex-col items-center rounded-xl border border-gray-100 bg-gray-50 p-3"
                      style={{ maxWidth: `${100 / perSlide}%` }}
                    >
                      <img
                        src={failed.has(partner.id) ? PLACEHOLDER_LOGO : partner.logo}
                        alt={partner.name}
                        width={320}
                        height={120}
                        loading="lazy"
                        draggable={false}
                        className="h-16 w-full object-contain md:h-20"
                        onError={() => setFailed((set) => new Set(set).add(partner.id))}
                      />
                      <span className="mt-1 text-xs font-medium text-gray-700">{partnerCity(partner.name)}</span>
                    </li>
                  ))}
                </ul>
              ))}
            </div>
          </div>
        </section>
        <div className="mt-6 flex items-center justify-center gap-2">
          <button type="button" onClick={previous} aria-label="Partenaires précédents" className={controlClass}>
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          {visibleDots(index, count).map((dot) => (
            <button
              key={dot}
              type="button"
              onClick={() => move(() => dot)}
              aria-label={`Aller à la diapositive ${dot + 1}`}
              aria-current={dot === index ? "true" : undefined}
              className="flex h-8 items-center px-1"
            >
              <span
                className={`block h-2.5 rounded-full transition-all ${dot === index ? "w-8 bg-brand-600" : "w-2.5 bg-gray-400"}`}
              />
            </button>
          ))}
          <button type="button" onClick={next} aria-label="Partenaires suivants" className={controlClass}>
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            onClick={() => setAutoPlay(!autoPlay)}
            aria-pressed={autoPlay}
            aria-label="Défilement automatique"
            className={controlClass}
          >
            {autoPlay ? (
              <Pause aria-hidden="true" className="size-5" />
            ) : (
              <Play aria-hidden="true" className="size-5" />
            )}
          </button>
        </div>
      </div>
    </section>
  );
}
