import type { LightboxImage } from "./lightbox.tsx";
import { Picture } from "./picture.tsx";

/** A photo thumbnail that opens full size in the lightbox (carousels and grids share it). */
export function ZoomableImage({
  image,
  title,
  onOpen,
}: {
  image: string;
  title: string;
  onOpen: (image: LightboxImage, from: HTMLElement) => void;
}) {
  return (
    <button
      type="button"
      className="block w-full cursor-zoom-in overflow-hidden rounded-2xl"
      onClick={(event) => onOpen({ src: image, alt: title }, event.currentTarget)}
      aria-label={`Agrandir l'image : ${title}`}
    >
      <Picture
        src={image}
        alt=""
        width={960}
        height={600}
        className="aspect-[8/5] w-full object-cover transition-transform duration-300 hover:scale-105"
      />
    </button>
  );
}
