import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useCarousel } from "./use-carousel.ts";
import { useLightbox } from "./use-lightbox.tsx";
import { ZoomableImage } from "./zoomable-image.tsx";

export type CarouselImage = { id: number; title: string; image: string };

type ImageCarouselProps = { images: CarouselImage[]; label: string };

/**
 * Swipeable image carousel: previous/next wrap around, dots jump to a slide, a click on an
 * image opens it full size in a lightbox. Arrow keys move it when focus is inside.
 */
export function ImageCarousel({ images, label }: ImageCarouselProps) {
  const { viewportRef, carousel, move } = useCarousel({ loop: true, align: "start" });
  const [selected, setSelected] = useState(0);
  const [snapCount, setSnapCount] = useState(images.length);
  const lightbox = useLightbox();

  useEffect(() => {
    if (!carousel) return;
    const sync = () => {
      setSelected(carousel.selectedScrollSnap());
      setSnapCount(carousel.scrollSnapList().length);
    };
    sync();
    carousel.on("select", sync).on("reInit", sync);
    return () => {
      carousel.off("select", sync).off("reInit", sync);
    };
  }, [carousel]);

  const prev = useCallback(() => move((c) => c.scrollPrev()), [move]);
  const next = useCallback(() => move((c) => c.scrollNext()), [move]);
  const controlClass = "rounded-full border border-gray-300 bg-white p-2 shadow-sm hover:bg-gray-50";

  return (
    <section
      aria-roledescription="carrousel"
      aria-label={label}
      onKeyDown={(event) => {
        if (event.key === "ArrowLeft") prev();
        if (event.key === "ArrowRight") next();
      }}
    >
      <div ref={viewportRef} className="overflow-hidden">
        <ul className="flex touch-pan-y">
          {images.map((item) => (
            <li key={item.id} className="min-w-0 shrink-0 grow-0 basis-full px-2 sm:basis-1/2 lg:basis-1/3">
              <ZoomableImage image={item.image} title={item.title} onOpen={lightbox.open} />
              <p className="mt-2 text-center text-sm text-gray-700">{item.title}</p>
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-4 flex items-center justify-center gap-2">
        <button type="button" onClick={prev} aria-label="Image précédente" className={controlClass}>
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
        {Array.from({ length: snapCount }, (_, index) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: one dot per scroll position
            key={index}
            type="button"
            onClick={() => move((c) => c.scrollTo(index))}
            aria-label={`Aller à la position ${index + 1}`}
            aria-current={index === selected ? "true" : undefined}
            className="flex h-8 items-center px-1"
          >
            <span className={`block size-2.5 rounded-full ${index === selected ? "bg-brand-600" : "bg-gray-400"}`} />
          </button>
        ))}
        <button type="button" onClick={next} aria-label="Image suivante" className={controlClass}>
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
      </div>
      {lightbox.element}
    </section>
  );
}
