import { Picture } from "../../../components/Picture.tsx";
import { useLightbox } from "../../../components/useLightbox.tsx";
import type { ImageItem } from "../../../content/schema.ts";

/** A grid of photos; a click opens one full size in the lightbox. */
export function ImageGrid({ items }: { items: ImageItem[] }) {
  const lightbox = useLightbox();
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3">
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className="block w-full cursor-zoom-in overflow-hidden rounded-2xl"
              onClick={(event) => lightbox.open({ src: item.image, alt: item.title }, event.currentTarget)}
              aria-label={`Agrandir l'image : ${item.title}`}
            >
              <Picture
                src={item.image}
                alt=""
                width={960}
                height={600}
                className="aspect-[8/5] w-full object-cover transition-transform duration-300 hover:scale-105"
              />
            </button>
          </li>
        ))}
      </ul>
      {lightbox.element}
    </>
  );
}
