import useEmblaCarousel, { type UseEmblaCarouselType } from "embla-carousel-react";
import { useCallback, useEffect, useRef } from "react";

type Carousel = NonNullable<UseEmblaCarouselType[1]>;
type CarouselMove = (carousel: Carousel) => void;

/**
 * An Embla carousel whose moves are never lost. Embla starts two renders after hydration
 * (its viewport is state, set by a ref, that its starting effect waits for), and a tap on an
 * arrow made before the island hydrated is clicked again before then
 * (lib/before-hydration.ts). `move` keeps such a move and makes it once the carousel has
 * started.
 */
export function useCarousel(options: Parameters<typeof useEmblaCarousel>[0]) {
  const [viewportRef, carousel] = useEmblaCarousel(options);
  const waiting = useRef<CarouselMove[]>([]);
  useEffect(() => {
    if (!carousel) return;
    for (const waitingMove of waiting.current.splice(0)) waitingMove(carousel);
  }, [carousel]);
  const move = useCallback(
    (what: CarouselMove) => (carousel ? what(carousel) : waiting.current.push(what)),
    [carousel],
  );
  return { viewportRef, carousel, move };
}
