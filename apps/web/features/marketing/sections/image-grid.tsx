import { useLightbox } from "../../../components/use-lightbox.tsx";
import { ZoomableImage } from "../../../components/zoomable-image.tsx";
import type { ImageItem } from "../../../content/schema.ts";

/** A grid of photos; a click opens one full size in the lightbox. */
export function ImageGrid({ items }: { items: ImageItem[] }) {
  const lightbox = useLightbox();
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3">
        {items.map((item) => (
          <li key={item.id}>
            <ZoomableImage image={item.image} title={item.title} onOpen={lightbox.open} />
          </li>
        ))}
      </ul>
      {lightbox.element}
    </>
  );
}
